import { expect } from '@open-wc/testing';
import { IndexedDbRecoveryStorage } from '../../../elements/index.js';
import { RE_EMITTED_ENGINE_EVENTS } from '../../../elements/svc-uploader/engine-bridge.js';
import { DEPRECATED_ENGINE_EVENT_NAMES, type DeprecatedEngineEventName, type EngineEventName } from '../../../engine/core/events.js';
import { createNetworkPlan } from '../engine/network-plan.js';
import { eventually, nextEvent, randomFile, unmountAll, type SvcUploader } from './helpers.js';

type ReEmitted = (typeof RE_EMITTED_ENGINE_EVENTS)[number];

/** What one element saw: each table event as the engine emitted it, under its old name, and as a DOM event. */
interface EventLog {
  engine: Map<EngineEventName, object[]>;
  oldName: Map<DeprecatedEngineEventName, object[]>;
  dom: Map<ReEmitted, object[]>;
}

const MiB = 1024 * 1024;
const verified = new Set<ReEmitted>();
const verifiedOldNames = new Set<DeprecatedEngineEventName>();

/**
 * Mounts an uploader and listens to its engine before the engine can emit anything (crash
 * recovery starts in the engine's constructor), so every emission is seen.
 */
async function mountWatched(markup: string): Promise<{ element: SvcUploader; log: EventLog }> {
  const host = document.createElement('div');
  host.className = 'test-host';
  host.innerHTML = markup;
  const element = host.querySelector('svc-uploader')!;
  const log: EventLog = { engine: new Map(), oldName: new Map(), dom: new Map() };
  const push = <Key>(map: Map<Key, object[]>, key: Key, detail: object) => map.set(key, [...(map.get(key) ?? []), detail]);
  // The engine loads on first use; asking for it builds it, still before the element is placed.
  const engine = await element.whenEngine();
  for (const name of RE_EMITTED_ENGINE_EVENTS) {
    engine.on(name, (detail: object) => push(log.engine, name, detail));
    element.addEventListener(`svc-${name}`, (event) => push(log.dom, name, (event as CustomEvent<object>).detail));
  }
  for (const oldName of Object.keys(DEPRECATED_ENGINE_EVENT_NAMES) as DeprecatedEngineEventName[]) {
    engine.on(oldName, (detail: object) => push(log.oldName, oldName, detail));
  }
  document.body.append(host);
  await element.updateComplete;
  return { element, log };
}

/**
 * Each emission of `name` by the engine reached the page as `svc-<name>` carrying the same detail
 * (the same object, and field by field the same values), and nothing else did.
 */
function expectReEmitted(log: EventLog, name: ReEmitted): void {
  const emitted = log.engine.get(name) ?? [];
  const dispatched = log.dom.get(name) ?? [];
  expect(emitted.length, `engine emissions of ${name}`).to.be.greaterThan(0);
  expect(dispatched.length, `svc-${name} events`).to.equal(emitted.length);
  for (const [index, engineDetail] of emitted.entries()) {
    const domDetail = dispatched[index]! as Record<string, unknown>;
    expect(Object.keys(domDetail), `fields of svc-${name} #${index}`).to.deep.equal(Object.keys(engineDetail));
    for (const [field, value] of Object.entries(engineDetail)) {
      expect(domDetail[field], `svc-${name} #${index}: ${field}`).to.equal(value);
    }
    expect(domDetail, `svc-${name} #${index}`).to.equal(engineDetail);
  }
  verified.add(name);
}

/** Listeners under an event's old name got exactly what listeners under its new name got. */
function expectOldNamesHeard(log: EventLog): void {
  for (const [oldName, name] of Object.entries(DEPRECATED_ENGINE_EVENT_NAMES) as Array<[DeprecatedEngineEventName, ReEmitted]>) {
    const emitted = log.engine.get(name) ?? [];
    if (emitted.length === 0) continue;
    expect(log.oldName.get(oldName) ?? [], `listeners of ${oldName}`).to.deep.equal(emitted);
    for (const [index, detail] of (log.oldName.get(oldName) ?? []).entries()) expect(detail).to.equal(emitted[index]);
    verifiedOldNames.add(oldName);
  }
}

describe("<svc-uploader> speaks the engine's event vocabulary", () => {
  afterEach(unmountAll);

  it("re-emits the events of an upload run, a refusal and a processing result with the engine's details", async () => {
    const { element, log } = await mountWatched(
      '<svc-uploader server-url="/api/upload" allowed-file-types="image/*" processing-endpoint="/test-fixtures/processing?mode=ok"></svc-uploader>',
    );
    await element.addFiles([randomFile('picture.png', 40_000, 'image/png'), randomFile('notes.txt', 100, 'text/plain')]);
    const processed = nextEvent(element, 'svc-file-process');
    await element.upload();
    await processed;
    for (const name of [
      'file-add',
      'file-reject',
      'file-state-change',
      'file-upload-progress',
      'upload-start',
      'upload-progress',
      'file-upload-complete',
      'files-upload-complete',
      'file-process',
    ] as const) {
      expectReEmitted(log, name);
    }
    expectOldNamesHeard(log);
  });

  it('re-emits multipart parts, a pause and a cancel', async () => {
    const resumable = '{"protocol":"multipart","thresholdBytes":1048576,"chunkSizeBytes":5242880,"maxConcurrentParts":1}';
    const { element, log } = await mountWatched(`<svc-uploader server-url="/api/upload" resumable='${resumable}'></svc-uploader>`);
    await element.addFiles([randomFile('parts.bin', 11 * MiB)]);
    const firstPart = nextEvent(element, 'svc-part-upload');
    void element.upload();
    await firstPart;
    const paused = nextEvent(element, 'svc-file-pause');
    element.pause();
    await paused;
    const canceled = nextEvent(element, 'svc-file-cancel');
    element.cancel();
    await canceled;
    for (const name of ['part-upload', 'file-pause', 'file-cancel'] as const) expectReEmitted(log, name);
    expectOldNamesHeard(log);
  });

  it('re-emits the continuation of a multipart session another uploader left behind', async () => {
    const resumable = '{"protocol":"multipart","thresholdBytes":1048576,"chunkSizeBytes":5242880,"maxConcurrentParts":1}';
    const file = randomFile('resumed.bin', 11 * MiB);
    const first = await mountWatched(`<svc-uploader server-url="/api/upload" resumable='${resumable}'></svc-uploader>`);
    await first.element.addFiles([file]);
    const firstPart = nextEvent(first.element, 'svc-part-upload');
    void first.element.upload();
    await firstPart;
    first.element.remove();

    const { element, log } = await mountWatched(`<svc-uploader server-url="/api/upload" resumable='${resumable}'></svc-uploader>`);
    await element.addFiles([file]);
    const complete = nextEvent(element, 'svc-file-upload-complete');
    void element.upload();
    await complete;
    expectReEmitted(log, 'file-resume');
    expectOldNamesHeard(log);
  });

  it('re-emits an automatic retry after the handler refused once', async () => {
    const plan = await createNetworkPlan({
      handler: { presign: [{ status: 503, body: { error: 'Busy' }, headers: { 'retry-after': '0', 'content-type': 'application/json' } }] },
    });
    const { element, log } = await mountWatched(`<svc-uploader server-url="${plan.serverUrl}"></svc-uploader>`);
    await element.addFiles([randomFile('retried.bin', 2000)]);
    await element.upload();
    expect(element.files[0]!.state).to.equal('successful');
    expectReEmitted(log, 'file-retry');
  });

  it('re-emits connectivity changes', async () => {
    const { log } = await mountWatched('<svc-uploader server-url="/api/upload"></svc-uploader>');
    // The browser's own connectivity signal; taking the page offline would also cut the test runner.
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expectReEmitted(log, 'network-change');
  });

  it('re-emits the files crash recovery restored', async () => {
    const first = await mountWatched('<svc-uploader server-url="/api/upload" crash-recovery persistence-key="alice"></svc-uploader>');
    await first.element.addFiles([randomFile('recovered.bin', 3000)]);
    const storage = new IndexedDbRecoveryStorage();
    await eventually(async () => (await storage.getAll()).some((entry) => entry.name === 'recovered.bin'), 'the file in IndexedDB');
    storage.close();
    first.element.remove();

    const { element, log } = await mountWatched('<svc-uploader server-url="/api/upload" crash-recovery persistence-key="alice"></svc-uploader>');
    await element.engine!.ready;
    expectReEmitted(log, 'files-restore');
    expectOldNamesHeard(log);
    element.reset();
  });

  it('has checked every event of the table, and every old name', () => {
    expect([...verified].sort()).to.deep.equal([...RE_EMITTED_ENGINE_EVENTS].sort());
    expect([...verifiedOldNames].sort()).to.deep.equal(Object.keys(DEPRECATED_ENGINE_EVENT_NAMES).sort());
  });
});
