// File names come from whoever made the file. In the built bundle, a name with bidi controls is
// shown in the order its characters were written, each control as U+FFFD, and a long name keeps its extension in view;
// the File and the name that is uploaded stay as they were.
import { expect } from '@open-wc/testing';
import { loadBuiltBundle, mountBuilt, partOf, partsOf, unmountBuilt } from './built-bundle.js';

/** Drawn as "invoiceexe.pdf" when the right-to-left override is honoured. */
const SPOOFED = 'invoice\u202Efdp.exe';
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const LONG = 'quarterly-financial-report-for-the-board-of-directors-final-version-approved.pdf';

const file = (name: string, type = 'application/octet-stream') => new File(['content'], name, { type });

describe('<svc-uploader> displayed file names (built bundle)', function () {
  this.timeout(60_000);
  before(loadBuiltBundle);
  afterEach(unmountBuilt);

  it('shows a name with a right-to-left override as written, the override visible, isolated, with its real extension', async () => {
    const element = await mountBuilt();
    await element.addFiles([file(SPOOFED), file('notes.txt', 'text/plain')]);
    await element.updateComplete;
    const name = partsOf(element, 'file-name')[0]!;
    expect(name.textContent).to.equal('invoice\uFFFDfdp.exe');
    expect(name.title).to.equal('invoice\uFFFDfdp.exe');
    expect(name.querySelector('bdi')!.getAttribute('dir')).to.equal('auto');
    const remove = partsOf(element, 'file-remove')[0]!;
    expect(remove.getAttribute('aria-label')).to.equal('Remove invoice\uFFFDfdp.exe');
    // Only the display changes.
    expect(element.files[0]!.name).to.equal(SPOOFED);
    expect(element.files[0]!.file.name).to.equal(SPOOFED);
  });

  it('announces and refuses spoofed names with their bidi controls made visible', async () => {
    const element = await mountBuilt({ 'allowed-file-types': 'image/*' });
    await element.addFiles([file(SPOOFED), file(`photo\u2067gpj.exe\u2069.png`, 'image/png')]);
    await element.updateComplete;
    expect(partOf(element, 'rejection').textContent).to.equal('invoice\uFFFDfdp.exe is not an accepted file type. Accepted: image/*.');
    partOf(element, 'file-remove').click();
    await element.updateComplete;
    const announcement = partOf(element, 'announcer').textContent!;
    expect(announcement).to.equal('photo\uFFFDgpj.exe\uFFFD.png removed');
    expect(BIDI_CONTROLS.test(element.shadowRoot!.textContent!)).to.equal(false);
  });

  it('shows the preview of a spoofed image name as written', async () => {
    const element = await mountBuilt();
    await element.addFiles([file('photo\u202Egnp.exe', 'image/png'), file('notes.txt', 'text/plain')]);
    await element.updateComplete;
    partsOf(element, 'file-preview-button')[0]!.click();
    await element.updateComplete;
    const name = partOf(element, 'preview-name').querySelector('bdi')!;
    expect(name.textContent).to.equal('photo\uFFFDgnp.exe');
    expect(partOf(element, 'preview').getAttribute('aria-label')).to.equal('Preview photo\uFFFDgnp.exe');
  });

  it('shortens a long name in the middle, keeping its extension, and keeps the full name in the tooltip', async () => {
    const element = await mountBuilt();
    await element.addFiles([file(LONG), file('short.pdf')]);
    await element.updateComplete;
    const [long, short] = partsOf(element, 'file-name');
    const shown = long!.textContent!;
    expect(shown).to.match(/^quarterly-financial-report-for-the-.*….*\.pdf$/);
    expect(shown.endsWith('oved.pdf')).to.equal(true);
    expect([...shown].length).to.be.at.most(48);
    expect(long!.title).to.equal(LONG);
    expect(long!.getAttribute('aria-label')).to.equal(LONG);
    expect(short!.hasAttribute('aria-label')).to.equal(false);
    // One line, as every other row: the virtualised list counts on rows of one height.
    const [longRow, shortRow] = partsOf(element, 'file');
    expect(longRow!.offsetHeight).to.equal(shortRow!.offsetHeight);
  });

  it('never splits a character when it shortens a name', async () => {
    const element = await mountBuilt();
    const name = `${'👩‍👩‍👧‍👦'.repeat(60)}.jpg`;
    await element.addFiles([file(name)]);
    await element.updateComplete;
    const shown = partOf(element, 'file-name').textContent!;
    const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(shown)].map((part) => part.segment);
    expect(graphemes.every((grapheme) => grapheme === '👩‍👩‍👧‍👦' || grapheme === '…' || /^[.jpg]$/.test(grapheme))).to.equal(true);
    expect(shown).to.include('…');
    expect(shown.endsWith('👩‍👩‍👧‍👦.jpg')).to.equal(true);
  });
});
