import { expect } from '@open-wc/testing';
import { ConfigurationError, UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { randomFile, readBack, recordEvents, sha256Of } from './helpers.js';
import { createNetworkPlan, type NetworkPlanSpec } from './network-plan.js';

const MIB = 1024 * 1024;

/** Runs one file through a scripted handler/storage and returns its record and the script's log. */
async function uploadThrough(spec: NetworkPlanSpec, file: File, options: Partial<EngineOptions> = {}) {
  const plan = await createNetworkPlan(spec);
  const engine = new UploadEngine({ serverUrl: plan.serverUrl, maxRetries: 0, retryBaseDelayMs: 0, ...options });
  const retries = recordEvents(engine, ['file-retry']);
  await engine.addFiles([file]);
  await engine.start();
  return { record: engine.files[0]!, log: await plan.log(), retries };
}

/** A multipart session the handler never opened: every answer is scripted, storage takes anything. */
function cannedMultipart(init: Record<string, unknown>, rest: NetworkPlanSpec['handler'] = {}): NetworkPlanSpec {
  return {
    handler: {
      'multipart/init': [{ status: 200, body: { key: 'uploads/k', uploadId: 'u', token: 't', expiresIn: 3600, ...init } }],
      'multipart/sign-part': Array.from({ length: 3 }, () => ({ status: 200, body: { uploadUrl: '/test-fixtures/network-storage/{plan}/canned' } })),
      'multipart/complete': [{ status: 200, body: { key: 'uploads/k' } }],
      ...rest,
    },
  };
}

const multipart = { resumable: { protocol: 'multipart' as const, thresholdBytes: 0, retryDelays: [] as number[] } };

describe('UploadEngine: what counts as stored', () => {
  afterEach(() => localStorage.clear());

  it('fails a single PUT that storage answers 200 with an HTML page', async () => {
    const html = { status: 200, body: '<html><body>Sign in to the hotel wifi</body></html>', headers: { 'content-type': 'text/html', etag: '"portal"' } };
    const { record } = await uploadThrough({ storage: { file: [html] } }, randomFile('portal.bin', 1000), { maxRetries: 2 });
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'INVALID_RESPONSE', status: 200, retryable: false });
    expect(record.attempts, 'not retried').to.equal(1);
  });

  it('fails a single PUT that storage answers 200 with an S3 <Error> document', async () => {
    const error = { status: 200, body: '<?xml version="1.0"?><Error><Code>InternalError</Code><Message>x</Message></Error>', headers: { etag: '"x"' } };
    const { record } = await uploadThrough({ storage: { file: [error] } }, randomFile('error.bin', 1000));
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'INVALID_RESPONSE', serverCode: 'InternalError' });
  });

  it('fails a single PUT answered 200 without an ETag header', async () => {
    const { record } = await uploadThrough({ storage: { file: [{ status: 200 }] } }, randomFile('no-etag.bin', 1000));
    expect(record.state).to.equal('failed');
    expect(record.error!.code).to.equal('INVALID_RESPONSE');
    expect(record.error!.message).to.contain('ETag');
  });

  for (const uploadUrl of ['data:,ok', 'javascript:void(0)', 'http://storage.example.test/bucket/k', 'https://user:secret@storage.example.test/k']) {
    it(`refuses the upload URL ${uploadUrl} without sending a byte`, async () => {
      const { record } = await uploadThrough({ handler: { presign: [{ rewriteUploadUrl: uploadUrl }] } }, randomFile('url.bin', 1000));
      expect(record.state).to.equal('failed');
      expect(record.error).to.include({ code: 'INVALID_RESPONSE', retryable: false });
      expect(record.error!.message).to.contain('Refused upload URL');
    });
  }

  it('sends to a plain-http storage origin only when allowedUploadOrigins lists it', async () => {
    // Listed, the engine tries the origin (which does not resolve): a network failure, not a refusal.
    const { record } = await uploadThrough(
      { handler: { presign: [{ rewriteUploadUrl: 'http://storage.example.test/bucket/k' }] } },
      randomFile('listed.bin', 1000),
      { allowedUploadOrigins: ['http://storage.example.test'] },
    );
    expect(record.state).to.equal('failed');
    expect(record.error!.code).to.equal('NETWORK_ERROR');
  });

  it('refuses allowedUploadOrigins entries that are not http(s) origins, and time-outs that are not numbers', () => {
    expect(() => new UploadEngine({ allowedUploadOrigins: ['ftp://storage.example.test'] })).to.throw(ConfigurationError, /allowedUploadOrigins/);
    expect(() => new UploadEngine({ allowedUploadOrigins: ['not a url'] })).to.throw(ConfigurationError, /allowedUploadOrigins/);
    expect(() => new UploadEngine({ requestTimeoutMs: Number.NaN })).to.throw(ConfigurationError, /requestTimeoutMs/);
    expect(() => new UploadEngine({ uploadStallTimeoutMs: Number.POSITIVE_INFINITY })).to.throw(ConfigurationError, /uploadStallTimeoutMs/);
  });

  it('stores through the real handler and storage: an empty 200 with an ETag is a success', async () => {
    const file = randomFile('real.bin', 3000);
    const { record, log } = await uploadThrough({}, file);
    expect(record.state, record.error?.message).to.equal('successful');
    expect(log.storage).to.deep.equal(['file stored 3000']);
    expect(await sha256Of(await readBack(record.result!.downloadUrl))).to.equal(await sha256Of(file));
  });
});

describe('UploadEngine: malformed handler answers', () => {
  afterEach(() => localStorage.clear());

  it('refuses partSize -1 before any part is sent (it would store 99,999 of 100,000 bytes)', async () => {
    const { record, log } = await uploadThrough(cannedMultipart({ partSize: -1 }), randomFile('negative.bin', 100_000), multipart);
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'INVALID_RESPONSE', retryable: false });
    expect(log.storage).to.deep.equal([]);
  });

  it('refuses partSize 1 on a 6 MiB file (six million parts)', async () => {
    const { record, log } = await uploadThrough(cannedMultipart({ partSize: 1 }), randomFile('tiny-parts.bin', 6 * MIB), multipart);
    expect(record.state).to.equal('failed');
    expect(record.error!.code).to.equal('INVALID_RESPONSE');
    expect(record.error!.message).to.contain('partSize');
    expect(log.storage).to.deep.equal([]);
  });

  it('refuses a fractional part size', async () => {
    const { record, log } = await uploadThrough(cannedMultipart({ partSize: 5 * MIB + 0.5 }), randomFile('fraction.bin', 6 * MIB), multipart);
    expect(record.error!.code).to.equal('INVALID_RESPONSE');
    expect(log.storage).to.deep.equal([]);
  });

  it('accepts a part size as small as a file smaller than one minimum part', async () => {
    const { record, log } = await uploadThrough(cannedMultipart({ partSize: 1000 }), randomFile('small.bin', 1000), multipart);
    expect(record.state, record.error?.message).to.equal('successful');
    expect(log.storage).to.deep.equal(['canned accepted 1000']);
  });

  it('refuses an init answer without a token, and a sign-part answer with a data: URL', async () => {
    const noToken = await uploadThrough(cannedMultipart({ token: 7 }), randomFile('token.bin', 1000), multipart);
    expect(noToken.record.error!.code).to.equal('INVALID_RESPONSE');
    const dataUrl = await uploadThrough(
      cannedMultipart({ partSize: 5 * MIB }, { 'multipart/sign-part': [{ status: 200, body: { uploadUrl: 'data:,ok' } }] }),
      randomFile('data.bin', 1000),
      multipart,
    );
    expect(dataUrl.record.error!.code).to.equal('INVALID_RESPONSE');
    expect(dataUrl.log.storage).to.deep.equal([]);
  });

  it('refuses a complete answer that is not an object', async () => {
    const { record } = await uploadThrough(
      cannedMultipart({ partSize: 5 * MIB }, { 'multipart/complete': [{ status: 200, body: ['uploads/k'] }] }),
      randomFile('complete.bin', 1000),
      multipart,
    );
    expect(record.state).to.equal('failed');
    expect(record.error!.code).to.equal('INVALID_RESPONSE');
  });

  it('refuses a presign answer with header injection in uploadHeaders', async () => {
    const { record, log } = await uploadThrough(
      { handler: { presign: [{ rewrite: { uploadHeaders: { 'content-type': 'text/plain\r\nx-evil: 1' } } }] } },
      randomFile('headers.bin', 1000),
    );
    expect(record.error!.code).to.equal('INVALID_RESPONSE');
    expect(log.storage).to.deep.equal([]);
  });

  it('calls an answer that is not JSON a non-retryable INVALID_RESPONSE', async () => {
    const { record } = await uploadThrough({ handler: { presign: [{ status: 200, body: 'OK' }] } }, randomFile('text.bin', 1000), { maxRetries: 2 });
    expect(record.error).to.include({ code: 'INVALID_RESPONSE', retryable: false });
    expect(record.attempts).to.equal(1);
  });
});
