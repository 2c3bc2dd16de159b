import { md5 } from '@noble/hashes/legacy.js';
import { expect } from '@open-wc/testing';
import { UploadEngine } from '../../../engine/index.js';
import { createFaultPlan, randomFile, readBack, recordEvents, sha256Of } from './helpers.js';

/** Base64 MD5 by an implementation other than the engine's, so the test checks rather than repeats it. */
const md5Base64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...md5(bytes)));

describe('UploadEngine single PUT (real handler, real storage)', () => {
  it('uploads through /presign and the bytes in the bucket equal the file', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload' });
    expect(engine.files).to.deep.equal([]);
    const progress = recordEvents(engine, ['file-upload-progress', 'file-upload-complete']);
    const file = randomFile('photo.jpg', 300 * 1024, 'image/jpeg');
    await engine.addFiles([file]);
    const summary = await engine.start();
    expect(summary).to.include({ successful: 1, failed: 0 });
    const [record] = engine.files;
    expect(record).to.include({ state: 'successful', bytesUploaded: file.size, percentage: 100, attempts: 1 });
    expect(record!.result).to.include({ strategy: 'single' });
    expect(record!.result!.key).to.be.a('string').and.not.equal('');
    const stored = await readBack(record!.result!.downloadUrl);
    expect(stored.size).to.equal(file.size);
    expect(await sha256Of(stored)).to.equal(await sha256Of(file));
    const fileProgress = progress
      .filter((event) => event.name === 'file-upload-progress')
      .map((event) => (event.detail as { bytesUploaded: number }).bytesUploaded);
    expect(fileProgress.at(-1)).to.equal(file.size);
    const complete = progress.find((event) => event.name === 'file-upload-complete')!.detail as { result: { key: string } };
    expect(complete.result.key).to.equal(record!.result!.key);
  });

  it('stores an empty-type file too', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload' });
    const file = randomFile('blob-without-type', 1000, '');
    await engine.addFiles([file]);
    await engine.start();
    const stored = await readBack(engine.files[0]!.result!.downloadUrl);
    expect(await sha256Of(stored)).to.equal(await sha256Of(file));
  });

  it('sends the metadata prop, per-file metadata and (checksumVerification) the MD5 with the presign request', async () => {
    const plan = await createFaultPlan();
    const engine = new UploadEngine({ serverUrl: plan.serverUrl, metadata: { album: 'summer' }, checksumVerification: true });
    const file = randomFile('a.bin', 2048);
    await engine.addFiles([file]);
    await engine.start();
    const presignBody = (await plan.log()).bodies['presign']!;
    expect(presignBody).to.deep.equal({
      name: 'a.bin',
      type: 'application/octet-stream',
      size: 2048,
      metadata: { album: 'summer', checksumSha256: await sha256Of(file) },
      contentMd5: md5Base64(new Uint8Array(await file.arrayBuffer())),
    });
  });

  it('retries a failed file maxRetries times (retries, not attempts), then fails', async () => {
    const plan = await createFaultPlan({ fail: { presign: 10 } });
    const engine = new UploadEngine({ serverUrl: plan.serverUrl, maxRetries: 2, retryBaseDelayMs: 0 });
    const retries = recordEvents(engine, ['file-retry', 'file-failed']);
    await engine.addFiles([randomFile('a.bin', 10)]);
    const summary = await engine.start();
    expect(summary.failed).to.equal(1);
    expect(engine.files[0]).to.include({ state: 'failed', attempts: 3 });
    expect(engine.files[0]!.error).to.include({ code: 'HTTP_ERROR', status: 500, serverCode: 'STORAGE_ERROR' });
    expect(retries.map((event) => event.name)).to.deep.equal(['file-retry', 'file-retry', 'file-failed']);
    expect((await plan.log()).failedAnswers).to.equal(3);
  });

  it('succeeds on a retry after a transient handler failure', async () => {
    const plan = await createFaultPlan({ fail: { presign: 1 } });
    const engine = new UploadEngine({ serverUrl: plan.serverUrl, retryBaseDelayMs: 0 });
    const file = randomFile('a.bin', 5000);
    await engine.addFiles([file]);
    await engine.start();
    expect(engine.files[0]).to.include({ state: 'successful', attempts: 2 });
    expect(await sha256Of(await readBack(engine.files[0]!.result!.downloadUrl))).to.equal(await sha256Of(file));
  });

  it('marks a file failed without retrying when isSuccessfulCall rejects the storage response', async () => {
    const seen: number[] = [];
    const engine = new UploadEngine({
      serverUrl: '/api/upload',
      maxRetries: 3,
      retryBaseDelayMs: 0,
      isSuccessfulCall: async ({ status, headers }) => {
        seen.push(status);
        return typeof headers['x-never-sent'] === 'string';
      },
    });
    await engine.addFiles([randomFile('a.bin', 100)]);
    await engine.start();
    expect(seen).to.deep.equal([200]);
    expect(engine.files[0]).to.include({ state: 'failed', attempts: 1 });
    expect(engine.files[0]!.error).to.include({ code: 'REJECTED_BY_PREDICATE', retryable: false });
  });

  it('does not retry a rejection decided by the handler (4xx)', async () => {
    const engine = new UploadEngine({ serverUrl: '/api/upload', maxRetries: 3, retryBaseDelayMs: 0 });
    // FileMetadata requires a non-empty name: the handler answers 400.
    await engine.addFiles([new File(['x'], '')]);
    await engine.start();
    expect(engine.files[0]).to.include({ state: 'failed', attempts: 1 });
    expect(engine.files[0]!.error).to.include({ status: 400, retryable: false });
  });
});

describe('UploadEngine: uploadHeaders spelled any way', () => {
  it('sends one Content-Type when a server names it twice in different cases, and leaves Content-Length to the browser', async () => {
    const engine = new UploadEngine({ serverUrl: '/test-fixtures/header-spellings' });
    const file = randomFile('notes.txt', 4096, 'text/plain');
    await engine.addFiles([file]);
    const summary = await engine.start();
    expect(summary).to.include({ successful: 1, failed: 0 });
    const stored = await readBack(engine.files[0]!.result!.downloadUrl);
    expect(stored.type).to.equal('text/plain');
    expect(await sha256Of(stored)).to.equal(await sha256Of(file));
  });
});

describe('UploadEngine client mode (token endpoint on s3GeneratePresignedUrl)', () => {
  it('posts file metadata to uploadEndpoint and PUTs the bytes to storage', async () => {
    const engine = new UploadEngine({ uploadEndpoint: '/test-fixtures/client-token', provider: 'aws' });
    const file = randomFile('report.pdf', 64 * 1024, 'application/pdf');
    await engine.addFiles([file]);
    await engine.start();
    const [record] = engine.files;
    expect(record!.state).to.equal('successful');
    expect(record!.result!.key).to.match(/report\.pdf$/);
    const stored = await readBack(record!.result!.publicUrl);
    expect(await sha256Of(stored)).to.equal(await sha256Of(file));
  });
});
