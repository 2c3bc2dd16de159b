// What the built bundle counts as stored, and how long it waits, when the handler or storage in
// front of it lies or hangs: the scripted handler and storage of test/support/wtr-network-fixtures.mjs
// and the hostile tus and processing servers of wtr-remote-fixtures.mjs.
import { expect } from '@open-wc/testing';
import { createNetworkPlan, type NetworkPlanSpec } from '../engine/network-plan.js';
import { loadBuiltBundle, mountBuilt, recordBuiltEvents, unmountBuilt } from './built-bundle.js';
import { builtBundle, randomBytesFile, type BuiltBundle } from './hardening-bundle-support.js';

let bundle: BuiltBundle;

/** One file through the element of the bundle, in front of a scripted handler and storage, no retries. */
async function uploadThroughElement(spec: NetworkPlanSpec, file: File) {
  const plan = await createNetworkPlan(spec);
  const element = await mountBuilt({ 'server-url': plan.serverUrl, 'max-retries': '0' });
  const completions = recordBuiltEvents(element, ['svc-file-upload-complete']);
  await element.addFiles([file]);
  await element.upload();
  await element.updateComplete;
  return { record: element.files[0]!, completions, log: await plan.log() };
}

/** One file through the bundle's engine, in front of a scripted handler and storage. */
async function uploadThroughEngine(spec: NetworkPlanSpec, file: File, options: Record<string, unknown> = {}) {
  const plan = await createNetworkPlan(spec);
  const engine = new bundle.UploadEngine({ serverUrl: plan.serverUrl, maxRetries: 0, retryBaseDelayMs: 0, ...options });
  const retries: string[] = [];
  engine.on('file-retry', ({ error }) => retries.push(error.code));
  await engine.addFiles([file]);
  await engine.start();
  const record = engine.files[0]!;
  engine.destroy();
  return { record, retries, log: await plan.log() };
}

async function storedBytes(url: string | undefined): Promise<Uint8Array> {
  const response = await fetch(url!);
  expect(response.status, 'the object can be read back').to.equal(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe('<svc-uploader> answers it cannot trust (built bundle)', function () {
  this.timeout(60_000);
  before(async function () {
    await loadBuiltBundle.call(this);
    bundle = await builtBundle();
  });
  afterEach(() => {
    unmountBuilt();
    localStorage.clear();
  });

  it('fails a file whose PUT storage answers 200 with an HTML page', async () => {
    const portal = { status: 200, body: '<html><body>Sign in to the hotel wifi</body></html>', headers: { 'content-type': 'text/html', etag: '"portal"' } };
    const { record, completions } = await uploadThroughElement({ storage: { file: [portal] } }, randomBytesFile('portal.bin', 1000));
    expect(record.state).to.equal('failed');
    expect(record.error!.code).to.equal('INVALID_RESPONSE');
    expect(completions).to.have.length(0);
  });

  it('fails a file whose PUT storage answers 200 with an S3 <Error> document', async () => {
    const error = { status: 200, body: '<?xml version="1.0"?><Error><Code>InternalError</Code><Message>x</Message></Error>', headers: { etag: '"x"' } };
    const { record, completions } = await uploadThroughElement({ storage: { file: [error] } }, randomBytesFile('error.bin', 1000));
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'INVALID_RESPONSE', serverCode: 'InternalError' });
    expect(completions).to.have.length(0);
  });

  it('fails a file whose PUT is answered 200 without an ETag', async () => {
    const { record, completions } = await uploadThroughElement({ storage: { file: [{ status: 200 }] } }, randomBytesFile('no-etag.bin', 1000));
    expect(record.state).to.equal('failed');
    expect(record.error!.message).to.contain('ETag');
    expect(completions).to.have.length(0);
  });

  it('refuses the upload URL data:,ok without sending a byte', async () => {
    const { record, completions, log } = await uploadThroughElement(
      { handler: { presign: [{ rewriteUploadUrl: 'data:,ok' }] } },
      randomBytesFile('data.bin', 1000),
    );
    expect(record.state).to.equal('failed');
    expect(record.error!.message).to.contain('Refused upload URL');
    expect(completions).to.have.length(0);
    expect(log.storage).to.deep.equal([]);
  });

  it('refuses partSize -1 from multipart/init before any part is sent', async () => {
    const spec: NetworkPlanSpec = {
      handler: {
        'multipart/init': [{ status: 200, body: { key: 'uploads/k', uploadId: 'u', token: 't', expiresIn: 3600, partSize: -1 } }],
        'multipart/sign-part': Array.from({ length: 3 }, () => ({ status: 200, body: { uploadUrl: '/test-fixtures/network-storage/{plan}/canned' } })),
        'multipart/complete': [{ status: 200, body: { key: 'uploads/k' } }],
      },
    };
    const resumable = { protocol: 'multipart', thresholdBytes: 0, retryDelays: [] };
    const { record, log } = await uploadThroughEngine(spec, randomBytesFile('negative.bin', 100_000), { resumable });
    expect(record.state).to.equal('failed');
    expect(record.error!.code).to.equal('INVALID_RESPONSE');
    expect(log.storage).to.deep.equal([]);
  });

  it('gives up on a /presign that never answers after requestTimeoutMs', async () => {
    const { record } = await uploadThroughEngine({ handler: { presign: [{ hang: true }] } }, randomBytesFile('hang.bin', 10), { requestTimeoutMs: 300 });
    expect(record.state).to.equal('failed');
    expect(record.error).to.include({ code: 'REQUEST_TIMEOUT', retryable: true });
  });

  it('aborts a PUT whose answer never comes after uploadStallTimeoutMs, sends it again and stores the file', async () => {
    const file = randomBytesFile('put-hang.bin', 5000);
    // The hung PUT gets no answer for 20 s; the one sent again must answer before the same watchdog,
    // and a PUT into a loaded machine's storage has taken nearly 0.5 s.
    const { record, retries, log } = await uploadThroughEngine({ storage: { file: [{ hang: true }] } }, file, { uploadStallTimeoutMs: 3000, maxRetries: 1 });
    expect(retries).to.deep.equal(['REQUEST_TIMEOUT']);
    expect(log.storage).to.deep.equal(['file scripted 5000', 'file stored 5000']);
    expect(record.state, record.error?.message).to.equal('successful');
    expect(await storedBytes(record.result!.downloadUrl)).to.deep.equal(new Uint8Array(await file.arrayBuffer()));
  });

  it('finishes a tus upload whose upload URL holds a malformed percent escape, without a retry', async () => {
    const engine = new bundle.UploadEngine({
      resumable: { protocol: 'tus', endpoint: '/remote-fixtures/tus-escape', storeFingerprintForResuming: false },
      maxRetries: 2,
    });
    const failures: string[] = [];
    engine.on('file-failed', () => failures.push('failed'));
    engine.on('file-retry', () => failures.push('retry'));
    await engine.addFiles([randomBytesFile('report.bin', 1000)]);
    await engine.start();
    const [record] = engine.files;
    expect(record!.state, record!.error?.message).to.equal('successful');
    expect(record!.result).to.include({ strategy: 'tus', key: 'report%E0%A4%A' });
    expect(failures).to.deep.equal([]);
    engine.destroy();
  });

  it('waits past status-less progress messages of the processing stream for its completion event', async () => {
    const element = await mountBuilt({ 'processing-endpoint': '/remote-fixtures/processing?mode=progress-only' });
    const processed = new Promise<CustomEvent>((resolve) =>
      element.addEventListener('svc-file-process', (event) => resolve(event as CustomEvent), { once: true }),
    );
    await element.addFiles([randomBytesFile('a.bin', 100)]);
    await element.upload();
    const { detail } = await processed;
    expect(detail.result).to.deep.equal({ key: element.files[0]!.result!.key, variants: ['small'] });
  });
});
