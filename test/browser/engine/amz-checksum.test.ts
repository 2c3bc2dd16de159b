import { expect } from '@open-wc/testing';
import { UploadEngine } from '../../../engine/index.js';
import { randomFile, readBack, sha256Of } from './helpers.js';

// A real single PUT in Chromium with checksumVerification and checksumAlgorithm, through a proxy
// that records each request's headers on its way to storage (a real RGW), behind a handler whose
// bucket is configured with the same checksumAlgorithm. RGW does not check x-amz-checksum-*
// (AWS S3 does), so this proves what the engine sends: the header, with the digest of the file's
// bytes (computed here independently), next to Content-MD5; and that storage keeps the file.

type Algorithm = 'CRC32' | 'CRC32C' | 'SHA256';

interface ScenarioState {
  proxy: string[];
  proxyHeaders: Array<Record<string, string>>;
  objects: Array<{ key: string; size: number }>;
}

/** Bit-by-bit reflected CRC: slow and obviously right, unlike the engine's table or WebAssembly. */
function crc(bytes: Uint8Array, polynomial: number): number {
  let value = 0xffffffff;
  for (const byte of bytes) {
    value ^= byte;
    for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? (value >>> 1) ^ polynomial : value >>> 1;
  }
  return (value ^ 0xffffffff) >>> 0;
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

async function expectedDigest(algorithm: Algorithm, file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (algorithm === 'SHA256') return toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
  const value = crc(bytes, algorithm === 'CRC32' ? 0xedb88320 : 0x82f63b78);
  return toBase64(Uint8Array.of(value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff));
}

describe('checksumAlgorithm (x-amz-checksum-*)', () => {
  it('the test CRCs match the published check values for "123456789"', () => {
    const check = new TextEncoder().encode('123456789');
    expect(crc(check, 0xedb88320)).to.equal(0xcbf43926);
    expect(crc(check, 0x82f63b78)).to.equal(0xe3069283);
  });

  for (const algorithm of ['CRC32', 'CRC32C', 'SHA256'] as const) {
    it(`${algorithm}: the single PUT carries x-amz-checksum-${algorithm.toLowerCase()} with the file's digest, and the bucket holds exactly the file`, async () => {
      const { id } = (await (
        await fetch('/test-fixtures/fault-proxy', { method: 'POST', body: JSON.stringify({ storage: [], handler: { checksumAlgorithm: algorithm } }) })
      ).json()) as { id: string };
      const file = randomFile(`amz-${algorithm.toLowerCase()}.bin`, 512 * 1024 + 3);
      try {
        const engine = new UploadEngine({
          serverUrl: `/test-fixtures/proxied/${id}`,
          checksumVerification: true,
          checksumAlgorithm: algorithm,
          maxRetries: 0,
          requestTimeoutMs: 10_000,
        });
        await engine.addFiles([file]);
        await engine.start();
        const record = engine.files[0]!;
        expect(record.state, `${record.error?.code} ${record.error?.message}`).to.equal('successful');
        const state = (await (await fetch(`/test-fixtures/fault-proxy/${id}?name=${encodeURIComponent(file.name)}`)).json()) as ScenarioState;
        const puts = state.proxy.flatMap((entry, index) => (entry === 'browser put' ? [state.proxyHeaders[index]!] : []));
        expect(puts, `proxy saw: ${state.proxy.join(', ')}`).to.have.length(1);
        expect(puts[0]![`x-amz-checksum-${algorithm.toLowerCase()}`]).to.equal(await expectedDigest(algorithm, file));
        expect(puts[0]!['content-md5']).to.be.a('string');
        expect(state.objects.map((object) => object.size)).to.deep.equal([file.size]);
        expect(await sha256Of(await readBack(record.result!.downloadUrl!))).to.equal(await sha256Of(file));
      } finally {
        await fetch(`/test-fixtures/fault-proxy/${id}`, { method: 'DELETE' });
      }
    });
  }
});
