import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { randomFile, readBack, recordEvents, sha256Of } from './helpers.js';

// A real upload in Chromium through a proxy that changes one bit of one request body on its way
// to storage (a real RGW): a single PUT, and part 2 of a multipart upload. With
// checksumVerification the upload URL is signed with the body's Content-MD5, so storage refuses
// the changed body (400 BadDigest), the engine sends the bytes again, and the bucket holds exactly
// the file. Without it, storage has no way to tell and keeps the changed bytes.

const MIB = 1024 * 1024;

interface ScenarioState {
  proxy: string[];
  unfired: string[];
  objects: Array<{ key: string; size: number }>;
  openUploads: Array<{ key: string; uploadId: string }>;
}

const FLIP_RULES = [
  { match: 'put', side: 'browser', fault: 'flip-byte' },
  { match: 'part', side: 'browser', partNumber: 2, fault: 'flip-byte' },
];

function options(serverUrl: string, checksumVerification: boolean): EngineOptions {
  return {
    serverUrl,
    checksumVerification,
    maxRetries: 2,
    retryBaseDelayMs: 0,
    requestTimeoutMs: 10_000,
    resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, retryDelays: [0, 100] },
  };
}

async function scenarioState(id: string, name: string): Promise<ScenarioState> {
  return (await (await fetch(`/test-fixtures/fault-proxy/${id}?name=${encodeURIComponent(name)}`)).json()) as ScenarioState;
}

/** Uploads a one-PUT file and a three-part file through the flipping proxy. */
async function uploadThroughFlips(label: string, checksumVerification: boolean) {
  const { id } = (await (await fetch('/test-fixtures/fault-proxy', { method: 'POST', body: JSON.stringify({ storage: FLIP_RULES }) })).json()) as {
    id: string;
  };
  const files = [randomFile(`${label}-single.bin`, 1 * MIB), randomFile(`${label}-multipart.bin`, 12 * MIB)];
  try {
    const engine = new UploadEngine(options(`/test-fixtures/proxied/${id}`, checksumVerification));
    const retries = recordEvents(engine, ['file-retry', 'part-retry']);
    await engine.addFiles(files);
    await engine.start();
    const stored = [];
    for (const [index, file] of files.entries()) {
      const record = engine.files[index]!;
      expect(record.state, `${file.name}: ${record.error?.code} ${record.error?.message}`).to.equal('successful');
      const state = await scenarioState(id, file.name);
      expect(
        state.objects.map((object) => object.size),
        `${file.name} stored once`,
      ).to.deep.equal([file.size]);
      expect(state.openUploads, `${file.name}: open multipart uploads`).to.deep.equal([]);
      stored.push({ original: await sha256Of(file), stored: await sha256Of(await readBack(record.result!.downloadUrl)) });
    }
    const state = await scenarioState(id, '-');
    expect(state.unfired, `flips that never happened (proxy saw: ${state.proxy.join(', ')})`).to.deep.equal([]);
    return { stored, retries, proxy: state.proxy };
  } finally {
    await fetch(`/test-fixtures/fault-proxy/${id}`, { method: 'DELETE' });
  }
}

describe('checksumVerification', () => {
  afterEach(() => localStorage.clear());

  it('storage refuses a changed body with 400 BadDigest, the engine sends the bytes again, and the bucket holds exactly the file', async () => {
    const { stored, retries, proxy } = await uploadThroughFlips('verified', true);
    expect(proxy).to.include('browser put flip-byte 400');
    expect(proxy).to.include('browser part 2 flip-byte 400');
    for (const { original, stored: inBucket } of stored) expect(inBucket).to.equal(original);
    const fileRetry = retries.find((event) => event.name === 'file-retry')!.detail as { error: { status?: number; serverCode?: string } };
    expect(fileRetry.error).to.include({ status: 400, serverCode: 'BadDigest' });
    const partRetry = retries.find((event) => event.name === 'part-retry')!.detail as { partNumber: number; error: { status?: number; serverCode?: string } };
    expect(partRetry.partNumber).to.equal(2);
    expect(partRetry.error).to.include({ status: 400, serverCode: 'BadDigest' });
  });

  it('without it, storage accepts the changed body: the stored bytes differ from the file', async () => {
    const { stored, retries, proxy } = await uploadThroughFlips('unverified', false);
    expect(proxy).to.include('browser put flip-byte 200');
    expect(proxy).to.include('browser part 2 flip-byte 200');
    for (const { original, stored: inBucket } of stored) expect(inBucket).to.not.equal(original);
    expect(retries).to.deep.equal([]);
  });
});
