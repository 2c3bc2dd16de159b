import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { createFaultPlan, randomFile, readBack, sha256Of } from './helpers.js';

const MIB = 1024 * 1024;

function multipartOptions(serverUrl: string): EngineOptions {
  return {
    serverUrl,
    maxRetries: 0,
    retryBaseDelayMs: 0,
    resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, retryDelays: [0], maxConcurrentParts: 1 },
  };
}

/** Multipart init requests the handler answered, in order. */
function initsAnswered(statuses: string[]): number {
  return statuses.filter((status) => status === 'multipart/init 200').length;
}

describe('UploadEngine multipart: Retry after storage lost the upload', () => {
  afterEach(() => localStorage.clear());

  it('opens a new upload when a part PUT meets NoSuchUpload, and stores the file', async () => {
    const plan = await createFaultPlan({ loseUpload: { 'multipart/sign-part:2': 1 } });
    const engine = new UploadEngine(multipartOptions(plan.serverUrl));
    const file = randomFile('lost-part.bin', 6 * MIB);
    await engine.addFiles([file]);
    await engine.start();
    const [failed] = engine.files;
    expect(failed!.state).to.equal('failed');
    expect(failed!.error).to.include({ status: 404, from: 'storage' });
    expect(['NoSuchUpload', 'NoSuchKey']).to.include(failed!.error!.serverCode);
    const deadToken = (await plan.log()).lastToken;

    await engine.retry();
    const [record] = engine.files;
    expect(record!.state, record!.error?.message).to.equal('successful');
    const log = await plan.log();
    expect(log.lostUploads).to.equal(1);
    expect(initsAnswered(log.statuses)).to.equal(2);
    expect(log.lastToken).not.to.equal(deadToken);
    const stored = await readBack(record!.result!.downloadUrl);
    expect(await sha256Of(stored)).to.equal(await sha256Of(file));
  });

  it('opens a new upload when the handler answers complete with 404, and stores the file', async () => {
    const plan = await createFaultPlan({ loseUpload: { 'multipart/complete': 1 } });
    const engine = new UploadEngine(multipartOptions(plan.serverUrl));
    const file = randomFile('lost-complete.bin', 6 * MIB);
    await engine.addFiles([file]);
    await engine.start();
    const [failed] = engine.files;
    expect(failed!.state).to.equal('failed');
    expect(failed!.error).to.include({ status: 404, from: 'handler' });

    await engine.retry();
    const [record] = engine.files;
    expect(record!.state, record!.error?.message).to.equal('successful');
    const log = await plan.log();
    expect(initsAnswered(log.statuses)).to.equal(2);
    expect(log.statuses.filter((status) => status.startsWith('multipart/complete'))).to.deep.equal(['multipart/complete 404', 'multipart/complete 200']);
    const stored = await readBack(record!.result!.downloadUrl);
    expect(await sha256Of(stored)).to.equal(await sha256Of(file));
  });
});
