import { expect } from '@open-wc/testing';
import { maybePart, mount, part, parts, recordEvents, textFile, unmountAll, until, type SvcUploader } from './helpers.js';

/** A valid PNG of 20,000 × 20,000 px (about 400 KB; 1.6 GB once decoded), from the test server. */
async function imageBomb(): Promise<File> {
  const blob = await (await fetch('/remote-fixtures/image-bomb.png')).blob();
  return new File([blob], 'bomb.png', { type: 'image/png' });
}

async function picture(name: string, width: number, height: number): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#0ea5e9';
  context.fillRect(0, 0, width, height);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}

function row(element: SvcUploader, name: string): HTMLElement {
  const found = parts(element, 'file').find((node) => node.querySelector('[part~="file-name"]')!.textContent!.trim() === name);
  if (!found) throw new Error(`No row for ${name}`);
  return found;
}

function rowThumbnail(element: SvcUploader, name: string): HTMLElement {
  return row(element, name).querySelector<HTMLElement>('[part~="file-thumbnail"]')!;
}

function offersEdit(element: SvcUploader, name: string): boolean {
  return row(element, name).querySelector('[part~="file-edit"]') !== null;
}

/** A small picture followed by `padding` bytes after its end, which decoders ignore: few pixels, many bytes. */
async function paddedPicture(name: string, padding: number): Promise<File> {
  const image = await picture(name, 20, 20);
  return new File([image, new Uint8Array(padding)], name, { type: 'image/png' });
}

describe('<svc-uploader> pictures and the pixel budget', () => {
  afterEach(unmountAll);

  it('shows a reduced copy of a picture in its row, never the original image', async () => {
    const element = await mount();
    const photo = await picture('wide.png', 2000, 1000);
    await element.addFiles([photo, textFile('notes.txt')]);
    await until(element, () => rowThumbnail(element, 'wide.png').querySelector('img') !== null, 'the row picture');
    const image = rowThumbnail(element, 'wide.png').querySelector('img')!;
    await image.decode();
    expect([image.naturalWidth, image.naturalHeight]).to.deep.equal([640, 320]);
    const shown = await (await fetch(image.src)).blob();
    expect(shown.type).to.equal('image/webp');
    expect(shown.size).to.not.equal(photo.size);
  });

  it('shows the type glyph for a 20,000 × 20,000 px PNG and does not decode it', async () => {
    const element = await mount();
    await element.addFiles([await imageBomb(), await picture('small.png', 64, 64)]);
    // Previews are made in the order the rows ask; once the later one is on screen, the bomb was judged.
    await until(element, () => rowThumbnail(element, 'small.png').querySelector('img') !== null, 'the small picture');
    await element.updateComplete;
    expect(rowThumbnail(element, 'bomb.png').querySelector('img')).to.equal(null);
    expect(rowThumbnail(element, 'bomb.png').querySelector('svg')).to.not.equal(null);
  });

  it('opens the preview of a picture above the budget without giving the image to the browser', async () => {
    const element = await mount();
    await element.addFiles([await imageBomb(), await picture('small.png', 64, 64)]);
    await until(element, () => rowThumbnail(element, 'small.png').querySelector('img') !== null, 'the small picture');
    rowThumbnail(element, 'bomb.png').click();
    await until(element, () => maybePart<HTMLDialogElement>(element, 'preview')?.open ?? false, 'the preview');
    expect(part(element, 'preview-name').textContent).to.contain('bomb.png');
    expect(part(element, 'preview-media').getAttribute('src')).to.equal('');
  });

  it('offers Edit on a picture within the budget, not on one whose header declares more, once the list has read it', async () => {
    const element = await mount();
    await element.addFiles([await imageBomb(), await picture('small.png', 64, 64)]);
    await until(element, () => rowThumbnail(element, 'small.png').querySelector('img') !== null, 'the small picture');
    await element.updateComplete;
    expect(offersEdit(element, 'small.png'), 'small.png').to.equal(true);
    expect(offersEdit(element, 'bomb.png'), 'bomb.png').to.equal(false);
  });

  it('offers no Edit on a picture larger in bytes than the budget could hold, before anything reads it', async () => {
    const element = await mount();
    // 1,000 pixels hold at most 8,000 bytes in any format the editor opens (16-bit RGBA PNG).
    (await element.whenEngine()).setOptions({ maxImagePixels: 1000 });
    await element.addFiles([await paddedPicture('padded.png', 10_000), await picture('tiny.png', 20, 20)]);
    await element.updateComplete;
    expect(offersEdit(element, 'padded.png'), 'padded.png, at once').to.equal(false);
    expect(offersEdit(element, 'tiny.png'), 'tiny.png').to.equal(true);
    // Its header declares 20 × 20 px, within the budget: reading it does not bring Edit back.
    await until(element, () => rowThumbnail(element, 'padded.png').querySelector('img') !== null, 'the padded picture');
    await element.updateComplete;
    expect(offersEdit(element, 'padded.png'), 'padded.png, once read').to.equal(false);
  });

  it('still refuses, opened from a script, a picture larger in bytes than the budget could hold', async () => {
    const element = await mount();
    (await element.whenEngine()).setOptions({ maxImagePixels: 1000 });
    const errors = recordEvents(element, ['svc-error']);
    await element.addFiles([await paddedPicture('padded.png', 10_000)]);
    await element.editFile(element.files[0]!.id);
    await until(element, () => maybePart(element, 'editor-error') !== null, 'the refusal');
    expect(part(element, 'editor-error').textContent!.trim()).to.equal('This image is too large to edit in the browser.');
    expect(maybePart(element, 'editor-canvas')).to.equal(null);
    expect(errors.map((event) => [event.detail.scope, event.detail.code])).to.deep.equal([['editor', 'IMAGE_TOO_LARGE']]);
  });

  it('refuses to open the editor on a picture above maxImagePixels, with a message', async () => {
    const element = await mount();
    const errors = recordEvents(element, ['svc-error']);
    await element.addFiles([await imageBomb()]);
    await element.updateComplete;
    // The Edit action is gone once the list has read the header; a script can still ask.
    void element.editFile(element.files[0]!.id);
    await until(element, () => maybePart(element, 'editor-error') !== null, 'the refusal');
    expect(part(element, 'editor-error').textContent!.trim()).to.equal('This image is too large to edit in the browser.');
    expect(maybePart(element, 'editor-canvas')).to.equal(null);
    expect(errors.map((event) => [event.detail.scope, event.detail.code])).to.deep.equal([['editor', 'IMAGE_TOO_LARGE']]);
    expect(errors[0]!.detail.message).to.contain('20000 × 20000 px');
    part(element, 'editor-cancel').click();
    await until(element, () => maybePart(element, 'editor') === null, 'the editor to close');
  });
});
