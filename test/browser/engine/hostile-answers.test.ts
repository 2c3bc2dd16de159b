import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { eventually } from '../eventually.js';
import { nextEvent, randomFile, readBack, recordEvents, sha256Of } from './helpers.js';
import { createNetworkPlan, type NetworkPlan, type NetworkPlanSpec } from './network-plan.js';

const MIB = 1024 * 1024;

/** Runs one file through a scripted handler/storage, without retries unless asked. */
async function uploadThrough(spec: NetworkPlanSpec, file: File, options: Partial<EngineOptions> = {}) {
  const plan = await createNetworkPlan(spec);
  const engine = new UploadEngine({ serverUrl: plan.serverUrl, maxRetries: 0, retryBaseDelayMs: 0, ...options });
  await engine.addFiles([file]);
  await engine.start();
  return { record: engine.files[0]!, plan };
}

/** The log line the fixture writes once an enormous answer was read to its end or given up. */
async function enormousAnswerOutcome(plan: NetworkPlan, side: 'handler' | 'storage'): Promise<string> {
  let outcome: string | undefined;
  await eventually(async () => {
    outcome = (await plan.log())[side].find((line) => line.startsWith('cancelled') || line.startsWith('read all'));
    return outcome !== undefined;
  }, 'the enormous answer to be read or cancelled');
  return outcome!;
}

const canned = '/test-fixtures/network-storage/{plan}/canned';
const multipart = { resumable: { protocol: 'multipart' as const, thresholdBytes: 0, retryDelays: [] as number[] } };

describe('UploadEngine and a hostile handler', () => {
  afterEach(() => localStorage.clear());

  it('stops reading a /presign answer of 40 MB and fails the file without sending a byte', async () => {
    const enormous = {
      status: 200,
      padBytes: 40 * MIB,
      headers: { 'content-type': 'application/json' },
      body: `{"key":"uploads/k","uploadUrl":"${canned}","padding":"{pad}"}`,
    };
    const { record, plan } = await uploadThrough({ handler: { presign: [enormous] } }, randomFile('enormous.bin', 1000));
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'INVALID_RESPONSE', retryable: false });
    expect(record.error!.message).to.contain('more than');
    expect(await enormousAnswerOutcome(plan, 'handler')).to.match(/^cancelled/);
    expect((await plan.log()).storage, 'nothing sent to storage').to.deep.equal([]);
  });

  it('stops reading a 503 error page of 40 MB and keeps the status, which decides the retry', async () => {
    const enormous = { status: 503, padBytes: 40 * MIB, headers: { 'content-type': 'text/html' }, body: '<html>{pad}</html>' };
    const { record, plan } = await uploadThrough({ handler: { presign: [enormous] } }, randomFile('error-page.bin', 1000));
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'HTTP_ERROR', status: 503, retryable: true });
    expect(await enormousAnswerOutcome(plan, 'handler')).to.match(/^cancelled/);
  });

  it('gives up on a /presign answer that trickles in for longer than requestTimeoutMs', async () => {
    const trickle = {
      status: 200,
      padBytes: 20 * 64 * 1024,
      paceMs: 500,
      headers: { 'content-type': 'application/json' },
      body: `{"key":"uploads/k","uploadUrl":"${canned}","padding":"{pad}"}`,
    };
    const { record, plan } = await uploadThrough({ handler: { presign: [trickle] } }, randomFile('trickle.bin', 1000), { requestTimeoutMs: 1500 });
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'REQUEST_TIMEOUT', retryable: true });
    expect(await enormousAnswerOutcome(plan, 'handler')).to.match(/^cancelled/);
    expect((await plan.log()).storage, 'nothing sent to storage').to.deep.equal([]);
  });

  it('follows no redirect from the handler: the request and its headers stay where they were sent', async () => {
    const redirect = { status: 307, headers: { location: '/api/upload/presign' } };
    const { record, plan } = await uploadThrough({ handler: { presign: [redirect] } }, randomFile('redirected.bin', 1000), {
      requestHeaders: { 'x-api-key': 'secret' },
    });
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'INVALID_RESPONSE', retryable: false });
    expect(record.error!.message).to.contain('redirect');
    expect((await plan.log()).storage, 'nothing sent to storage').to.deep.equal([]);
  });
});

describe('UploadEngine and a hostile storage', () => {
  afterEach(() => localStorage.clear());

  it('retries a PUT whose storage host refuses the connection, with a fresh URL, and stores exactly the original bytes', async () => {
    const plan = await createNetworkPlan({ handler: { presign: [{ rewriteUploadUrl: 'http://127.0.0.1:9/refused' }] } });
    const engine = new UploadEngine({ serverUrl: plan.serverUrl, maxRetries: 1, retryBaseDelayMs: 0 });
    const retries = recordEvents(engine, ['file-retry']);
    const file = randomFile('refused-host.bin', 3000);
    await engine.addFiles([file]);
    await engine.start();
    const record = engine.files[0]!;
    expect(retries.map(({ detail }) => detail.error.code)).to.deep.equal(['NETWORK_ERROR']);
    expect(record.state, record.error?.message).to.equal('successful');
    expect(await sha256Of(await readBack(record.result!.downloadUrl))).to.equal(await sha256Of(file));
  });

  it('stops reading an S3 error document of 20 MB and still reads its code', async () => {
    const enormous = {
      status: 503,
      padBytes: 20 * MIB,
      headers: { 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><Error><Code>SlowDown</Code><Message>{pad}</Message></Error>',
    };
    const { record, plan } = await uploadThrough({ storage: { file: [enormous] } }, randomFile('slow-down.bin', 1000));
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'HTTP_ERROR', status: 503, serverCode: 'SlowDown', retryable: true });
    expect(await enormousAnswerOutcome(plan, 'storage')).to.match(/^cancelled/);
  });

  it('does not count a PUT that storage redirected elsewhere as stored', async () => {
    const redirect = { status: 307, headers: { location: '/test-fixtures/network-storage/{plan}/elsewhere' } };
    const { record, plan } = await uploadThrough({ storage: { file: [redirect] } }, randomFile('redirected-put.bin', 1000));
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'INVALID_RESPONSE', retryable: false });
    expect(record.error!.message).to.contain('redirected');
    expect((await plan.log()).storage, 'the browser followed the redirect').to.deep.equal(['file scripted 1000', 'elsewhere accepted 1000']);
  });

  it('fails a single PUT answered with an ETag of 8,000 characters', async () => {
    const hugeETag = { status: 200, headers: { etag: `"${'a'.repeat(8000)}"` } };
    const { record } = await uploadThrough({ storage: { file: [hugeETag] } }, randomFile('huge-etag.bin', 1000));
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'INVALID_RESPONSE', retryable: false });
    expect(record.error!.message).to.contain('ETag');
    expect(record.result, 'no result carries the ETag').to.equal(undefined);
  });

  it('fails a part answered with an ETag of 8,000 characters before it is kept or sent to complete', async () => {
    const spec: NetworkPlanSpec = {
      handler: {
        'multipart/init': [{ status: 200, body: { key: 'uploads/k', uploadId: 'u', token: 't', partSize: 5 * MIB, expiresIn: 3600 } }],
        'multipart/sign-part': [{ status: 200, body: { uploadUrl: canned } }],
        'multipart/complete': [{ status: 200, body: { key: 'uploads/k' } }],
        'multipart/abort': [{ status: 200, body: { ok: true } }],
      },
      storage: { canned: [{ status: 200, headers: { etag: `"${'a'.repeat(8000)}"` } }] },
    };
    const { record, plan } = await uploadThrough(spec, randomFile('huge-part-etag.bin', 1000), multipart);
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'INVALID_RESPONSE', retryable: false });
    expect((await plan.log()).handler, 'complete never asked').to.not.include('multipart/complete scripted');
    expect(
      Object.values({ ...localStorage }).some((value) => value.includes('a'.repeat(2000))),
      'nothing persisted',
    ).to.equal(false);
  });
});

describe('UploadEngine and a hostile processing stream', () => {
  it('keeps at most 500 characters of a processing failure, an object shown as JSON', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload', processingEndpoint: '/remote-fixtures/processing?mode=verbose-error' });
    await engine.addFiles([randomFile('verbose.bin', 100)]);
    const failed = nextEvent(engine, 'file-processing-failed');
    await engine.start();
    const { error } = await failed;
    expect(error.code).to.equal('PROCESSING_ERROR');
    expect(error.message.startsWith('{"detail":"xxx'), error.message.slice(0, 40)).to.equal(true);
    expect(error.message.length).to.equal(500);
  });
});

describe('UploadEngine and a hostile tus server', () => {
  afterEach(() => localStorage.clear());

  it('sends no byte to a plain-http upload URL elsewhere that the tus server names, and does not retry', async () => {
    const engine = new UploadEngine({
      maxRetries: 2,
      retryBaseDelayMs: 0,
      resumable: { protocol: 'tus', endpoint: '/remote-fixtures/tus-elsewhere', retryDelays: [0, 0] },
    });
    const retries = recordEvents(engine, ['file-retry']);
    await engine.addFiles([randomFile('elsewhere.bin', 1000)]);
    await engine.start();
    const record = engine.files[0]!;
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'INVALID_RESPONSE', retryable: false });
    expect(record.error!.message).to.contain('http://storage.example.test');
    expect(retries, 'no whole-file retry').to.have.length(0);
  });
});
