import { expect } from '@open-wc/testing';
import { UploadEngine } from '../../../engine/index.js';
import { randomFile, readBack, sha256Of } from './helpers.js';

const MIB = 1024 * 1024;
/** Far past the 2^31 ms (24.8 days) a browser timer keeps. */
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

describe('UploadEngine timeouts longer than a timer keeps', () => {
  afterEach(() => localStorage.clear());

  it('a 30-day stall and request timeout let a single PUT finish', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload', uploadStallTimeoutMs: THIRTY_DAYS_MS, requestTimeoutMs: THIRTY_DAYS_MS, maxRetries: 0 });
    const file = randomFile('patient.bin', 2 * MIB);
    await engine.addFiles([file]);
    await engine.start();
    const [record] = engine.files;
    expect(record!.state, record!.error?.message).to.equal('successful');
    expect(await sha256Of(await readBack(record!.result!.downloadUrl))).to.equal(await sha256Of(file));
  });

  it('a 30-day part timeout and retry delays let a multipart upload finish', async () => {
    const engine = new UploadEngine({
      serverUrl: '/api/upload',
      maxRetries: 0,
      requestTimeoutMs: THIRTY_DAYS_MS,
      retryMaxDelayMs: THIRTY_DAYS_MS,
      resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, partTimeoutMs: THIRTY_DAYS_MS, retryDelays: [] },
    });
    const file = randomFile('patient-parts.bin', 6 * MIB);
    await engine.addFiles([file]);
    await engine.start();
    const [record] = engine.files;
    expect(record!.state, record!.error?.message).to.equal('successful');
    expect(record!.result!.strategy).to.equal('multipart');
    expect(await sha256Of(await readBack(record!.result!.downloadUrl))).to.equal(await sha256Of(file));
  });
});
