import { md5 } from '@noble/hashes/legacy.js';
import { expect } from '@open-wc/testing';
import { md5Base64, sha256Hex, uploadDigests } from '../../../engine/wasm-digests.js';
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

async function referenceChecksums(file: Blob): Promise<Record<'CRC32' | 'CRC32C' | 'SHA256', string>> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sha256 = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return { CRC32: referenceCrc(bytes, 0xedb88320), CRC32C: referenceCrc(bytes, 0x82f63b78), SHA256: btoa(String.fromCharCode(...sha256)) };
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
