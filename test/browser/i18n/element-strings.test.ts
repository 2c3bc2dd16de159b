/**
 * Every word the uploader shows or speaks comes from the translator, and every number through
 * Intl: with each message replaced by a marker, nothing but markers, file names and formatted
 * numbers is left on screen or in accessible names.
 */
import { expect } from '@open-wc/testing';
import '../../../elements/index.js';
import type { SvcUploader } from '../../../elements/index.js';
import de from '../../../locales/de.js';
import en from '../../../locales/en.js';

const MiB = 1024 * 1024;
const markers = Object.fromEntries(Object.keys(en.messages).map((key) => [key, `⟦${key}⟧`]));
const MARKER = /⟦[\w.]+⟧/g;
const FORMATTED_NUMBER = /\d[\d.,\s\u00a0\u202f]*(?:(?:bytes?|B|kB|MB|GB)(?:\/s)?|%)?/g;
const SPOKEN_ATTRIBUTES = ['aria-label', 'title', 'alt', 'placeholder', 'aria-valuetext'];

async function mount(markup: string): Promise<SvcUploader> {
  const host = document.createElement('div');
  host.className = 'strings-test-host';
  host.innerHTML = markup;
  document.body.append(host);
  const element = host.querySelector('svc-uploader')!;
  element.i18n = { overrides: markers };
  await element.updateComplete;
  return element;
}

function part(element: SvcUploader, name: string): HTMLElement | null {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
}

async function until(element: SvcUploader, condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await element.updateComplete;
  }
}

/** Text on screen and in accessible names that did not come from a message, a file name or Intl. */
function untranslated(element: SvcUploader, fileNames: string[], seen: Set<string>): string[] {
  const leftovers: string[] = [];
  const check = (text: string | null) => {
    if (!text) return;
    for (const marker of text.match(MARKER) ?? []) seen.add(marker);
    let rest = text.replace(MARKER, ' ');
    for (const name of fileNames) rest = rest.replaceAll(name, ' ');
    rest = rest.replace(FORMATTED_NUMBER, ' ').replace(/[\s·]+/g, '');
    if (rest) leftovers.push(`${rest} (in "${text.trim()}")`);
  };
  const walker = document.createTreeWalker(element.shadowRoot!, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.parentElement?.closest('style, [part~="file-input"], [part~="folder-input"]')) continue;
      // A listed name is drawn in two parts; it is checked whole, as its container's text.
      if (node.parentElement?.closest('.shown-name')) continue;
      check(node.textContent);
    } else {
      if ((node as Element).classList.contains('shown-name')) check(node.textContent);
      for (const attribute of SPOKEN_ATTRIBUTES) check((node as Element).getAttribute(attribute));
    }
  }
  return leftovers;
}

describe('<svc-uploader> strings', () => {
  afterEach(() => {
    for (const host of document.querySelectorAll('.strings-test-host')) host.remove();
  });

  it('shows and speaks only translated messages, file names and Intl numbers, in every state', async () => {
    const seen = new Set<string>();
    const names = ['photo.png', 'notes.txt', 'big.bin', 'movie.mp4'];
    const canvas = new OffscreenCanvas(8, 8);
    canvas.getContext('2d')!.fillRect(0, 0, 8, 8);
    const photo = new File([await canvas.convertToBlob({ type: 'image/png' })], 'photo.png', { type: 'image/png' });

    const idle = await mount(`<svc-uploader server-url="/api/upload" enable-paste max-file-size="1 MB" min-file-size="1 B"
      allowed-file-types="image/*,.txt,.bin,.mp4" folder-upload='{"showSelectFolderButton":true}'></svc-uploader>`);
    expect(untranslated(idle, names, seen)).to.deep.equal([]);
    idle.isProcessing = true;
    window.dispatchEvent(new Event('offline'));
    await idle.updateComplete;
    expect(untranslated(idle, names, seen)).to.deep.equal([]);
    window.dispatchEvent(new Event('online'));

    const failing = await mount('<svc-uploader server-url="/element-fixtures/failing" max-retries="0" max-file-size="1 KB"></svc-uploader>');
    await failing.addFiles([photo, new File(['n'], 'notes.txt', { type: 'text/plain' }), new File([new Uint8Array(4096)], 'big.bin')]);
    await failing.upload();
    await failing.updateComplete;
    expect(untranslated(failing, names, seen)).to.deep.equal([]);
    part(failing, 'file-preview-button')!.click();
    await until(failing, () => part(failing, 'preview') !== null);
    expect(untranslated(failing, names, seen)).to.deep.equal([]);
    part(failing, 'preview-close')!.click();
    part(failing, 'file-edit')!.click();
    await until(failing, () => part(failing, 'editor-canvas') !== null);
    for (const tab of failing.shadowRoot!.querySelectorAll<HTMLElement>('[part~="editor-tab"]')) {
      tab.click();
      await failing.updateComplete;
      expect(untranslated(failing, names, seen)).to.deep.equal([]);
    }
    part(failing, 'editor-cancel')!.click();

    const gate = crypto.randomUUID();
    const uploading = await mount(`<svc-uploader server-url="/element-fixtures/held/${gate}/1/api"
      resumable='{"protocol":"multipart","thresholdBytes":1048576,"chunkSizeBytes":5242880,"maxConcurrentParts":1}'></svc-uploader>`);
    await uploading.addFiles([new File([new Uint8Array(12 * MiB)], 'movie.mp4', { type: 'video/mp4' }), new File(['n'], 'notes.txt')]);
    void uploading.upload();
    await until(uploading, () => uploading.files[0]!.bytesUploaded === 5 * MiB && uploading.files[1]!.state === 'successful');
    expect(untranslated(uploading, names, seen)).to.deep.equal([]);
    uploading.reset();
    await fetch(`/element-fixtures/gate/${gate}`, { method: 'POST' });

    const done = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    await done.addFiles([new File(['n'], 'notes.txt')]);
    await done.upload();
    await done.updateComplete;
    expect(untranslated(done, names, seen)).to.deep.equal([]);
    part(done, 'source-chip-url')!.click();
    await until(done, () => part(done, 'url-input') !== null);
    expect(untranslated(done, names, seen)).to.deep.equal([]);

    // Not a test that passes on an empty screen: it saw the messages of all those states.
    expect(seen.size).to.be.above(45);
  });

  it('formats sizes, counts and percentages for the language', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" max-files="2000"></svc-uploader>');
    element.i18n = { bundle: de };
    await element.addFiles([
      new File([new Uint8Array(1_500_000)], 'gross.bin'),
      ...Array.from({ length: 1233 }, (_, index) => new File(['x'], `${index}.txt`)),
    ]);
    await element.updateComplete;
    expect(part(element, 'file-count')!.textContent).to.equal('1.234 Dateien ausgewählt');
    expect(part(element, 'file-size')!.textContent).to.equal(
      new Intl.NumberFormat('de', { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 }).format(1.5),
    );
    expect(part(element, 'file-size')!.textContent).to.equal('1,5 MB');
  });
});
