import { md5 } from '@noble/hashes/legacy.js';
import { expect } from '@open-wc/testing';
import { md5Base64, sha256Hex, uploadDigests } from '../../../engine/processing/wasm-digests.js';
import { randomFile, sha256Of } from './helpers.js';

const MIB = 1024 * 1024;
const bytesOf = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;
/** Base64 MD5 by @noble/hashes, the implementation the engine does not use by default. */
const referenceMd5 = async (blob: Blob): Promise<string> => btoa(String.fromCharCode(...md5(new Uint8Array(await blob.arrayBuffer()))));

describe('Content-MD5 of what the engine sends', () => {
  it('matches RFC 1321 vectors, in memory and from a blob', async () => {
    expect(await md5Base64(bytesOf(''))).to.equal('1B2M2Y8AsgTpgAmY7PhCfg==');
    expect(await md5Base64(bytesOf('abc'))).to.equal('kAFQmDzST7DWlj99KOF/cg==');
    expect(await md5Base64(new Blob(['message digest']))).to.equal('+WtpfXy3k41SWi8xqvFh0A==');
  });

  it('hashes a blob across its 8 MiB read slices as one digest', async () => {
    const file = randomFile('slices.bin', 8 * MIB + 3);
    expect(await md5Base64(file)).to.equal(await referenceMd5(file));
    expect(await md5Base64(await file.arrayBuffer())).to.equal(await referenceMd5(file));
  });

  it('still hashes when the page may not compile WebAssembly (a Content-Security-Policy without wasm-unsafe-eval)', async () => {
    const { compile, instantiate } = WebAssembly;
    const refuse = (): Promise<never> => Promise.reject(new WebAssembly.CompileError("Refused to compile: 'wasm-unsafe-eval' is not allowed"));
    Object.assign(WebAssembly, { compile: refuse, instantiate: refuse });
    try {
      const file = randomFile('csp.bin', 3 * MIB);
      expect(await md5Base64(file)).to.equal(await referenceMd5(file));
      expect(await md5Base64(bytesOf('abc'))).to.equal('kAFQmDzST7DWlj99KOF/cg==');
    } finally {
      Object.assign(WebAssembly, { compile, instantiate });
    }
  });
});

describe('SHA-256 of files too large for one WebCrypto digest', () => {
  it('streams across its 8 MiB read slices with the same result as WebCrypto', async () => {
    const file = randomFile('large.bin', 16 * MIB + 5);
    expect(await sha256Hex(file)).to.equal(await sha256Of(file));
  });

  it('falls back to the JS SHA-256 when the page may not compile WebAssembly', async () => {
    const { compile, instantiate } = WebAssembly;
    const refuse = (): Promise<never> => Promise.reject(new WebAssembly.CompileError("Refused to compile: 'wasm-unsafe-eval' is not allowed"));
    Object.assign(WebAssembly, { compile: refuse, instantiate: refuse });
    try {
      const file = randomFile('csp-large.bin', 8 * MIB + 5);
      expect(await sha256Hex(file)).to.equal(await sha256Of(file));
    } finally {
      Object.assign(WebAssembly, { compile, instantiate });
    }
  });
});

/** Bit-by-bit reflected CRC as 4 big-endian bytes in base64: slow and obviously right. */
function referenceCrc(bytes: Uint8Array, polynomial: number): string {
  let value = 0xffffffff;
  for (const byte of bytes) {
    value ^= byte;
    for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? (value >>> 1) ^ polynomial : value >>> 1;
  }
  value = (value ^ 0xffffffff) >>> 0;
  return btoa(String.fromCharCode(value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff));
}

type ChecksumAlgorithm = 'CRC32' | 'CRC32C' | 'SHA256';

/** The reference digests of `file`; only those asked for, since the bit-by-bit CRCs are slow. */
async function referenceChecksums(
  file: Blob,
  algorithms: readonly ChecksumAlgorithm[] = ['CRC32', 'CRC32C', 'SHA256'],
): Promise<Partial<Record<ChecksumAlgorithm, string>>> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const digest = async (algorithm: ChecksumAlgorithm): Promise<string> => {
    if (algorithm === 'CRC32') return referenceCrc(bytes, 0xedb88320);
    if (algorithm === 'CRC32C') return referenceCrc(bytes, 0x82f63b78);
    return btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))));
  };
  return Object.fromEntries(await Promise.all(algorithms.map(async (algorithm) => [algorithm, await digest(algorithm)])));
}

describe('x-amz-checksum digests, read with the MD5 in one pass', () => {
  it('gives the MD5 and the CRC32, CRC32C or SHA-256 of a blob across its 8 MiB read slices', async () => {
    const file = randomFile('amz.bin', 8 * MIB + 3);
    const expected = await referenceChecksums(file);
    for (const algorithm of ['CRC32', 'CRC32C', 'SHA256'] as const) {
      expect(await uploadDigests(file, algorithm)).to.deep.equal({ contentMd5: await referenceMd5(file), checksum: { algorithm, value: expected[algorithm] } });
    }
    expect(await uploadDigests(file, undefined)).to.deep.equal({ contentMd5: await referenceMd5(file) });
  });

  it('gives the same digests when the page may not compile WebAssembly', async () => {
    const file = randomFile('amz-csp.bin', 1 * MIB + 7);
    const expected = await referenceChecksums(file);
    const { compile, instantiate } = WebAssembly;
    const refuse = (): Promise<never> => Promise.reject(new WebAssembly.CompileError("Refused to compile: 'wasm-unsafe-eval' is not allowed"));
    Object.assign(WebAssembly, { compile: refuse, instantiate: refuse });
    try {
      for (const algorithm of ['CRC32', 'CRC32C', 'SHA256'] as const) {
        expect((await uploadDigests(file, algorithm)).checksum).to.deep.equal({ algorithm, value: expected[algorithm] });
      }
    } finally {
      Object.assign(WebAssembly, { compile, instantiate });
    }
  });
});

/**
 * A file whose slice reads report when they are asked for (`read k`) and when their bytes are
 * handed over (`got k`). A slice's bytes are handed over only once the read of the next slice
 * has been asked for (the last slice's at once), so a digest that reads ahead goes through and
 * one that asks for a slice only after hashing the one before waits forever; after a generous
 * wait the file gives up gating (`gave up`), so such a digest finishes and its log shows it.
 */
class ObservedReads extends Blob {
  readonly log: string[] = [];
  #gating = true;

  override slice(start = 0, end = this.size): Blob {
    const bytes = super.slice(start, end);
    const index = Math.round(start / (8 * MIB));
    const last = end >= this.size;
    const observed = this;
    return {
      size: bytes.size,
      async arrayBuffer(): Promise<ArrayBuffer> {
        observed.log.push(`read ${index}`);
        await observed.#nextAskedFor(index, last);
        observed.log.push(`got ${index}`);
        return bytes.arrayBuffer();
      },
    } as Blob;
  }

  async #nextAskedFor(index: number, last: boolean): Promise<void> {
    const waitUntil = Date.now() + DEADLOCK_BREAK_MS;
    while (this.#gating && !last && !this.log.includes(`read ${index + 1}`)) {
      if (Date.now() > waitUntil) {
        this.#gating = false;
        this.log.push('gave up');
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Only breaks the wait of a digest that never asks for the next slice; a reading-ahead one never comes near it. */
const DEADLOCK_BREAK_MS = 5_000;

/**
 * Checks the log: each slice's successor asked for before its bytes arrive (so it is read while
 * they are hashed), and slice k+2 asked for only once slice k has arrived (at most two slices
 * asked for and not yet handed over: memory does not follow the file size).
 */
function expectReadAhead(log: string[], slices: number): void {
  const at = (entry: string): number => log.indexOf(entry);
  for (let index = 0; index + 1 < slices; index += 1) {
    expect(at(`read ${index + 1}`), `${log.join(', ')}: slice ${index + 1} asked for before slice ${index} arrives`).to.be.lessThan(at(`got ${index}`));
  }
  for (let index = 0; index + 2 < slices; index += 1) {
    expect(at(`read ${index + 2}`), `${log.join(', ')}: slice ${index + 2} asked for after slice ${index} arrived`).to.be.greaterThan(at(`got ${index}`));
  }
  expect(log.filter((item) => item.startsWith('read'))).to.have.length(slices);
  expect(log).not.to.include('gave up');
}

describe('reading ahead while hashing', () => {
  // Three slices are the fewest that show both orders (slice 1 asked for before slice 0 arrives,
  // slice 2 only after it).
  const size = 2 * 8 * MIB + 5;

  it('the MD5 of a blob asks for slice k+1 before slice k arrives and for slice k+2 only after it, and gives the same digest', async () => {
    const file = new ObservedReads([randomFile('ahead-md5.bin', size)]);
    expect(await md5Base64(file)).to.equal(await referenceMd5(new Blob([file])));
    expectReadAhead(file.log, 3);
  });

  it('the MD5 with an x-amz-checksum digest reads ahead the same way', async () => {
    const file = new ObservedReads([randomFile('ahead-amz.bin', size)]);
    const expected = await referenceChecksums(new Blob([file]), ['CRC32C']);
    expect(await uploadDigests(file, 'CRC32C')).to.deep.equal({
      contentMd5: await referenceMd5(new Blob([file])),
      checksum: { algorithm: 'CRC32C', value: expected.CRC32C },
    });
    expectReadAhead(file.log, 3);
  });

  it('the whole-file SHA-256 reads ahead the same way', async () => {
    const file = new ObservedReads([randomFile('ahead-sha.bin', size)]);
    expect(await sha256Hex(file)).to.equal(await sha256Of(new Blob([file])));
    expectReadAhead(file.log, 3);
  });
});
