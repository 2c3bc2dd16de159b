import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { createFaultPlan, maxOverlap, nextEvent, randomFile, readBack, recordEvents, sha256Of, storagePartRequests } from './helpers.js';

const MIB = 1024 * 1024;

/** Multipart options with 5 MiB parts (the handler's floor), so a 12 MiB file has 3 parts. */
function multipartOptions(serverUrl: string, extra: Partial<EngineOptions['resumable'] & { protocol: 'multipart' }> = {}): EngineOptions {
  return {
    serverUrl,
    retryBaseDelayMs: 0,
    resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, retryDelays: [0, 50], ...extra },
  };
}

async function expectStored(engine: UploadEngine, file: File): Promise<void> {
  const [record] = engine.files;
  expect(record!.state, record!.error?.message).to.equal('successful');
  expect(record!.result!.strategy).to.equal('multipart');
  const stored = await readBack(record!.result!.downloadUrl);
  expect(stored.size).to.equal(file.size);
  expect(await sha256Of(stored)).to.equal(await sha256Of(file));
}

describe('UploadEngine multipart (real handler, real storage)', () => {
  afterEach(() => localStorage.clear());

  it('uploads parts in parallel and the object equals the file byte for byte', async () => {
    const since = performance.now();
    const engine = new UploadEngine(multipartOptions('/api/upload', { maxConcurrentParts: 3 }));
    const parts = recordEvents(engine, ['part-upload']);
    const file = randomFile('video.mp4', 12 * MIB + 12345, 'video/mp4');
    await engine.addFiles([file]);
    await engine.start();
    await expectStored(engine, file);
    expect(parts.map((event) => (event.detail as { partNumber: number }).partNumber).sort()).to.deep.equal([1, 2, 3]);
    const requests = storagePartRequests(since);
    expect(requests.map((request) => request.partNumber).sort()).to.deep.equal([1, 2, 3]);
    expect(maxOverlap(requests)).to.be.greaterThan(1);
  });

  it('keeps one part at a time with maxConcurrentParts 1', async () => {
    const since = performance.now();
    const engine = new UploadEngine(multipartOptions('/api/upload', { maxConcurrentParts: 1 }));
    const file = randomFile('a.bin', 11 * MIB);
    await engine.addFiles([file]);
    await engine.start();
    await expectStored(engine, file);
    expect(maxOverlap(storagePartRequests(since))).to.equal(1);
  });

  it('shares the global connection budget between files', async () => {
    const since = performance.now();
    const engine = new UploadEngine({ ...multipartOptions('/api/upload', { maxConcurrentParts: 3 }), maxConnections: 2, maxConcurrentUploads: 2 });
    const files = [randomFile('a.bin', 11 * MIB), randomFile('b.bin', 11 * MIB)];
    await engine.addFiles(files);
    const summary = await engine.start();
    expect(summary.successful).to.equal(2);
    const requests = storagePartRequests(since);
    expect(requests).to.have.length(6);
    expect(maxOverlap(requests)).to.be.at.most(2);
  });

  it('retries a failed part with a fresh slice and a fresh signature', async () => {
    const plan = await createFaultPlan({ failParts: { 2: 1 } });
    const engine = new UploadEngine(multipartOptions(plan.serverUrl));
    const retries = recordEvents(engine, ['part-retry', 'file-retry']);
    const file = randomFile('a.bin', 12 * MIB);
    await engine.addFiles([file]);
    await engine.start();
    await expectStored(engine, file);
    expect(retries.map((event) => [event.name, (event.detail as { partNumber?: number }).partNumber])).to.deep.equal([['part-retry', 2]]);
    const retry = retries[0]!.detail as { retry: number; error: { status?: number; code: string } };
    expect(retry.retry).to.equal(1);
    expect(retry.error).to.include({ code: 'HTTP_ERROR', status: 503 });
    expect((await plan.log()).signedParts.filter((part) => part === 2)).to.have.length(2);
  });

  it('aborts a stalled part after partTimeoutMs and re-sends it', async () => {
    const plan = await createFaultPlan({ stallParts: { 1: 1 } });
    // The stalled part gets no answer for 20 s. The re-sent one must beat the watchdog too: a 5 MiB
    // part into a loaded 2-core machine's storage has taken 0.4 s, so the watchdog waits far longer.
    const engine = new UploadEngine(multipartOptions(plan.serverUrl, { partTimeoutMs: 4000 }));
    const retries = recordEvents(engine, ['part-retry']);
    const file = randomFile('a.bin', 6 * MIB);
    await engine.addFiles([file]);
    await engine.start();
    await expectStored(engine, file);
    expect(
      retries.map((event) => [(event.detail as { partNumber: number }).partNumber, (event.detail as { error: { code: string } }).error.code]),
    ).to.deep.equal([[1, 'PART_TIMEOUT']]);
  });

  it('fails the file once a part has used up its retryDelays', async () => {
    const plan = await createFaultPlan({ failParts: { 1: 10 } });
    const engine = new UploadEngine({ ...multipartOptions(plan.serverUrl), maxRetries: 0 });
    const retries = recordEvents(engine, ['part-retry']);
    await engine.addFiles([randomFile('a.bin', 6 * MIB)]);
    await engine.start();
    expect(engine.files[0]).to.include({ state: 'failed' });
    expect(engine.files[0]!.error).to.include({ status: 503 });
    expect(retries.map((event) => (event.detail as { delayMs: number }).delayMs)).to.deep.equal([0, 50]);
  });

  it('refreshes an expired token once through /multipart/resume and goes on', async () => {
    const plan = await createFaultPlan({ expire: { 'multipart/sign-part': 1, 'multipart/complete': 1 } });
    const engine = new UploadEngine(multipartOptions(plan.serverUrl));
    const file = randomFile('a.bin', 11 * MIB);
    await engine.addFiles([file]);
    await engine.start();
    await expectStored(engine, file);
    const log = await plan.log();
    expect(log.expiredAnswers).to.equal(2);
    expect(log.resumes).to.equal(2);
    expect(log.completes).to.equal(2);
  });

  it('continues after a reload without re-sending stored parts', async () => {
    const file = randomFile('big.bin', 15 * MIB + 7);
    const plan = await createFaultPlan();
    const first = new UploadEngine(multipartOptions(plan.serverUrl, { maxConcurrentParts: 1, persist: true }));
    await first.addFiles([file]);
    void first.start();
    await nextEvent(first, 'part-upload', ({ partNumber }) => partNumber === 2);
    // The page goes away: transfers stop, the remembered session stays in localStorage.
    first.destroy();
    const firstLog = await plan.log();
    expect(firstLog.signedParts.slice(0, 2)).to.deep.equal([1, 2]);

    // A fresh engine against the same handler, as after a reload (same File: same name, size, date).
    const since = performance.now();
    const second = new UploadEngine(multipartOptions(plan.serverUrl, { maxConcurrentParts: 1, persist: true }));
    const resumed = recordEvents(second, ['file-resume']);
    await second.addFiles([file]);
    await second.start();
    await expectStored(second, file);
    expect((resumed[0]!.detail as { skippedParts: number[] }).skippedParts).to.deep.equal([1, 2]);
    const log = await plan.log();
    expect(log.resumes).to.equal(1);
    expect(log.signedParts.slice(firstLog.signedParts.length)).to.deep.equal([3, 4]);
    expect(storagePartRequests(since).map((request) => request.partNumber)).to.deep.equal([3, 4]);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('svc-uploader:multipart:'))).to.deep.equal([]);
  });

  it('aborts the multipart upload on cancel so no parts remain in storage', async () => {
    const plan = await createFaultPlan();
    const engine = new UploadEngine(multipartOptions(plan.serverUrl, { maxConcurrentParts: 1 }));
    const canceled = recordEvents(engine, ['file-cancel']);
    await engine.addFiles([randomFile('a.bin', 15 * MIB)]);
    const run = engine.start();
    await nextEvent(engine, 'part-upload');
    engine.cancel(engine.files[0]!.id);
    const summary = await run;
    expect(summary.files[0]!.state).to.equal('canceled');
    expect(canceled).to.have.length(1);
    // The engine aborts, then checks through /multipart/resume that the upload is gone.
    let log = await plan.log();
    for (let wait = 0; !log.statuses.includes('multipart/resume 404') && wait < 50; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      log = await plan.log();
    }
    expect(log.aborts).to.be.at.least(1);
    const response = await fetch('/api/upload/multipart/resume', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: log.lastToken }),
    });
    expect(response.status, JSON.stringify([log.statuses, await response.clone().text()])).to.equal(404);
    expect(await response.json()).to.include({ code: 'NOT_FOUND' });
  });

  it('pauses with stored parts kept and resumes without re-sending them', async () => {
    const plan = await createFaultPlan();
    const engine = new UploadEngine(multipartOptions(plan.serverUrl, { maxConcurrentParts: 1 }));
    const file = randomFile('a.bin', 15 * MIB);
    await engine.addFiles([file]);
    const run = engine.start();
    await nextEvent(engine, 'part-upload', ({ partNumber }) => partNumber === 1);
    engine.pause();
    expect(engine.files[0]).to.include({ state: 'paused', pausedBy: 'user' });
    engine.resume();
    await run;
    await expectStored(engine, file);
    const signed = (await plan.log()).signedParts;
    expect(signed.filter((part) => part === 1)).to.have.length(1);
  });
});
