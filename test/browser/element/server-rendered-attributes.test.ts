// Server rendering that can only write attributes (SvelteKit's, for one) turns an object prop into
// `theme="[object Object]"`; the property arrives when the page hydrates. The element must neither
// warn about nor parse that text, keep its defaults until the property comes, and let the property
// win whether it is set after the element is defined or before (on the not yet upgraded element).
import { expect } from '@open-wc/testing';
import { SvcUploader } from '../../../elements/index.js';
import { mount, part, unmountAll } from './helpers.js';

/** Console warnings while `action` runs. */
async function warningsDuring(action: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  try {
    await action();
  } finally {
    console.warn = original;
  }
  return warnings;
}

const theme = { mode: 'dark' as const, tokens: { 'color-accent': '#0a7d38' } };
const i18n = { overrides: { 'dropZone.title': 'Drop the quarterly reports here' } };

/** What Svelte's server rendering writes for `theme={…} i18n={…} resumable={…} folderUpload={…}` and such. */
const SERVER_RENDERED = `<svc-uploader server-url="/api/upload" max-files="3" theme="[object Object]" i18n="[object Object]"
  resumable="[object Object]" cloud-drives="[object Object]" max-file-size="[object Object]" image-editor="[object Object]"
  metadata="[object Object],[object Object]"></svc-uploader>`;

describe('<svc-uploader> attributes written by server rendering', () => {
  afterEach(unmountAll);

  it('ignores "[object Object]" without a warning and keeps the defaults, then takes the hydrated properties', async () => {
    let element!: SvcUploader;
    const warnings = await warningsDuring(async () => {
      element = await mount(SERVER_RENDERED);
    });
    expect(warnings).to.deep.equal([]);
    expect(element.theme).to.equal(undefined);
    expect(element.i18n).to.equal(undefined);
    expect(element.resumable).to.equal(undefined);
    expect(element.metadata).to.equal(undefined);
    expect(element.maxFileSize, 'the default stays').to.deep.equal({ size: 1, unit: 'GB' });
    // The plain attributes next to them are read as usual.
    expect(element.maxFiles).to.equal(3);
    expect(part(element, 'limit').textContent).to.equal('Up to 3 files');

    // Hydration: the framework sets the properties.
    element.theme = theme;
    element.i18n = i18n;
    await element.updateComplete;
    expect(element.getAttribute('data-svc-mode')).to.equal('dark');
    expect(element.style.getPropertyValue('--svc-color-accent')).to.equal('#0a7d38');
    expect(part(element, 'drop-zone-title').textContent).to.equal('Drop the quarterly reports here');
  });

  it('keeps a property set before the element was defined over the stringified attribute', async () => {
    // An element rendered by the server, hydrated (property set) before its class is registered.
    const host = document.createElement('div');
    host.className = 'test-host';
    host.innerHTML = '<svc-uploader-late server-url="/api/upload" theme="[object Object]" i18n="[object Object]"></svc-uploader-late>';
    document.body.append(host);
    const element = host.firstElementChild as SvcUploader;
    Object.assign(element, { theme, i18n });
    const warnings = await warningsDuring(async () => {
      customElements.define('svc-uploader-late', class extends SvcUploader {});
      await element.updateComplete;
    });
    expect(warnings).to.deep.equal([]);
    expect(element.theme).to.deep.equal(theme);
    expect(element.getAttribute('data-svc-mode')).to.equal('dark');
    expect(part(element, 'drop-zone-title').textContent).to.equal('Drop the quarterly reports here');
  });

  it('still warns about other text it cannot read', async () => {
    const warnings = await warningsDuring(async () => {
      await mount('<svc-uploader theme="{not json" max-file-size="[object]"></svc-uploader>');
    });
    expect(warnings).to.have.length(2);
    expect(warnings[0]).to.contain('theme="{not json"');
    expect(warnings[1]).to.contain('max-file-size="[object]"');
  });
});
