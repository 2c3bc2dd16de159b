import { expect } from '@open-wc/testing';
import { IndexedDbRecoveryStorage } from '../../../elements/index.js';
import { eventually, maybePart, mount, nextEvent, part, randomFile, recordEvents, sha256, storedBytes, unmountAll, until } from './helpers.js';

/** A handler whose requests wait until the test opens the gate, so "while uploading" is certain. */
function gatedServer(): { serverUrl: string; open(): Promise<void> } {
  const id = crypto.randomUUID();
  return {
    serverUrl: `/element-fixtures/gated/${id}/api`,
    open: async () => {
      await fetch(`/element-fixtures/gate/${id}`, { method: 'POST' });
    },
  };
}

describe('<svc-uploader> run controls', () => {
  afterEach(unmountAll);

  it('pauses and resumes from its buttons', async () => {
    const gate = gatedServer();
    const element = await mount(`<svc-uploader server-url="${gate.serverUrl}"></svc-uploader>`);
    const file = randomFile('paused.bin', 9000);
    await element.addFiles([file]);
    await element.updateComplete;
    const started = nextEvent(element, 'svc-file-upload-start');
    part(element, 'upload-button').click();
    await started;
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('[part="base"]')!.getAttribute('data-status')).to.equal('uploading');

    const paused = nextEvent(element, 'svc-upload-pause');
    const filePaused = nextEvent(element, 'svc-file-pause');
    part(element, 'pause-button').click();
    expect((await paused).detail.files.map((record) => record.name)).to.deep.equal(['paused.bin']);
    expect((await filePaused).detail).to.include({ reason: 'user' });
    await element.updateComplete;
    expect(part(element, 'file-status').textContent).to.equal('Paused');
    expect(part(element, 'announcer').textContent).to.equal('Upload paused');

    await gate.open();
    const resumed = nextEvent(element, 'svc-upload-resume');
    const complete = nextEvent(element, 'svc-file-upload-complete');
    part(element, 'resume-button').click();
    expect((await resumed).detail.files).to.have.length(1);
    const { detail } = await complete;
    expect(await sha256(await storedBytes(detail.result.downloadUrl!))).to.equal(await sha256(file));
  });

  it('cancels from its button unless a listener vetoes it', async () => {
    const gate = gatedServer();
    const element = await mount(`<svc-uploader server-url="${gate.serverUrl}"></svc-uploader>`);
    await element.addFiles([randomFile('canceled.bin', 2000)]);
    const started = nextEvent(element, 'svc-file-upload-start');
    void element.upload();
    await started;
    await element.updateComplete;

    const veto = (event: Event) => event.preventDefault();
    element.addEventListener('svc-upload-cancel', veto);
    const vetoed = nextEvent(element, 'svc-upload-cancel');
    part(element, 'cancel-button').click();
    expect((await vetoed).defaultPrevented).to.equal(true);
    expect(element.files[0]!.state).to.equal('uploading');

    element.removeEventListener('svc-upload-cancel', veto);
    const canceled = nextEvent(element, 'svc-file-cancel');
    const request = nextEvent(element, 'svc-upload-cancel');
    part(element, 'cancel-button').click();
    expect((await request).detail.files.map((file) => file.name)).to.deep.equal(['canceled.bin']);
    expect((await canceled).detail.file.state).to.equal('canceled');
    await element.updateComplete;
    expect(part(element, 'file-status').textContent).to.equal('Canceled');
    expect(maybePart(element, 'file-retry')).not.to.equal(null);
    await gate.open();
  });

  it('pauses while offline and continues when the connection is back', async () => {
    const gate = gatedServer();
    const element = await mount(`<svc-uploader server-url="${gate.serverUrl}"></svc-uploader>`);
    const file = randomFile('offline.bin', 6000);
    const events = recordEvents(element, ['svc-network-change', 'svc-file-pause']);
    await element.addFiles([file]);
    const started = nextEvent(element, 'svc-file-upload-start');
    void element.upload();
    await started;

    // The browser's own connectivity signal. Taking the page really offline would also cut the test
    // runner's connection to this page.
    const offline = nextEvent(element, 'svc-network-change', (event) => !event.detail.online);
    window.dispatchEvent(new Event('offline'));
    const { detail } = await offline;
    expect(detail.paused).to.deep.equal([element.files[0]!.id]);
    expect(events.find((event) => event.type === 'svc-file-pause')!.detail.reason).to.equal('offline');
    await element.updateComplete;
    expect(part(element, 'offline-banner').textContent!.trim()).to.equal('You are offline. Uploads will continue when the connection is back.');
    expect(part(element, 'file-status').textContent).to.equal('Paused: offline');

    await gate.open();
    const complete = nextEvent(element, 'svc-file-upload-complete');
    const online = nextEvent(element, 'svc-network-change', (event) => event.detail.online);
    window.dispatchEvent(new Event('online'));
    expect((await online).detail.resumed).to.have.length(1);
    const stored = await complete;
    expect(await sha256(await storedBytes(stored.detail.result.downloadUrl!))).to.equal(await sha256(file));
    await until(element, () => maybePart(element, 'offline-banner') === null, 'the offline banner to go');
  });

  it('resumes, in a new element, the multipart session an element removed mid-upload left behind', async () => {
    const MiB = 1024 * 1024;
    const resumable = '{"protocol":"multipart","thresholdBytes":1048576,"chunkSizeBytes":5242880,"maxConcurrentParts":1}';
    const first = await mount(`<svc-uploader server-url="/api/upload" resumable='${resumable}'></svc-uploader>`);
    const file = randomFile('resumed.bin', 11 * MiB);
    await first.addFiles([file]);
    const firstPart = nextEvent(first, 'svc-part-upload');
    void first.upload();
    expect((await firstPart).detail.partNumber).to.equal(1);
    first.remove();

    const second = await mount(`<svc-uploader server-url="/api/upload" resumable='${resumable}'></svc-uploader>`);
    await second.addFiles([file]);
    const resumed = nextEvent(second, 'svc-file-resume');
    const complete = nextEvent(second, 'svc-file-upload-complete');
    void second.upload();
    expect((await resumed).detail.skippedParts).to.include(1);
    const { detail } = await complete;
    expect(await sha256(await storedBytes(detail.result.downloadUrl!))).to.equal(await sha256(file));
  });

  it('restores the list after a reload with crash-recovery', async () => {
    const first = await mount('<svc-uploader server-url="/api/upload" crash-recovery persistence-key="alice"></svc-uploader>');
    const file = randomFile('recovered.bin', 3000);
    await first.addFiles([file]);
    // What a reload would find: the file's bytes stored in the browser.
    const storage = new IndexedDbRecoveryStorage();
    await eventually(async () => (await storage.getAll()).some((entry) => entry.name === 'recovered.bin'), 'the file in IndexedDB');
    storage.close();
    first.remove();

    const restored = new Promise<CustomEvent>((resolve) => document.addEventListener('svc-files-restore', resolve as EventListener, { once: true }));
    const second = await mount('<svc-uploader server-url="/api/upload" crash-recovery persistence-key="alice"></svc-uploader>');
    const { detail } = await restored;
    expect(detail.files.map((record: { name: string }) => record.name)).to.deep.equal(['recovered.bin']);
    await second.updateComplete;
    expect(part(second, 'file-name').textContent).to.equal('recovered.bin');
    expect(await sha256(second.files[0]!.file)).to.equal(await sha256(file));
    second.reset();
  });
});
