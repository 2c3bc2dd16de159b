import { expect } from '@open-wc/testing';
import { UploadEngine, type EngineOptions } from '../../../engine/index.js';
import { eventually } from '../eventually.js';
import { createFaultPlan, nextEvent, randomFile, readBack, recordEvents, sha256Of } from './helpers.js';

const MIB = 1024 * 1024;
const MULTIPART_PREFIX = 'svc-uploader:multipart:';

type EngineModule = typeof import('../../../engine/index.js');

interface Tab {
  module: EngineModule;
  /** The same bytes as a File of the tab's own realm (its engine checks `instanceof File`). */
  inTab(file: File): File;
  close(): void;
}

/**
 * A second page of this browser context (a tab the test page opened), with its own copy of the
 * engine module. Closing it is what a user closing the tab does: the browser lets go of its Web Locks.
 */
async function openTab(): Promise<Tab> {
  const page = window.open('about:blank', '_blank');
  if (!page) throw new Error('The browser refused to open a second page');
  const realm = page as Window & typeof globalThis & { engineModule?: EngineModule };
  const loaded = new Promise<void>((resolve) => {
    const onMessage = (event: MessageEvent): void => {
      if (event.source !== page || event.data !== 'tab-ready') return;
      window.removeEventListener('message', onMessage);
      resolve();
    };
    window.addEventListener('message', onMessage);
  });
  const script = page.document.createElement('script');
  script.type = 'module';
  script.textContent = `import * as engine from '${location.origin}/engine/index.ts'; window.engineModule = engine; opener.postMessage('tab-ready', '*');`;
  page.document.head.append(script);
  await loaded;
  return {
    module: realm.engineModule!,
    inTab: (file) => new realm.File([file], file.name, { type: file.type, lastModified: file.lastModified }),
    close: () => page.close(),
  };
}

function multipartOptions(serverUrl: string): EngineOptions {
  return {
    serverUrl,
    uploaderId: 'tabs',
    persistenceKey: 'alice',
    resumable: { protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, maxConcurrentParts: 1, retryDelays: [] },
  };
}

function resumeRecords(): string[] {
  return Object.keys(localStorage).filter((key) => key.startsWith(MULTIPART_PREFIX));
}

/** Starts `file` in `tab` and pauses it once part 1 is stored: the session is remembered and the tab still has it. */
async function pauseAfterFirstPart(tab: Tab, serverUrl: string, file: File): Promise<UploadEngine> {
  const engine = new tab.module.UploadEngine(multipartOptions(serverUrl)) as unknown as UploadEngine;
  await engine.addFiles([tab.inTab(file)]);
  void engine.start();
  await nextEvent(engine, 'part-upload', ({ partNumber }) => partNumber === 1);
  engine.pause();
  await eventually(() => engine.files[0]?.state === 'paused', 'the first tab to pause');
  return engine;
}

describe('UploadEngine multipart sessions across tabs', () => {
  afterEach(() => localStorage.clear());

  it('the same file picked in a second tab does not continue the session the first tab still holds', async () => {
    const plan = await createFaultPlan();
    const file = randomFile('both-tabs.bin', 11 * MIB);
    const tab1 = await openTab();
    try {
      const first = await pauseAfterFirstPart(tab1, plan.serverUrl, file);
      const [record] = resumeRecords();
      const remembered = localStorage.getItem(record!);

      const second = new UploadEngine(multipartOptions(plan.serverUrl));
      const resumed = recordEvents(second, ['file-resume']);
      await second.addFiles([file]);
      const secondSummary = await second.start();
      expect(secondSummary.successful, second.files[0]?.error?.message).to.equal(1);
      // Its own upload from the first byte, and the first tab's record untouched.
      expect(resumed).to.deep.equal([]);
      expect(resumeRecords()).to.deep.equal([record]);
      expect(localStorage.getItem(record!)).to.equal(remembered);

      // The first tab continues its own session to the end.
      const firstSummary = await first.resume();
      expect(firstSummary.successful, first.files[0]?.error?.message).to.equal(1);
      const log = await plan.log();
      expect(log.statuses.filter((status) => status.startsWith('multipart/init'))).to.deep.equal(['multipart/init 200', 'multipart/init 200']);
      expect(log.completes).to.equal(2);
      expect(log.aborts).to.equal(0);
      const digest = await sha256Of(file);
      expect(await sha256Of(await readBack(second.files[0]!.result!.downloadUrl))).to.equal(digest);
      expect(await sha256Of(await readBack(first.files[0]!.result!.downloadUrl))).to.equal(digest);
      expect(resumeRecords()).to.deep.equal([]);
      first.destroy();
      second.destroy();
    } finally {
      tab1.close();
    }
  });

  it('removing the same file in a second tab does not abort the session the first tab holds', async () => {
    const plan = await createFaultPlan();
    const file = randomFile('removed-elsewhere.bin', 11 * MIB);
    const tab1 = await openTab();
    try {
      const first = await pauseAfterFirstPart(tab1, plan.serverUrl, file);
      const second = new UploadEngine(multipartOptions(plan.serverUrl));
      await second.addFiles([file]);
      second.removeFile(second.files[0]!.id);
      await second.whenPersisted();

      const summary = await first.resume();
      expect(summary.successful, first.files[0]?.error?.message).to.equal(1);
      expect((await plan.log()).aborts).to.equal(0);
      expect(await sha256Of(await readBack(first.files[0]!.result!.downloadUrl))).to.equal(await sha256Of(file));
      first.destroy();
      second.destroy();
    } finally {
      tab1.close();
    }
  });

  it('once the first tab closes, the same file picked in another tab continues its session', async () => {
    const plan = await createFaultPlan();
    const file = randomFile('taken-over.bin', 11 * MIB);
    const tab1 = await openTab();
    await pauseAfterFirstPart(tab1, plan.serverUrl, file);
    tab1.close();

    // The browser lets go of a closed tab's locks on its own time.
    await eventually(async () => {
      const { held = [] } = await navigator.locks.query();
      return !held.some((lock) => lock.name?.startsWith(MULTIPART_PREFIX));
    }, 'the closed tab to let go of its session');

    const second = new UploadEngine(multipartOptions(plan.serverUrl));
    const resumed = recordEvents(second, ['file-resume']);
    await second.addFiles([file]);
    expect((await second.start()).successful, second.files[0]?.error?.message).to.equal(1);
    expect(resumed.map(({ detail }) => detail.skippedParts)).to.deep.equal([[1]]);
    expect((await plan.log()).statuses.filter((status) => status.startsWith('multipart/init'))).to.deep.equal(['multipart/init 200']);
    expect(await sha256Of(await readBack(second.files[0]!.result!.downloadUrl))).to.equal(await sha256Of(file));
    second.destroy();
  });
});
