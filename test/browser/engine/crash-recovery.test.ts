import { expect } from '@open-wc/testing';
import { IndexedDbRecoveryStorage, UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { createFaultPlan, nextEvent, randomFile, readBack, recordEvents, sha256Of } from './helpers.js';

const MIB = 1024 * 1024;

async function clearRecovery(): Promise<void> {
  const storage = new IndexedDbRecoveryStorage();
  await storage.clear();
  storage.close();
}

describe('UploadEngine crashRecovery', () => {
  beforeEach(clearRecovery);
  afterEach(async () => {
    localStorage.clear();
    await clearRecovery();
  });

  it('restores the real files (bytes, not names) after a reload', async () => {
    const files = [randomFile('a.png', 2000, 'image/png'), randomFile('b.txt', 3000, 'text/plain')];
    const first = new UploadEngine({ serverUrl: '/api/upload', persistenceKey: 'alice', crashRecovery: true });
    await first.addFiles(files, 'camera');
    await first.whenPersisted();
    first.destroy();

    const second = new UploadEngine({ serverUrl: '/api/upload', persistenceKey: 'alice', crashRecovery: true });
    const restored = recordEvents(second, ['files-restore']);
    await second.ready;
    expect(second.files.map((file) => [file.name, file.type, file.size, file.source, file.state])).to.deep.equal([
      ['a.png', 'image/png', 2000, 'camera', 'queued'],
      ['b.txt', 'text/plain', 3000, 'camera', 'queued'],
    ]);
    expect(restored).to.have.length(1);
    for (const [index, file] of files.entries()) {
      expect(await sha256Of(second.files[index]!.file)).to.equal(await sha256Of(file));
    }
    // Restored files upload like any other; success clears them from recovery.
    expect((await second.start()).successful).to.equal(2);
    await second.whenPersisted();
    const third = new UploadEngine({ serverUrl: '/api/upload', persistenceKey: 'alice', crashRecovery: true });
    await third.ready;
    expect(third.files).to.deep.equal([]);
  });

  it('resumes an interrupted multipart upload after a reload, skipping stored parts', async () => {
    const plan = await createFaultPlan();
    const options: EngineOptions = {
      serverUrl: plan.serverUrl,
      persistenceKey: 'alice',
      crashRecovery: true,
      resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, maxConcurrentParts: 1 },
    };
    const file = randomFile('movie.mp4', 15 * MIB, 'video/mp4');
    const first = new UploadEngine(options);
    await first.addFiles([file]);
    void first.start();
    await nextEvent(first, 'part-upload', ({ partNumber }) => partNumber === 1);
    await first.whenPersisted();
    first.destroy();
    const signedBefore = (await plan.log()).signedParts.length;

    const second = new UploadEngine(options);
    const resumed = nextEvent(second, 'file-resume');
    const done = nextEvent(second, 'files-upload-complete');
    await second.ready;
    expect((await resumed).skippedParts).to.deep.equal([1]);
    await done;
    const [record] = second.files;
    expect(record!.state).to.equal('successful');
    expect(await sha256Of(await readBack(record!.result!.downloadUrl))).to.equal(await sha256Of(file));
    expect((await plan.log()).signedParts.slice(signedBefore)).to.deep.equal([2, 3]);
  });

  it('sweeps entries older than the TTL', async () => {
    const first = new UploadEngine({ persistenceKey: 'alice', crashRecovery: { ttlMs: 30 } });
    await first.addFiles([randomFile('old.bin', 100)]);
    await first.whenPersisted();
    first.destroy();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const second = new UploadEngine({ persistenceKey: 'alice', crashRecovery: { ttlMs: 30 } });
    await second.ready;
    expect(second.files).to.deep.equal([]);
    const storage = new IndexedDbRecoveryStorage();
    expect(await storage.getAll()).to.deep.equal([]);
    storage.close();
  });

  it('skips files it cannot afford to keep and says so', async () => {
    const first = new UploadEngine({ persistenceKey: 'alice', crashRecovery: { maxFileBytes: 1000 } });
    const errors = recordEvents(first, ['error']);
    await first.addFiles([randomFile('big.bin', 5000), randomFile('small.bin', 500)]);
    await first.whenPersisted();
    expect(errors.map((event) => event.detail.code)).to.deep.equal(['STORAGE_QUOTA']);
    first.destroy();
    const second = new UploadEngine({ persistenceKey: 'alice', crashRecovery: true });
    await second.ready;
    expect(second.files.map((file) => file.name)).to.deep.equal(['small.bin']);
  });

  it('uses a custom storage in the object form', async () => {
    const saved = new Map<string, unknown>();
    const storage = {
      getAll: async () => [...saved.values()] as never,
      put: async (entry: { id: string }) => void saved.set(entry.id, entry),
      delete: async (id: string) => void saved.delete(id),
      clear: async () => saved.clear(),
    };
    const engine = new UploadEngine({ persistenceKey: 'alice', crashRecovery: { storage } });
    await engine.addFiles([randomFile('a.bin', 10)]);
    await engine.whenPersisted();
    expect([...saved.keys()]).to.deep.equal([engine.files[0]!.id]);
    engine.removeFile(engine.files[0]!.id);
    await engine.whenPersisted();
    expect(saved.size).to.equal(0);
  });
});
