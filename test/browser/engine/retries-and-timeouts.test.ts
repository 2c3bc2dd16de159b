import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { backoffDelay, parseRetryAfter } from '../../../engine/upload/retry-policy.js';
import { randomFile, readBack, recordEvents, sha256Of } from './helpers.js';
import { createNetworkPlan, type NetworkPlanSpec } from './network-plan.js';

const MIB = 1024 * 1024;

async function run(spec: NetworkPlanSpec, file: File, options: Partial<EngineOptions> = {}) {
  const plan = await createNetworkPlan(spec);
  const engine = new UploadEngine({ serverUrl: plan.serverUrl, retryBaseDelayMs: 0, ...options });
  const events = recordEvents(engine, ['file-retry', 'part-retry']);
  await engine.addFiles([file]);
  await engine.start();
  const record = engine.files[0]!;
  return {
    record,
    log: await plan.log(),
    fileRetries: events
      .filter((event) => event.name === 'file-retry')
      .map((event) => event.detail as { delayMs: number; error: { code: string; message: string; serverCode?: string } }),
    partRetries: events
      .filter((event) => event.name === 'part-retry')
      .map((event) => event.detail as { delayMs: number; error: { code: string; message: string; serverCode?: string } }),
  };
}

async function expectStoredExactly(record: UploadEngine['files'][number], file: File): Promise<void> {
  expect(record.state, record.error?.message).to.equal('successful');
  expect(await sha256Of(await readBack(record.result!.downloadUrl))).to.equal(await sha256Of(file));
}

const throttled = (status: number, retryAfter: string) => ({
  status,
  body: { error: 'Busy' },
  headers: { 'retry-after': retryAfter, 'content-type': 'application/json' },
});
const multipart = (retryDelays: number[]): Partial<EngineOptions> => ({
  resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, retryDelays },
});

describe('UploadEngine retries', () => {
  afterEach(() => localStorage.clear());

  it('waits the Retry-After seconds a 503 from the handler asks for', async () => {
    const file = randomFile('after-503.bin', 2000);
    const { record, fileRetries } = await run({ handler: { presign: [throttled(503, '1')] } }, file);
    expect(fileRetries.map((retry) => retry.delayMs)).to.deep.equal([1000]);
    await expectStoredExactly(record, file);
  });

  it('reads a Retry-After HTTP date on a 429 and caps Retry-After at retryMaxDelayMs', async () => {
    const before = Date.now();
    const inTwoSeconds = new Date(before + 2500).toUTCString();
    const dated = await run({ handler: { presign: [throttled(429, inTwoSeconds)] } }, randomFile('dated.bin', 100));
    expect(dated.fileRetries).to.have.length(1);
    // The retry waits until the stated time (whole seconds), however long the run took to get
    // there, and no longer; a fixed lower bound on the wait fails when the machine is slow.
    const statedAt = Date.parse(inTwoSeconds);
    expect(dated.fileRetries[0]!.delayMs).to.be.at.most(statedAt - before);
    expect(Date.now(), 'the run ended before the stated time').to.be.at.least(statedAt);
    const capped = await run({ handler: { presign: [throttled(503, '3600')] } }, randomFile('capped.bin', 100), { retryMaxDelayMs: 700 });
    expect(capped.fileRetries.map((retry) => retry.delayMs)).to.deep.equal([700]);
    expect(capped.record.state).to.equal('successful');
  });

  it('honours Retry-After from storage on a single PUT and stores the file once', async () => {
    const file = randomFile('storage-503.bin', 4000);
    const busy = { status: 503, body: '<Error><Code>ServiceUnavailable</Code></Error>', headers: { 'retry-after': '1' } };
    const { record, fileRetries, log } = await run({ storage: { file: [busy] } }, file);
    expect(fileRetries.map((retry) => [retry.delayMs, retry.error.serverCode])).to.deep.equal([[1000, 'ServiceUnavailable']]);
    expect(log.storage).to.deep.equal(['file scripted 4000', 'file stored 4000']);
    await expectStoredExactly(record, file);
  });

  it('retries a part storage refused with 400 BadDigest, and fails a part refused with any other 400 at once', async () => {
    const file = randomFile('bad-digest.bin', 6 * MIB);
    const badDigest = {
      status: 400,
      body: '<Error><Code>BadDigest</Code><Message>The Content-MD5 you specified did not match what we received.</Message></Error>',
    };
    const retried = await run({ storage: { 1: [badDigest] } }, file, multipart([0]));
    expect(retried.partRetries.map((retry) => retry.error.serverCode)).to.deep.equal(['BadDigest']);
    await expectStoredExactly(retried.record, file);
    const invalid = { status: 400, body: '<Error><Code>InvalidArgument</Code></Error>' };
    const refused = await run({ storage: { 1: [invalid, invalid, invalid, invalid] } }, randomFile('invalid.bin', 6 * MIB), {
      ...multipart([0, 0]),
      maxRetries: 2,
    });
    expect(refused.record.state).to.equal('failed');
    expect(refused.record.error).to.include({ status: 400, serverCode: 'InvalidArgument', retryable: false });
    expect(refused.partRetries).to.deep.equal([]);
    expect(refused.fileRetries).to.deep.equal([]);
  });

  it('backs off a part that storage throttles with SlowDown, even with a 0 ms retryDelays entry', async () => {
    const file = randomFile('slow-down.bin', 6 * MIB);
    const slowDown = { status: 503, body: '<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>' };
    const { record, partRetries } = await run({ storage: { 2: [slowDown] } }, file, multipart([0]));
    expect(partRetries.map((retry) => [retry.delayMs, retry.error.serverCode])).to.deep.equal([[1000, 'SlowDown']]);
    await expectStoredExactly(record, file);
  });

  it('takes the larger of a part Retry-After and the written retryDelays entry', async () => {
    const file = randomFile('part-429.bin', 6 * MIB);
    const tooMany = { status: 429, body: '', headers: { 'retry-after': '1' } };
    const afterWins = await run({ storage: { 1: [tooMany] } }, file, multipart([0]));
    expect(afterWins.partRetries.map((retry) => retry.delayMs)).to.deep.equal([1000]);
    await expectStoredExactly(afterWins.record, file);
    const listWins = await run({ storage: { 1: [tooMany] } }, file, multipart([1500]));
    expect(listWins.partRetries.map((retry) => retry.delayMs)).to.deep.equal([1500]);
  });

  it('spreads whole-file retries with capped full jitter', async () => {
    const failing = Array.from({ length: 3 }, () => ({ status: 500, body: { error: 'Internal error' } }));
    const { fileRetries, record } = await run({ handler: { presign: failing } }, randomFile('jitter.bin', 100), { retryBaseDelayMs: 40, retryMaxDelayMs: 100 });
    const delays = fileRetries.map((retry) => retry.delayMs);
    expect(delays).to.have.length(3);
    expect(delays[0]).to.be.within(0, 40);
    expect(delays[1]).to.be.within(0, 80);
    expect(delays[2]).to.be.within(0, 100);
    expect(record.state).to.equal('successful');
    // The same policy with a fixed random source: half of the capped exponential step.
    expect([0, 1, 2, 3, 10].map((retry) => backoffDelay(retry, 1000, 5000, () => 0.5))).to.deep.equal([500, 1000, 2000, 2500, 2500]);
  });

  it('reads Retry-After as seconds or an HTTP date and ignores anything else', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(parseRetryAfter('2', 30_000, now)).to.equal(2000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 12:00:05 GMT', 30_000, now)).to.equal(5000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 11:00:00 GMT', 30_000, now)).to.equal(0);
    expect(parseRetryAfter('86400', 30_000, now)).to.equal(30_000);
    for (const junk of ['-1', '1.5', 'soon', '9'.repeat(100), '']) expect(parseRetryAfter(junk, 30_000, now), junk).to.equal(undefined);
  });
});

/**
 * A watchdog for tests where one request hangs (20 s) and the next must pass: far above what the
 * real handler and storage take on a loaded 2-core machine (a /presign has taken 0.5 s there, a
 * first /multipart/init over 1 s), so only the hang trips it.
 */
const WATCHDOG_MS = 3000;

describe('UploadEngine timeouts', () => {
  afterEach(() => localStorage.clear());

  it('gives up on a /presign that never answers after requestTimeoutMs and retries', async () => {
    const file = randomFile('presign-hang.bin', 3000);
    const { record, fileRetries } = await run({ handler: { presign: [{ hang: true }] } }, file, { requestTimeoutMs: WATCHDOG_MS });
    expect(fileRetries.map((retry) => retry.error.code)).to.deep.equal(['REQUEST_TIMEOUT']);
    await expectStoredExactly(record, file);
  });

  it('fails with REQUEST_TIMEOUT when every handler call hangs', async () => {
    const { record } = await run({ handler: { presign: [{ hang: true }] } }, randomFile('hang.bin', 10), { requestTimeoutMs: 300, maxRetries: 0 });
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'REQUEST_TIMEOUT', retryable: true });
  });

  it('aborts a single PUT whose answer never comes after uploadStallTimeoutMs and sends it again', async () => {
    const file = randomFile('put-hang.bin', 5000);
    const { record, fileRetries, log } = await run({ storage: { file: [{ hang: true }] } }, file, { uploadStallTimeoutMs: WATCHDOG_MS });
    expect(fileRetries.map((retry) => retry.error.code)).to.deep.equal(['REQUEST_TIMEOUT']);
    expect(log.storage).to.deep.equal(['file scripted 5000', 'file stored 5000']);
    await expectStoredExactly(record, file);
  });

  it('times out a hanging /multipart/init and retries it', async () => {
    const file = randomFile('multipart-hang.bin', 6 * MIB);
    const { record, fileRetries } = await run({ handler: { 'multipart/init': [{ hang: true }] } }, file, { ...multipart([0]), requestTimeoutMs: WATCHDOG_MS });
    expect(fileRetries.map((retry) => retry.error.code)).to.deep.equal(['REQUEST_TIMEOUT']);
    await expectStoredExactly(record, file);
  });

  it('times out a /multipart/complete that never answers (after ten times requestTimeoutMs) and completes on the retry', async () => {
    const file = randomFile('complete-hang.bin', 6 * MIB);
    // Ten times 1.5 s for the hanging complete (a watchdog of 3 s would wait 30 s for it); the
    // init and sign-part before it, warmed up by the tests above, answer within 0.2 s even loaded.
    const { record, fileRetries, log } = await run({ handler: { 'multipart/complete': [{ hang: true }] } }, file, {
      ...multipart([0]),
      requestTimeoutMs: 1500,
    });
    expect(fileRetries.map((retry) => retry.error.code)).to.deep.equal(['REQUEST_TIMEOUT']);
    expect(fileRetries[0]!.error.message).to.contain('15000 ms');
    expect(log.handler.filter((route) => route.startsWith('multipart/complete'))).to.deep.equal(['multipart/complete scripted', 'multipart/complete']);
    await expectStoredExactly(record, file);
  });
});
