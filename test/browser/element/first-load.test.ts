// The first load of the built browser bundle (dist/browser, from `npm run build` or
// scripts/bundle-size.mjs): what a page showing an empty <svc-uploader> downloads, and what follows
// once the user heads for it. Checked on the scripts the page actually fetched. The page's idle
// callbacks are held back until a test lets them run, so "before idle" is a state, not a race.
import { expect } from '@open-wc/testing';
import { eventually } from '../eventually.js';
import { holdIdleCallbacks } from './idle-callbacks.js';

const BUNDLE = '/dist/browser/svc-uploader.js';

/**
 * Text only the file list's template holds, one of the upload routes, one prop's and one event's
 * documentation, and a warning only crash recovery gives.
 */
const LIST_TEMPLATE = 'part="file-list-header"';
const UPLOAD_ROUTE = 'multipart/sign-part';
const PROP_DOCUMENTATION = 'Storage provider label sent to the token endpoint';
const EVENT_DOCUMENTATION = 'Browsers hide file names until the drop';
const CRASH_RECOVERY = 'is too large to keep for crash recovery';
/** An English message the empty uploader never shows (locales/en.ts, past locales/en/first-paint.ts). */
const LATER_ENGLISH = 'The server could not read the upload request';
/** A message only the engine core's option checks hold. */
const ENGINE_CORE = 'Unknown resumable.protocol';

type Uploader = HTMLElement & {
  updateComplete: Promise<unknown>;
  addFiles(files: File[]): Promise<unknown>;
  engine: object | undefined;
  files: readonly { name: string }[];
};

/** The bundle's scripts this page has fetched so far, with their text. */
async function fetchedScripts(): Promise<string[]> {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).pathname.startsWith('/dist/browser/') && url.endsWith('.js'));
  return Promise.all([...new Set(urls)].map(async (url) => (await fetch(url)).text()));
}

const messageFormatFetched = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/intl-messageformat'));

const fetchedScriptsHold = async (text: string) => (await fetchedScripts()).some((script) => script.includes(text));

const idle = holdIdleCallbacks();

describe('<svc-uploader> first load of the browser bundle', () => {
  let element: Uploader;

  before(async function () {
    const response = await fetch(BUNDLE, { method: 'HEAD' });
    // Visible in the report, never silently green: run `npm run build` first.
    if (!response.ok) this.skip();
    await import(/* @vite-ignore */ BUNDLE);
    element = document.createElement('svc-uploader') as Uploader;
    element.setAttribute('server-url', '/api/upload');
    document.body.append(element);
    // Not `updateComplete`: waiting for a settled element is a use of it, which loads the engine.
    await eventually(() => element.shadowRoot?.querySelector('[part~="drop-zone"] [part~="limit"]')?.textContent === 'Up to 10 files', 'the drop zone');
    await new Promise(requestAnimationFrame);
  });

  after(() => element?.remove());

  it("shows the drop zone without downloading the file list, the upload machinery, the ICU runtime, crash recovery, the rest of English or the props' and events' documentation", async () => {
    const limits = [...element.shadowRoot!.querySelectorAll('[part~="drop-zone"] [part~="limit"]')].map((node) => node.textContent);
    expect(limits).to.include('Up to 10 files');
    expect(messageFormatFetched(), 'intl-messageformat').to.equal(false);
    expect(await fetchedScriptsHold(LIST_TEMPLATE), 'file list template').to.equal(false);
    expect(await fetchedScriptsHold(UPLOAD_ROUTE), 'upload machinery').to.equal(false);
    expect(await fetchedScriptsHold(PROP_DOCUMENTATION), 'prop documentation').to.equal(false);
    expect(await fetchedScriptsHold(EVENT_DOCUMENTATION), 'event documentation').to.equal(false);
    expect(await fetchedScriptsHold(CRASH_RECOVERY), 'crash recovery').to.equal(false);
    expect(await fetchedScriptsHold(LATER_ENGLISH), 'the rest of English').to.equal(false);
  });

  it('leaves the engine for later: nothing of its core is fetched, `engine` is undefined and `files` empty', async () => {
    expect(await fetchedScriptsHold(ENGINE_CORE), 'engine core').to.equal(false);
    expect(idle.pending(), 'a load waiting for idle').to.be.above(0);
    expect(element.engine).to.equal(undefined);
    expect(element.files).to.deep.equal([]);
  });

  it('fetches the engine, the rest of English, the file list and the upload machinery once the pointer enters the element', async () => {
    element.shadowRoot!.querySelector('[part~="base"]')!.dispatchEvent(new PointerEvent('pointerenter'));
    await eventually(() => fetchedScriptsHold(ENGINE_CORE), 'the engine chunk');
    await eventually(() => fetchedScriptsHold(LATER_ENGLISH), 'the rest of English');
    await eventually(() => fetchedScriptsHold(LIST_TEMPLATE), 'the file list chunk');
    await eventually(() => fetchedScriptsHold(UPLOAD_ROUTE), 'the upload machinery chunk');
    await eventually(() => element.engine !== undefined, 'the engine');
    expect(element.shadowRoot!.querySelector('[part~="file"]')).to.equal(null);
  });

  it('lists an added file in its row', async () => {
    await element.addFiles([new File(['hello'], 'first.txt', { type: 'text/plain' })]);
    const names = [...element.shadowRoot!.querySelectorAll('[part~="file-name"]')].map((node) => node.textContent!.trim());
    expect(names).to.deep.equal(['first.txt']);
    expect(element.shadowRoot!.querySelector('[part~="drop-zone"]')).to.equal(null);
  });

  it('fetches crash recovery for an uploader that has `crash-recovery` on, and restores its files after a reload', async () => {
    const scope = `first-load-${Date.now()}`;
    const first = document.createElement('svc-uploader') as Uploader & { whenEngine(): Promise<{ whenPersisted(): Promise<void> }> };
    first.setAttribute('server-url', '/api/upload');
    first.setAttribute('crash-recovery', '');
    first.setAttribute('persistence-key', scope);
    document.body.append(first);
    await first.updateComplete;
    await eventually(() => fetchedScriptsHold(CRASH_RECOVERY), 'the crash recovery chunk');
    await first.addFiles([new File(['kept'], 'kept.txt', { type: 'text/plain' })]);
    await (await first.whenEngine()).whenPersisted();
    first.remove();

    // A new uploader of the same scope stands for the page after a reload.
    const second = document.createElement('svc-uploader') as Uploader & { clearPersistedUploads(): Promise<void> };
    second.setAttribute('server-url', '/api/upload');
    second.setAttribute('crash-recovery', '');
    second.setAttribute('persistence-key', scope);
    document.body.append(second);
    try {
      await eventually(() => second.files.length === 1, 'the restored file');
      expect(second.files.map((file) => file.name)).to.deep.equal(['kept.txt']);
    } finally {
      await second.clearPersistedUploads();
      second.remove();
    }
  });
});
