import { expect } from '@open-wc/testing';
import { IndexedDbRecoveryStorage, UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { createFaultPlan, nextEvent, randomFile, recordEvents } from './helpers.js';

const MIB = 1024 * 1024;

async function storedRecords(): Promise<Array<{ name: string }>> {
  const storage = new IndexedDbRecoveryStorage();
  const records = await storage.getAll();
  storage.close();
  return records;
}

async function clearRecovery(): Promise<void> {
  const storage = new IndexedDbRecoveryStorage();
  await storage.clear();
  storage.close();
}

/** Files kept by one engine with `options`, which then goes away as a closed page would. */
async function leaveBehind(options: EngineOptions, files: File[]): Promise<void> {
  const engine = new UploadEngine({ crashRecovery: true, ...options });
  await engine.addFiles(files);
  await engine.whenPersisted();
  engine.destroy();
}

async function restoredNames(options: EngineOptions): Promise<{ engine: UploadEngine; names: string[] }> {
  const engine = new UploadEngine({ crashRecovery: true, ...options });
  await engine.ready;
  return { engine, names: engine.files.map((file) => file.name) };
}

describe('UploadEngine crashRecovery scope', () => {
  beforeEach(clearRecovery);
  afterEach(async () => {
    localStorage.clear();
    await clearRecovery();
  });

  it('restores files only into an uploader of the same target, id and user', async () => {
    const scope = { serverUrl: '/api/upload', uploaderId: 'contract', persistenceKey: 'alice' };
    await leaveBehind(scope, [randomFile('contract.pdf', 3000, 'application/pdf')]);

    const otherUploader = await restoredNames({ ...scope, uploaderId: 'avatar' });
    const otherUser = await restoredNames({ ...scope, persistenceKey: 'bob' });
    const otherTarget = await restoredNames({ ...scope, serverUrl: '/other/upload' });
    const anonymous = await restoredNames({ serverUrl: '/api/upload' });
    expect([otherUploader.names, otherUser.names, otherTarget.names, anonymous.names]).to.deep.equal([[], [], [], []]);
    for (const { engine } of [otherUploader, otherUser, otherTarget, anonymous]) engine.destroy();

    // The owner still gets its file back: the others neither took nor deleted it.
    const owner = await restoredNames(scope);
    expect(owner.names).to.deep.equal(['contract.pdf']);
  });

  it('keeps the user key out of storage: records carry only a hash of the scope', async () => {
    await leaveBehind({ serverUrl: '/api/upload', persistenceKey: 'alice@example.com' }, [randomFile('a.bin', 10)]);
    const [record] = (await storedRecords()) as Array<{ scope?: string }>;
    expect(record!.scope).to.match(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(record)).not.to.contain('alice');
  });

  it('applies onBeforeFileAdded and the type limit again to restored files, reporting refusals', async () => {
    const scope = { serverUrl: '/api/upload', uploaderId: 'photos', persistenceKey: 'alice' };
    await leaveBehind(scope, [
      randomFile('a.png', 100, 'image/png'),
      randomFile('blocked.png', 100, 'image/png'),
      randomFile('report.pdf', 100, 'application/pdf'),
    ]);
    const engine = new UploadEngine({
      ...scope,
      crashRecovery: true,
      allowedFileTypes: 'image/*',
      onBeforeFileAdded: (file) => file.name !== 'blocked.png',
    });
    const rejections = recordEvents(engine, ['file-reject']);
    const restorations = recordEvents(engine, ['files-restore']);
    await engine.ready;
    expect(engine.files.map((file) => file.name)).to.deep.equal(['a.png']);
    const rejected = rejections.map(({ detail }) => [detail.file.name, detail.reason]);
    expect(rejected.sort()).to.deep.equal([
      ['blocked.png', 'REJECTED_BY_HOOK'],
      ['report.pdf', 'TYPE_MISMATCH'],
    ]);
    expect(restorations.map(({ detail }) => detail.files.map((file) => file.name))).to.deep.equal([['a.png']]);
    // A refused file is forgotten, not offered again on the next load.
    await engine.whenPersisted();
    expect((await storedRecords()).map((record) => record.name)).to.deep.equal(['a.png']);
  });

  it('applies maxFiles to restored files', async () => {
    const scope = { serverUrl: '/api/upload', uploaderId: 'avatar', persistenceKey: 'alice' };
    await leaveBehind(scope, [randomFile('one.png', 100, 'image/png'), randomFile('two.png', 100, 'image/png')]);
    const engine = new UploadEngine({ ...scope, crashRecovery: true, maxFiles: 1 });
    const rejected = recordEvents(engine, ['file-reject']);
    await engine.ready;
    expect(engine.files).to.have.length(1);
    expect(rejected.map((event) => event.detail.reason)).to.deep.equal(['LIMIT_EXCEEDED']);
  });

  it('does not upload a refused mid-upload file, and aborts its multipart upload', async () => {
    const plan = await createFaultPlan();
    const options: EngineOptions = {
      serverUrl: plan.serverUrl,
      uploaderId: 'documents',
      persistenceKey: 'alice',
      crashRecovery: true,
      resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, maxConcurrentParts: 1 },
    };
    const first = new UploadEngine(options);
    await first.addFiles([randomFile('scan.pdf', 11 * MIB, 'application/pdf')]);
    void first.start();
    await nextEvent(first, 'part-upload', ({ partNumber }) => partNumber === 1);
    await first.whenPersisted();
    first.destroy();
    const [recordKey] = Object.keys(localStorage).filter((key) => key.startsWith('svc-uploader:multipart:'));
    const { token } = JSON.parse(localStorage.getItem(recordKey!)!) as { token: string };
    const signedBefore = (await plan.log()).signedParts.length;

    // Same uploader, but the page now takes one image only and uploads on its own.
    const second = new UploadEngine({ ...options, allowedFileTypes: 'image/*', maxFiles: 1, autoUpload: true });
    const started = recordEvents(second, ['upload-start', 'file-state-change']);
    const rejected = nextEvent(second, 'file-reject');
    await second.ready;
    expect((await rejected).reason).to.equal('TYPE_MISMATCH');
    expect(second.files).to.deep.equal([]);
    await until(async () => Object.keys(localStorage).every((key) => !key.startsWith('svc-uploader:multipart:')) && (await plan.log()).aborts > 0);
    expect(started).to.deep.equal([]);
    const log = await plan.log();
    expect(log.signedParts.length).to.equal(signedBefore);
    expect(log.completes).to.equal(0);
    // The handler stops knowing the upload once the abort lands: storage discarded its parts.
    const resumeStatus = async (): Promise<number> =>
      (await fetch(`${plan.serverUrl}/multipart/resume`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) }))
        .status;
    await until(async () => (await resumeStatus()) === 404);
  });

  it("restores a user's files once the user key arrives after start-up", async () => {
    const scope = { serverUrl: '/api/upload', uploaderId: 'inbox' };
    await leaveBehind({ ...scope, persistenceKey: 'alice' }, [randomFile('late.bin', 100)]);
    const engine = new UploadEngine({ ...scope, crashRecovery: true });
    await engine.ready;
    expect(engine.files).to.deep.equal([]);
    const restored = nextEvent(engine, 'files-restore');
    engine.setOptions({ persistenceKey: 'alice' });
    expect((await restored).files.map((file) => file.name)).to.deep.equal(['late.bin']);
    expect(engine.files.map((file) => file.name)).to.deep.equal(['late.bin']);
  });

  it('restores a file into one uploader of the page, not into each uploader of the same scope', async () => {
    const scope = { serverUrl: '/api/upload', persistenceKey: 'alice' };
    await leaveBehind(scope, [randomFile('shared.png', 100, 'image/png')]);
    const first = await restoredNames(scope);
    const second = await restoredNames(scope);
    expect([first.names, second.names]).to.deep.equal([['shared.png'], []]);
    // Once the first one is gone, a later uploader of the page may take the file over.
    first.engine.destroy();
    const third = await restoredNames(scope);
    expect(third.names).to.deep.equal(['shared.png']);
  });

  it('an engine back in use after destroy() owns its listed files again', async () => {
    const scope = { serverUrl: '/api/upload', persistenceKey: 'alice' };
    await leaveBehind(scope, [randomFile('moved.png', 100, 'image/png')]);
    const first = await restoredNames(scope);
    first.engine.destroy();
    // What the element does when it is put back on the page.
    first.engine.setOptions({});
    const second = await restoredNames(scope);
    expect([first.names, second.names]).to.deep.equal([['moved.png'], []]);
  });

  it("reset() removes the records of its own scope and leaves other uploaders' records alone", async () => {
    await leaveBehind({ serverUrl: '/api/upload', uploaderId: 'left', persistenceKey: 'alice' }, [randomFile('left.bin', 10)]);
    const right = new UploadEngine({ serverUrl: '/api/upload', uploaderId: 'right', persistenceKey: 'alice', crashRecovery: true });
    await right.addFiles([randomFile('right.bin', 10)]);
    await right.whenPersisted();
    right.reset();
    await right.whenPersisted();
    expect((await storedRecords()).map((record) => record.name)).to.deep.equal(['left.bin']);
  });
});

/** Polls a condition that depends on work the engine does in the background (aborts, removals). */
async function until(condition: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}
