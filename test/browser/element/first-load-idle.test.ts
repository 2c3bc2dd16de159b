// The built browser bundle's engine arrives on its own once the page is idle, with nothing of the
// file list or the upload machinery: a page that never gets a file pays for the engine only after
// its first paint, and a user who then drops a file finds it there.
import { expect } from '@open-wc/testing';
import { eventually } from '../eventually.js';
import { holdIdleCallbacks } from './idle-callbacks.js';

const BUNDLE = '/dist/browser/svc-uploader.js';
/** A message only the engine core's option checks hold, and text only the file list's template holds. */
const ENGINE_CORE = 'Unknown resumable.protocol';
const LIST_TEMPLATE = 'part="file-list-header"';
const UPLOAD_ROUTE = 'multipart/sign-part';

type Uploader = HTMLElement & { engine: object | undefined };

async function fetchedScriptsHold(text: string): Promise<boolean> {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).pathname.startsWith('/dist/browser/') && url.endsWith('.js'));
  const scripts = await Promise.all([...new Set(urls)].map(async (url) => (await fetch(url)).text()));
  return scripts.some((script) => script.includes(text));
}

const idle = holdIdleCallbacks();

describe('<svc-uploader> engine on idle (built bundle)', () => {
  before(async function () {
    const response = await fetch(BUNDLE, { method: 'HEAD' });
    if (!response.ok) this.skip();
    await import(/* @vite-ignore */ BUNDLE);
  });

  it('fetches the engine core once the page is idle after the first paint, and nothing of the list', async () => {
    const element = document.createElement('svc-uploader') as Uploader;
    element.setAttribute('server-url', '/api/upload');
    document.body.append(element);
    await eventually(() => element.shadowRoot?.querySelector('[part~="drop-zone"]') !== null, 'the drop zone');
    await new Promise(requestAnimationFrame);
    expect(await fetchedScriptsHold(ENGINE_CORE), 'engine core before idle').to.equal(false);
    expect(element.engine).to.equal(undefined);

    idle.runAll();
    await eventually(() => element.engine !== undefined, 'the engine');
    expect(await fetchedScriptsHold(ENGINE_CORE), 'engine core').to.equal(true);
    expect(await fetchedScriptsHold(LIST_TEMPLATE), 'file list').to.equal(false);
    expect(await fetchedScriptsHold(UPLOAD_ROUTE), 'upload machinery').to.equal(false);
    element.remove();
  });
});
