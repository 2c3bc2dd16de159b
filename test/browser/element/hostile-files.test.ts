// Files are made by whoever sent them: names with markup or line breaks, SVG pictures with
// scripts, empty files. What the user sees is text, nothing the file holds runs, and an empty file
// is stored as it is.
import { expect } from '@open-wc/testing';
import { mount, nextEvent, part, parts, storedBytes, textFile, unmountAll } from './helpers.js';

declare global {
  interface Window {
    svcRan?: (name: string) => void;
  }
}

/** Each payload, if it ever ran, calls `svcRan` with its name (short, so a listed name is not shortened). */
const ran = (name: string) => `svcRan('${name}')`;
let payloadsRun: string[] = [];
const MARKUP_NAMES = [`<img src=x onerror="${ran('img')}">.png`, `<script>${ran('script')}</script>.txt`, `"><svg onload="${ran('attribute')}">.pdf`];

const SCRIPTED_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="${ran('svg-onload')}">
  <script>${ran('svg-script')}</script><rect width="40" height="40" fill="teal"/></svg>`;

describe('<svc-uploader> and hostile files', () => {
  beforeEach(() => {
    payloadsRun = [];
    window.svcRan = (name) => payloadsRun.push(name);
  });
  afterEach(() => {
    unmountAll();
    delete window.svcRan;
  });

  it('shows names holding markup as text in rows, tooltips, refusals and announcements, and runs none of it', async () => {
    const element = await mount('<svc-uploader allowed-file-types="image/*,text/plain"></svc-uploader>');
    await element.addFiles(
      MARKUP_NAMES.map((name) => textFile(name, 'x', name.endsWith('.png') ? 'image/png' : name.endsWith('.txt') ? 'text/plain' : 'application/pdf')),
    );
    await element.updateComplete;
    const names = parts(element, 'file-name');
    expect(names.map((name) => name.textContent)).to.deep.equal(MARKUP_NAMES.slice(0, 2));
    expect(names.map((name) => name.title)).to.deep.equal(MARKUP_NAMES.slice(0, 2));
    expect(part(element, 'rejection').textContent).to.contain(MARKUP_NAMES[2]);
    parts(element, 'file-remove')[0]!.click();
    await element.updateComplete;
    expect(part(element, 'announcer').textContent).to.equal(`${MARKUP_NAMES[0]} removed`);
    expect(element.shadowRoot!.querySelectorAll('script, svg[onload], img[onerror]').length, 'no element made from a name').to.equal(0);
    expect(payloadsRun).to.deep.equal([]);
  });

  it('shows each control character of a name as U+FFFD, so a line break cannot push the extension out of the tooltip', async () => {
    const element = await mount('<svc-uploader></svc-uploader>');
    const name = `photo.png${'\n'.repeat(40)}.exe`;
    await element.addFiles([textFile(name), textFile('tab\there\u0000.txt')]);
    await element.updateComplete;
    const [spoofed, tabbed] = parts(element, 'file-name');
    expect(spoofed!.title).to.equal(`photo.png${'\uFFFD'.repeat(40)}.exe`);
    expect(spoofed!.textContent!.endsWith('.exe'), spoofed!.textContent!).to.equal(true);
    expect(tabbed!.title).to.equal('tab\uFFFDhere\uFFFD.txt');
    expect(parts(element, 'file-remove')[0]!.getAttribute('aria-label')).to.not.match(/[\n\t\0]/);
    // Only the display changes.
    expect(element.files[0]!.name).to.equal(name);
  });

  it('shows and announces a name of 5,000 characters shortened in the middle, with its extension', async () => {
    const element = await mount('<svc-uploader></svc-uploader>');
    const name = `${'long-'.repeat(1000)}.exe`;
    await element.addFiles([textFile(name), textFile('short.txt')]);
    await element.updateComplete;
    const shown = parts(element, 'file-name')[0]!;
    expect([...shown.textContent!].length).to.be.at.most(48);
    expect(shown.textContent!.endsWith('.exe')).to.equal(true);
    expect(shown.title.length, 'the tooltip is bounded too').to.be.at.most(1025);
    parts(element, 'file-remove')[0]!.click();
    await element.updateComplete;
    const announcement = part(element, 'announcer').textContent!;
    expect(announcement.length, announcement.slice(0, 60)).to.be.at.most(140);
    expect(announcement).to.match(/…ong-\.exe removed$/);
  });

  it('never draws an SVG with scripts from its bytes, in the row or the preview, and runs none of them', async () => {
    const element = await mount('<svc-uploader></svc-uploader>');
    await element.addFiles([textFile('logo.svg', SCRIPTED_SVG, 'image/svg+xml')]);
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('[part~="file-thumbnail"] img')).to.equal(null);
    expect(element.shadowRoot!.querySelector('[part~="file-thumbnail"] svg')).to.not.equal(null);
    part(element, 'file-preview-button').click();
    await element.updateComplete;
    expect(part(element, 'preview-media').getAttribute('src') ?? '').to.equal('');
    expect(element.shadowRoot!.querySelectorAll('svg script, object, embed, iframe').length).to.equal(0);
    expect(payloadsRun).to.deep.equal([]);
  });

  it('stores an empty file as an empty object', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    const stored = nextEvent(element, 'svc-file-upload-complete');
    await element.addFiles([new File([], 'empty.txt', { type: 'text/plain' })]);
    await element.upload();
    const { detail } = await stored;
    expect(detail.result.downloadUrl).to.be.a('string');
    expect((await storedBytes(detail.result.downloadUrl!)).byteLength).to.equal(0);
    expect(element.files[0]!.state).to.equal('successful');
  });
});
