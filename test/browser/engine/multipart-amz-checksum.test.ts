import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { nextEvent, randomFile, readBack, sha256Of } from './helpers.js';

// Real multipart uploads in Chromium with checksumVerification and checksumAlgorithm, through a
// proxy in front of a real RGW that records each request's headers, digests every PUT body it
// passes (in Node, independently of the engine) and keeps the body of CompleteMultipartUpload,
// behind a handler whose bucket has the same checksumAlgorithm. RGW does not check
// x-amz-checksum-* (AWS S3 does), so this proves what the engine sends: each part's header equal
// to the digest of the bytes that part carried, and every digest named again at complete, also for
// parts sent before a reload.

type Algorithm = 'CRC32' | 'CRC32C' | 'SHA256';
type Digests = Record<Algorithm, string>;

interface ScenarioState {
  proxy: string[];
  proxyHeaders: Array<Record<string, string>>;
  proxyBodies: Array<string | null>;
  proxyDigests: Array<Digests | null>;
  objects: Array<{ key: string; size: number }>;
  openUploads: Array<{ key: string }>;
}

const MIB = 1024 * 1024;

function multipartOptions(serverUrl: string, algorithm: Algorithm, extra: Partial<EngineOptions['resumable']> = {}): EngineOptions {
  return {
    serverUrl,
    checksumVerification: true,
    checksumAlgorithm: algorithm,
    maxRetries: 0,
    requestTimeoutMs: 20_000,
    resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, retryDelays: [0, 50], ...extra },
  } as EngineOptions;
}

/** Bit-by-bit reflected CRC32C: slow and obviously right, unlike the engine's table or WebAssembly. */
async function crc32cBase64(blob: Blob): Promise<string> {
  let value = 0xffffffff;
  for (const byte of new Uint8Array(await blob.arrayBuffer())) {
    value ^= byte;
    for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? (value >>> 1) ^ 0x82f63b78 : value >>> 1;
  }
  value = (value ^ 0xffffffff) >>> 0;
  return btoa(String.fromCharCode(value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff));
}

async function openScenario(algorithm: Algorithm, storage: unknown[] = []): Promise<string> {
  const body = JSON.stringify({ storage, handler: { checksumAlgorithm: algorithm }, digestBodies: true });
  return ((await (await fetch('/test-fixtures/fault-proxy', { method: 'POST', body })).json()) as { id: string }).id;
}

async function scenarioState(id: string, name: string): Promise<ScenarioState> {
  return (await (await fetch(`/test-fixtures/fault-proxy/${id}?name=${encodeURIComponent(name)}`)).json()) as ScenarioState;
}

/** Each part the browser sent to storage: its number, the checksum header it carried, and the digests of its bytes. */
function browserParts(state: ScenarioState, algorithm: Algorithm): Array<{ partNumber: number; header: string | undefined; sent: string }> {
  const header = `x-amz-checksum-${algorithm.toLowerCase()}`;
  return state.proxy.flatMap((entry, index) => {
    const match = /^browser part (\d+)$/.exec(entry);
    return match ? [{ partNumber: Number(match[1]), header: state.proxyHeaders[index]![header], sent: state.proxyDigests[index]![algorithm] }] : [];
  });
}

/** The `<Checksum…>` CompleteMultipartUpload named for each part, by part number. */
function completedChecksums(state: ScenarioState, algorithm: Algorithm): Map<number, string> {
  const body = state.proxyBodies[state.proxy.indexOf('handler complete')] ?? '';
  const named = new Map<number, string>();
  for (const part of body.split('<Part>').slice(1)) {
    const value = new RegExp(`<Checksum${algorithm}>([A-Za-z0-9+/=]{1,64})</Checksum${algorithm}>`).exec(part)?.[1];
    const partNumber = /<PartNumber>(\d{1,5})<\/PartNumber>/.exec(part)?.[1];
    if (value && partNumber) named.set(Number(partNumber), value);
  }
  return named;
}

describe('checksumAlgorithm on multipart uploads (x-amz-checksum-* per part)', () => {
  for (const algorithm of ['CRC32C', 'SHA256'] as const) {
    it(`${algorithm}: every part PUT carries the digest of its own bytes, complete names them all, and the bucket holds exactly the file`, async () => {
      const id = await openScenario(algorithm);
      const file = randomFile(`amz-multipart-${algorithm.toLowerCase()}.bin`, 10 * MIB + 3);
      try {
        const engine = new UploadEngine(multipartOptions(`/test-fixtures/proxied/${id}`, algorithm, { maxConcurrentParts: 2 }));
        await engine.addFiles([file]);
        await engine.start();
        const record = engine.files[0]!;
        expect(record.state, `${record.error?.code} ${record.error?.message}`).to.equal('successful');
        expect(record.result!.strategy).to.equal('multipart');

        const state = await scenarioState(id, file.name);
        const sent = browserParts(state, algorithm).sort((a, b) => a.partNumber - b.partNumber);
        expect(
          sent.map((part) => part.partNumber),
          state.proxy.join(', '),
        ).to.deep.equal([1, 2, 3]);
        for (const part of sent) expect(part.header, `part ${part.partNumber}`).to.equal(part.sent);
        const named = completedChecksums(state, algorithm);
        expect([...named.keys()].sort()).to.deep.equal([1, 2, 3]);
        for (const part of sent) expect(named.get(part.partNumber), `complete, part ${part.partNumber}`).to.equal(part.sent);

        expect(state.objects.map((object) => object.size)).to.deep.equal([file.size]);
        expect(state.openUploads).to.deep.equal([]);
        expect(await sha256Of(await readBack(record.result!.downloadUrl!))).to.equal(await sha256Of(file));
      } finally {
        await fetch(`/test-fixtures/fault-proxy/${id}`, { method: 'DELETE' });
      }
    });
  }

  it('CRC32C after a reload: the digests of parts sent before it are kept with the session and named at complete', async () => {
    const algorithm = 'CRC32C';
    const id = await openScenario(algorithm);
    const file = randomFile('amz-multipart-resumed.bin', 15 * MIB + 7);
    try {
      const first = new UploadEngine(multipartOptions(`/test-fixtures/proxied/${id}`, algorithm, { maxConcurrentParts: 1, persist: true }));
      await first.addFiles([file]);
      void first.start();
      await nextEvent(first, 'part-upload', ({ partNumber }) => partNumber === 2);
      // The page goes away: transfers stop, the remembered session (with its digests) stays.
      first.destroy();

      const second = new UploadEngine(multipartOptions(`/test-fixtures/proxied/${id}`, algorithm, { maxConcurrentParts: 1, persist: true }));
      await second.addFiles([file]);
      await second.start();
      const record = second.files[0]!;
      expect(record.state, `${record.error?.code} ${record.error?.message}`).to.equal('successful');

      const state = await scenarioState(id, file.name);
      expect(state.proxy.filter((entry) => entry === 'handler list-parts').length, state.proxy.join(', ')).to.be.greaterThan(0);
      // Parts 1 and 2 are not sent again: their digests came from the session kept before the reload
      // (RGW lists none), without them the engine would have to send the parts again.
      expect(
        state.proxy.filter((entry) => entry === 'browser part 1' || entry === 'browser part 2'),
        state.proxy.join(', '),
      ).to.deep.equal(['browser part 1', 'browser part 2']);
      // The last PUT of each part is the one storage kept.
      const lastSent = new Map(browserParts(state, algorithm).map((part) => [part.partNumber, part]));
      expect([...lastSent.keys()].sort()).to.deep.equal([1, 2, 3, 4]);
      const named = completedChecksums(state, algorithm);
      for (const [partNumber, part] of lastSent) {
        expect(part.header, `part ${partNumber}`).to.equal(part.sent);
        expect(named.get(partNumber), `complete, part ${partNumber}`).to.equal(part.sent);
      }
      expect(state.openUploads).to.deep.equal([]);
      expect(await sha256Of(await readBack(record.result!.downloadUrl!))).to.equal(await sha256Of(file));
    } finally {
      await fetch(`/test-fixtures/fault-proxy/${id}`, { method: 'DELETE' });
    }
  });

  it('CRC32C after a reload, with storage that lists part digests (as AWS S3 does): a part listed with another digest than the one kept is sent again', async () => {
    const algorithm = 'CRC32C';
    const file = randomFile('amz-multipart-listed.bin', 15 * MIB + 7);
    // The resume's ListParts names part 1 with its true digest and part 2 with one of other bytes.
    const listed = { 1: { algorithm, value: await crc32cBase64(file.slice(0, 5 * MIB)) }, 2: { algorithm, value: 'AAAAAA==' } };
    const id = await openScenario(algorithm, [{ match: 'list-parts', fault: 'list-checksums', checksums: listed }]);
    try {
      const first = new UploadEngine(multipartOptions(`/test-fixtures/proxied/${id}`, algorithm, { maxConcurrentParts: 1, persist: true }));
      await first.addFiles([file]);
      void first.start();
      await nextEvent(first, 'part-upload', ({ partNumber }) => partNumber === 2);
      first.destroy();

      const second = new UploadEngine(multipartOptions(`/test-fixtures/proxied/${id}`, algorithm, { maxConcurrentParts: 1, persist: true }));
      await second.addFiles([file]);
      await second.start();
      const record = second.files[0]!;
      expect(record.state, `${record.error?.code} ${record.error?.message}`).to.equal('successful');

      const state = await scenarioState(id, file.name);
      expect(
        state.proxy.filter((entry) => entry === 'browser part 1' || entry === 'browser part 2'),
        state.proxy.join(', '),
      ).to.deep.equal(['browser part 1', 'browser part 2', 'browser part 2']);
      const lastSent = new Map(browserParts(state, algorithm).map((part) => [part.partNumber, part]));
      const named = completedChecksums(state, algorithm);
      expect(named.get(1)).to.equal(listed[1].value);
      for (const [partNumber, part] of lastSent) expect(named.get(partNumber), `complete, part ${partNumber}`).to.equal(part.sent);
      expect(await sha256Of(await readBack(record.result!.downloadUrl!))).to.equal(await sha256Of(file));
    } finally {
      await fetch(`/test-fixtures/fault-proxy/${id}`, { method: 'DELETE' });
    }
  });
});
