import { expect } from '@open-wc/testing';
import { clearPersistedUploads, IndexedDbRecoveryStorage, UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { createFaultPlan, nextEvent, randomFile, recordEvents, sha256Of } from './helpers.js';

const MIB = 1024 * 1024;
const DAY_MS = 86_400_000;
const MULTIPART_PREFIX = 'svc-uploader:multipart:';
const TUS_PREFIX = 'svc-uploader:tus:';

function keysStartingWith(prefix: string): string[] {
  return Object.keys(localStorage).filter((key) => key.startsWith(prefix));
}

function multipartOptions(serverUrl: string, extra: Partial<EngineOptions> = {}): EngineOptions {
  return {
    serverUrl,
    resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, maxConcurrentParts: 1, retryDelays: [] },
    ...extra,
  };
}

/** An engine left with part 1 of `file` stored and its session remembered, as a closed tab leaves it. */
async function interruptAfterFirstPart(options: EngineOptions, file: File): Promise<void> {
  const engine = new UploadEngine(options);
  await engine.addFiles([file]);
  void engine.start();
  await nextEvent(engine, 'part-upload', ({ partNumber }) => partNumber === 1);
  engine.destroy();
}

async function resumeStatus(serverUrl: string, token: string): Promise<number> {
  const response = await fetch(`${serverUrl}/multipart/resume`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return response.status;
}

/** Polls a condition that depends on work the engine does in the background (aborts, removals). */
async function until(condition: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('Persisted multipart sessions and tus uploads', () => {
  afterEach(() => localStorage.clear());

  it('keys a resume record by a hash, without the file name, and gives it the resume window', async () => {
    const plan = await createFaultPlan();
    const before = Date.now();
    await interruptAfterFirstPart(multipartOptions(plan.serverUrl), randomFile('salary-review-2026.bin', 11 * MIB));
    const keys = keysStartingWith(MULTIPART_PREFIX);
    expect(keys).to.have.length(1);
    expect(keys[0]!.slice(MULTIPART_PREFIX.length)).to.match(/^[0-9a-f]{64}$/);
    const record = JSON.parse(localStorage.getItem(keys[0]!)!) as { expiresAt: number };
    expect(record.expiresAt).to.be.within(before + DAY_MS, Date.now() + DAY_MS);
  });

  it('ignores and removes a resume record past its expiry: the upload starts over', async () => {
    const plan = await createFaultPlan();
    const options = multipartOptions(plan.serverUrl);
    const file = randomFile('old.bin', 11 * MIB);
    await interruptAfterFirstPart(options, file);
    // As it reads a day later.
    const [key] = keysStartingWith(MULTIPART_PREFIX);
    const record = JSON.parse(localStorage.getItem(key!)!) as { expiresAt: number };
    localStorage.setItem(key!, JSON.stringify({ ...record, expiresAt: Date.now() - 1 }));
    const signedBefore = (await plan.log()).signedParts.length;

    const engine = new UploadEngine(options);
    const resumed = recordEvents(engine, ['file-resume']);
    await engine.addFiles([file]);
    const summary = await engine.start();
    expect(summary.successful).to.equal(1);
    expect(resumed).to.deep.equal([]);
    const log = await plan.log();
    expect(log.resumes).to.equal(0);
    expect(log.signedParts.slice(signedBefore)).to.deep.equal([1, 2, 3]);
    expect(keysStartingWith(MULTIPART_PREFIX)).to.deep.equal([]);
  });

  it('ignores and removes a resume record whose part size no upload could have: the upload starts over', async () => {
    const plan = await createFaultPlan();
    const options = multipartOptions(plan.serverUrl);
    const file = randomFile('sliced.bin', 11 * MIB);
    // Below S3's 5 MiB floor for a larger file, then 0 (a loop without end over the file's parts).
    for (const partSize of [3 * MIB, 0]) {
      await interruptAfterFirstPart(options, file);
      const [key] = keysStartingWith(MULTIPART_PREFIX);
      const record = JSON.parse(localStorage.getItem(key!)!) as { partSize: number };
      localStorage.setItem(key!, JSON.stringify({ ...record, partSize }));
      const resumesBefore = (await plan.log()).resumes;

      const engine = new UploadEngine(options);
      const resumed = recordEvents(engine, ['file-resume']);
      await engine.addFiles([file]);
      const summary = await engine.start();
      expect(summary.successful, `partSize ${partSize}`).to.equal(1);
      expect(resumed).to.deep.equal([]);
      expect((await plan.log()).resumes).to.equal(resumesBefore);
      expect(keysStartingWith(MULTIPART_PREFIX)).to.deep.equal([]);
    }
  });

  it('does not resume a session another user of the profile started', async () => {
    const plan = await createFaultPlan();
    const file = randomFile('shared-name.bin', 11 * MIB);
    await interruptAfterFirstPart(multipartOptions(plan.serverUrl, { persistenceKey: 'alice' }), file);
    const engine = new UploadEngine(multipartOptions(plan.serverUrl, { persistenceKey: 'bob' }));
    const resumed = recordEvents(engine, ['file-resume']);
    await engine.addFiles([file]);
    expect((await engine.start()).successful).to.equal(1);
    expect(resumed).to.deep.equal([]);
    expect((await plan.log()).resumes).to.equal(0);
  });

  it('removes the resume record when complete fails', async () => {
    const plan = await createFaultPlan({ fail: { 'multipart/complete': 100 } });
    const engine = new UploadEngine(multipartOptions(plan.serverUrl, { maxRetries: 0 }));
    await engine.addFiles([randomFile('never-completes.bin', 6 * MIB)]);
    const summary = await engine.start();
    expect(summary.failed).to.equal(1);
    expect((await plan.log()).failedAnswers).to.be.above(0);
    expect(keysStartingWith(MULTIPART_PREFIX)).to.deep.equal([]);
  });

  it("reset() aborts a failed file's upload and removes its resume record", async () => {
    const plan = await createFaultPlan({ failParts: { 2: 100 } });
    const engine = new UploadEngine(multipartOptions(plan.serverUrl, { maxRetries: 0 }));
    await engine.addFiles([randomFile('half.bin', 11 * MIB)]);
    expect((await engine.start()).failed).to.equal(1);
    const [key] = keysStartingWith(MULTIPART_PREFIX);
    const { token } = JSON.parse(localStorage.getItem(key!)!) as { token: string };
    engine.reset();
    await until(async () => keysStartingWith(MULTIPART_PREFIX).length === 0);
    // Gone from storage once the abort lands.
    await until(async () => (await resumeStatus(plan.serverUrl, token)) === 404);
    expect((await plan.log()).aborts).to.be.above(0);
  });

  it('keeps tus upload URLs under a hashed key without the file name, and drops them once expired', async () => {
    const options: EngineOptions = { resumable: { protocol: 'tus', endpoint: '/test-fixtures/tus', chunkSizeBytes: 256 * 1024 } };
    const file = randomFile('medical-scan.bin', 2 * MIB);
    const first = new UploadEngine(options);
    await first.addFiles([file]);
    void first.start();
    await nextEvent(first, 'file-upload-progress', ({ bytesUploaded }) => bytesUploaded >= 512 * 1024);
    first.pause();
    const keys = keysStartingWith(TUS_PREFIX);
    expect(keys).to.have.length(1);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).to.deep.equal([]);
    expect(keys[0]! + localStorage.getItem(keys[0]!)!).not.to.contain('medical-scan');
    const stored = JSON.parse(localStorage.getItem(keys[0]!)!) as { uploadUrl: string; expiresAt: number };
    expect(stored.expiresAt).to.be.above(Date.now() + DAY_MS - 60_000);
    first.destroy();

    localStorage.setItem(keys[0]!, JSON.stringify({ ...stored, expiresAt: Date.now() - 1 }));
    const second = new UploadEngine(options);
    await second.addFiles([file]);
    expect((await second.start()).successful).to.equal(1);
    const [record] = second.files;
    expect(record!.result!.url).not.to.equal(stored.uploadUrl);
    expect(await sha256Of(await (await fetch(record!.result!.url!)).blob())).to.equal(await sha256Of(file));
    expect(localStorage.getItem(keys[0]!)).to.equal(null);
  });

  it('resumes a tus upload in the same scope only', async () => {
    const options: EngineOptions = { resumable: { protocol: 'tus', endpoint: '/test-fixtures/tus', chunkSizeBytes: 256 * 1024 }, persistenceKey: 'alice' };
    const file = randomFile('draft.bin', 2 * MIB);
    const first = new UploadEngine(options);
    await first.addFiles([file]);
    void first.start();
    await nextEvent(first, 'file-upload-progress', ({ bytesUploaded }) => bytesUploaded >= 512 * 1024);
    first.pause();
    const { uploadUrl } = JSON.parse(localStorage.getItem(keysStartingWith(TUS_PREFIX)[0]!)!) as { uploadUrl: string };
    first.destroy();

    const otherUser = new UploadEngine({ ...options, persistenceKey: 'bob' });
    await otherUser.addFiles([file]);
    await otherUser.start();
    expect(otherUser.files[0]!.result!.url).not.to.equal(uploadUrl);

    const sameUser = new UploadEngine(options);
    await sameUser.addFiles([file]);
    await sameUser.start();
    expect(sameUser.files[0]!.result!.url).to.equal(uploadUrl);
  });

  it('clearPersistedUploads() removes crash-recovery files, resume records and tus URLs of every scope', async () => {
    const plan = await createFaultPlan();
    await interruptAfterFirstPart(multipartOptions(plan.serverUrl, { crashRecovery: true, persistenceKey: 'alice' }), randomFile('a.bin', 11 * MIB));
    const saved = new UploadEngine({ serverUrl: '/api/upload', crashRecovery: true, persistenceKey: 'bob' });
    await saved.addFiles([randomFile('b.bin', 100)]);
    await saved.whenPersisted();
    saved.destroy();
    localStorage.setItem(
      `${TUS_PREFIX}abc:1`,
      JSON.stringify({
        scope: 'x',
        uploadUrl: '/u',
        parallelUploadUrls: null,
        size: 1,
        creationTime: new Date().toISOString(),
        expiresAt: Date.now() + DAY_MS,
      }),
    );
    // Written by tus-js-client's own storage with its default fingerprint.
    localStorage.setItem('tus::tus-br-old-name.bin-application/octet-stream-10-1-/files::1', '{}');
    localStorage.setItem('unrelated', 'kept');

    await clearPersistedUploads();
    expect(Object.keys(localStorage)).to.deep.equal(['unrelated']);
    const storage = new IndexedDbRecoveryStorage();
    expect(await storage.getAll()).to.deep.equal([]);
    storage.close();
    const restored = new UploadEngine({ serverUrl: plan.serverUrl, crashRecovery: true, persistenceKey: 'alice' });
    await restored.ready;
    expect(restored.files).to.deep.equal([]);
  });

  it('engine.clearPersistedUploads() empties the list and aborts unfinished multipart uploads first', async () => {
    const plan = await createFaultPlan();
    const options = multipartOptions(plan.serverUrl, { crashRecovery: true, persistenceKey: 'alice' });
    const engine = new UploadEngine(options);
    await engine.addFiles([randomFile('in-flight.bin', 11 * MIB)]);
    void engine.start();
    await nextEvent(engine, 'part-upload', ({ partNumber }) => partNumber === 1);
    const { token } = JSON.parse(localStorage.getItem(keysStartingWith(MULTIPART_PREFIX)[0]!)!) as { token: string };
    await engine.clearPersistedUploads();
    expect(engine.files).to.deep.equal([]);
    expect(keysStartingWith(MULTIPART_PREFIX)).to.deep.equal([]);
    expect(await resumeStatus(plan.serverUrl, token)).to.equal(404);
    const storage = new IndexedDbRecoveryStorage();
    expect(await storage.getAll()).to.deep.equal([]);
    storage.close();
  });
});
