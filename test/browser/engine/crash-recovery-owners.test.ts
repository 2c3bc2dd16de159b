import { expect } from '@open-wc/testing';
import { IndexedDbRecoveryStorage, UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { eventually } from '../eventually.js';
import { createFaultPlan, nextEvent, randomFile, readBack, sha256Of } from './helpers.js';

const MIB = 1024 * 1024;

type EngineModule = typeof import('../../../engine/index.js');

/**
 * Another tab of this origin: a same-origin frame with its own copy of the engine module, as a
 * second tab has. Removing the frame closes that tab (the browser lets go of its Web Locks).
 */
async function openTab(): Promise<{ frame: HTMLIFrameElement; module: EngineModule; inFrame(file: File): File }> {
  const frame = document.createElement('iframe');
  const ready = new Promise<void>((resolve) => {
    const onMessage = (event: MessageEvent): void => {
      if (event.source !== frame.contentWindow || event.data !== 'tab-ready') return;
      window.removeEventListener('message', onMessage);
      resolve();
    };
    window.addEventListener('message', onMessage);
  });
  frame.srcdoc = `<script type="module">import * as engine from '/engine/index.ts'; window.engineModule = engine; parent.postMessage('tab-ready', '*');</script>`;
  document.body.append(frame);
  await ready;
  const realm = frame.contentWindow as Window & typeof globalThis & { engineModule: EngineModule };
  return {
    frame,
    module: realm.engineModule,
    // The same bytes as the frame's own File: the engine of that realm checks `instanceof File`.
    inFrame: (file) => new realm.File([file], file.name, { type: file.type, lastModified: file.lastModified }),
  };
}

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

function multipartScope(serverUrl: string): EngineOptions {
  return {
    serverUrl,
    uploaderId: 'tabs',
    persistenceKey: 'alice',
    crashRecovery: true,
    resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, maxConcurrentParts: 1 },
  };
}

describe('UploadEngine crash recovery: tabs, users and removed uploaders', () => {
  beforeEach(clearRecovery);
  afterEach(async () => {
    for (const frame of document.querySelectorAll('iframe')) frame.remove();
    localStorage.clear();
    await clearRecovery();
  });

  it('a second tab leaves a file the first tab is uploading alone; the first tab stores it once', async () => {
    // Slow signing keeps the first tab's upload going while the second tab opens.
    const plan = await createFaultPlan({ signDelayMs: 400 });
    const tab1 = await openTab();
    const owner = new tab1.module.UploadEngine(multipartScope(plan.serverUrl));
    const file = randomFile('live.bin', 16 * MIB);
    await owner.addFiles([tab1.inFrame(file)]);
    const finished = owner.start();
    await nextEvent(owner as unknown as UploadEngine, 'part-upload', ({ partNumber }) => partNumber === 1);
    await owner.whenPersisted();

    const tab2 = new UploadEngine(multipartScope(plan.serverUrl));
    await tab2.ready;
    expect(tab2.files).to.deep.equal([]);
    // Emptying the second tab's list (what removing would do) neither aborts nor forgets the upload.
    tab2.reset();
    await tab2.whenPersisted();

    await finished;
    const [record] = owner.files;
    expect(record!.state, record!.error?.message).to.equal('successful');
    const log = await plan.log();
    expect(log.statuses.filter((status) => status.startsWith('multipart/init'))).to.deep.equal(['multipart/init 200']);
    expect(log.completes).to.equal(1);
    expect(log.aborts).to.equal(0);
    expect(await sha256Of(await readBack(record!.result!.downloadUrl))).to.equal(await sha256Of(file));
    tab2.destroy();
  });

  it('a second tab takes the file over once the tab uploading it closes, and finishes it', async () => {
    const plan = await createFaultPlan({ signDelayMs: 400 });
    const tab1 = await openTab();
    const owner = new tab1.module.UploadEngine(multipartScope(plan.serverUrl));
    const file = randomFile('handover.bin', 16 * MIB);
    await owner.addFiles([tab1.inFrame(file)]);
    void owner.start();
    await nextEvent(owner as unknown as UploadEngine, 'part-upload', ({ partNumber }) => partNumber === 1);
    await owner.whenPersisted();

    const tab2 = new UploadEngine(multipartScope(plan.serverUrl));
    await tab2.ready;
    expect(tab2.files).to.deep.equal([]);
    const restored = nextEvent(tab2, 'files-restore');
    tab1.frame.remove();
    expect((await restored).files.map((restoredFile) => restoredFile.name)).to.deep.equal(['handover.bin']);
    await eventually(() => tab2.files[0]?.state === 'successful' || tab2.files[0]?.state === 'failed', 'the taken-over upload to settle');
    const [record] = tab2.files;
    expect(record!.state, record!.error?.message).to.equal('successful');
    expect(await sha256Of(await readBack(record!.result!.downloadUrl))).to.equal(await sha256Of(file));
    expect((await plan.log()).completes).to.equal(1);
    tab2.destroy();
  });

  it("does not restore user A's file into user B's uploader when neither names its user", async () => {
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      const userA = new UploadEngine({ serverUrl: '/api/upload', crashRecovery: true });
      await userA.addFiles([randomFile('a-private.pdf', 3000, 'application/pdf')]);
      await userA.whenPersisted();
      userA.destroy();

      const userB = new UploadEngine({ serverUrl: '/api/upload', crashRecovery: true, autoUpload: true });
      await userB.ready;
      expect(userB.files).to.deep.equal([]);
      expect(await storedRecords()).to.deep.equal([]);
      userB.destroy();
    } finally {
      console.warn = warn;
    }
    // Said once, whatever the number of uploaders.
    expect(warnings.filter(([message]) => String(message).includes('persistenceKey'))).to.have.length(1);
  });

  it('an uploader removed while its restore runs leaves the files to the next uploader', async () => {
    const scope: EngineOptions = { serverUrl: '/api/upload', uploaderId: 'removed', persistenceKey: 'alice', crashRecovery: true };
    const first = new UploadEngine(scope);
    await first.addFiles([randomFile('kept.png', 100, 'image/png')]);
    await first.whenPersisted();
    first.destroy();

    const removed = new UploadEngine(scope);
    // Removed from the page before its restore could finish.
    removed.destroy();
    await removed.ready;

    const next = new UploadEngine(scope);
    await next.ready;
    expect(next.files.map((file) => file.name)).to.deep.equal(['kept.png']);
    next.destroy();
  });
});
