import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  animationsSettled,
  focusedPart,
  maybePart,
  mount,
  nextEvent,
  part,
  parts,
  recordEvents,
  storedBytes,
  textFile,
  unmountAll,
  until,
  type SvcUploader,
} from './helpers.js';
import { twoColourImage } from '../test-images.js';

/** Size and the colour at (x, y) of an encoded image. */
async function inspect(data: Blob | ArrayBuffer, x = 0, y = 0): Promise<{ width: number; height: number; pixel: number[] }> {
  const bitmap = await createImageBitmap(data instanceof Blob ? data : new Blob([data]));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return { width: bitmap.width, height: bitmap.height, pixel: [...context.getImageData(x, y, 1, 1).data.slice(0, 3)] };
}

async function openEditor(element: SvcUploader, fileIndex = 0): Promise<void> {
  parts(element, 'file-edit')[fileIndex]!.click();
  await until(element, () => maybePart(element, 'editor-canvas') !== null || maybePart(element, 'editor-error') !== null, 'the editor');
  await animationsSettled(element);
}

describe('<svc-uploader> image editor', () => {
  afterEach(unmountAll);

  it('offers Edit on images not yet on their way, and nowhere when imageEditor is false', async () => {
    const element = await mount();
    await element.addFiles([await twoColourImage(), textFile('notes.txt'), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })]);
    await element.updateComplete;
    const editable = parts(element, 'file-edit').map((button) => button.closest('[data-file-id]')!.querySelector('[part~="file-name"]')!.textContent!.trim());
    expect(editable).to.deep.equal(['photo.png']);
    expect(parts(element, 'file-edit')[0]!.getAttribute('aria-label')).to.equal('Edit photo.png');

    element.setAttribute('image-editor', 'false');
    await element.updateComplete;
    expect(parts(element, 'file-edit')).to.have.length(0);
  });

  it('rotates a photo, saves it in the list, and uploads the rotated image', async () => {
    const element = await mount();
    const events = recordEvents(element, ['svc-editor-open', 'svc-editor-save', 'svc-editor-cancel']);
    const original = await twoColourImage();
    await element.addFiles([original]);
    await element.updateComplete;
    await openEditor(element);
    expect(focusedPart(element)).to.equal('editor-title');
    expect(part(element, 'editor-title').textContent!.trim()).to.equal('Edit photo.png');
    // The list is covered by the editor, and out of the keyboard's reach.
    expect(element.shadowRoot!.querySelector('.main')!.hasAttribute('inert')).to.equal(true);

    part(element, 'editor-rotate-right').click();
    await element.updateComplete;
    const saved = nextEvent(element, 'svc-editor-save');
    part(element, 'editor-save').click();
    const { detail } = await saved;
    await until(element, () => maybePart(element, 'editor') === null, 'the editor to close');
    expect(events.map((event) => event.type)).to.deep.equal(['svc-editor-open', 'svc-editor-save']);
    expect(detail.file.file).to.equal(original);
    expect(detail.edited.type).to.equal('image/png');
    expect(element.files[0]!.file).to.equal(detail.edited);
    expect(element.files[0]!.originalFile).to.equal(original);
    expect(focusedPart(element)).to.equal('file-edit button');

    await element.upload();
    const stored = await inspect(await storedBytes(element.files[0]!.result!.downloadUrl!), 10, 2);
    // Turned a quarter clockwise: 20 wide, 40 tall, the red half now on top.
    expect([stored.width, stored.height]).to.deep.equal([20, 40]);
    expect(stored.pixel).to.deep.equal([255, 0, 0]);
    expect((await inspect(await storedBytes(element.files[0]!.result!.downloadUrl!), 10, 38)).pixel).to.deep.equal([0, 0, 255]);
  });

  it('leaves the file untouched on Cancel or Escape and returns focus to its Edit button', async () => {
    const element = await mount();
    const original = await twoColourImage();
    await element.addFiles([original]);
    await element.updateComplete;
    const cancels = recordEvents(element, ['svc-editor-cancel']);

    await openEditor(element);
    part(element, 'editor-rotate-left').click();
    part(element, 'editor-cancel').click();
    await until(element, () => maybePart(element, 'editor') === null, 'the editor to close');
    expect(focusedPart(element)).to.equal('file-edit button');

    await openEditor(element);
    part(element, 'editor-flip-horizontal').click();
    await sendKeys({ press: 'Escape' });
    await until(element, () => maybePart(element, 'editor') === null, 'the editor to close');
    expect(cancels).to.have.length(2);
    expect(cancels[0]!.detail.file.file).to.equal(original);
    expect(element.files[0]!.file).to.equal(original);
    expect(focusedPart(element)).to.equal('file-edit button');
  });

  it('opens in a modal dialog with display "modal"; Escape cancels it', async () => {
    const element = await mount(`<svc-uploader server-url="/api/upload" image-editor='{"display":"modal"}'></svc-uploader>`);
    await element.addFiles([await twoColourImage()]);
    await element.updateComplete;
    await openEditor(element);
    const dialog = part<HTMLDialogElement>(element, 'editor');
    expect(dialog.localName).to.equal('dialog');
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    expect(focusedPart(element)).to.equal('editor-title');
    // Modal, the list stays where it was underneath.
    expect(element.shadowRoot!.querySelector('.main')!.hasAttribute('inert')).to.equal(false);
    const cancelled = nextEvent(element, 'svc-editor-cancel');
    await sendKeys({ press: 'Escape' });
    await cancelled;
    await element.updateComplete;
    expect(maybePart(element, 'editor')).to.equal(null);
    expect(focusedPart(element)).to.equal('file-edit button');
  });

  it('uses the dialog in a mini uploader, whatever display says', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" mini></svc-uploader>');
    await element.addFiles([await twoColourImage()]);
    await element.updateComplete;
    await openEditor(element);
    expect(part(element, 'editor').localName).to.equal('dialog');
    part(element, 'editor-cancel').click();
    await until(element, () => maybePart(element, 'editor') === null, 'the editor to close');
  });

  it('with autoOpen "single" opens on one added image, and autoUpload waits for the edit', async () => {
    const element = await mount(`<svc-uploader server-url="/api/upload" auto-upload image-editor='{"autoOpen":"single"}'></svc-uploader>`);
    const starts = recordEvents(element, ['svc-upload-start']);
    await element.addFiles([await twoColourImage()]);
    await until(element, () => maybePart(element, 'editor-canvas') !== null, 'the editor');
    expect(starts).to.have.length(0);
    expect(element.files[0]!.state).to.equal('queued');

    part(element, 'editor-rotate-right').click();
    const complete = nextEvent(element, 'svc-file-upload-complete');
    part(element, 'editor-save').click();
    const { detail } = await complete;
    expect(starts).to.have.length(1);
    const stored = await inspect(await storedBytes(detail.result.downloadUrl!));
    expect([stored.width, stored.height]).to.deep.equal([20, 40]);

    // Two images at once are not "single": both upload straight away.
    const both = nextEvent(element, 'svc-files-upload-complete', (event) => event.detail.files.length === 2);
    await element.addFiles([await twoColourImage('a.png'), await twoColourImage('b.png', 30, 20)]);
    expect(maybePart(element, 'editor')).to.equal(null);
    expect((await both).detail.successful).to.equal(2);
  });

  it('with autoOpen "always" opens on each added image in turn', async () => {
    const element = await mount(`<svc-uploader server-url="/api/upload" image-editor='{"autoOpen":"always"}'></svc-uploader>`);
    const opened = recordEvents(element, ['svc-editor-open']);
    await element.addFiles([await twoColourImage('a.png'), textFile('notes.txt'), await twoColourImage('b.png')]);
    await until(element, () => maybePart(element, 'editor-canvas') !== null, 'the first editor');
    expect(part(element, 'editor-title').textContent!.trim()).to.equal('Edit a.png');
    part(element, 'editor-cancel').click();
    await until(element, () => opened.length === 2 && maybePart(element, 'editor-canvas') !== null, 'the second editor');
    expect(part(element, 'editor-title').textContent!.trim()).to.equal('Edit b.png');
    part(element, 'editor-cancel').click();
    await until(element, () => maybePart(element, 'editor') === null, 'the editor to close');
    expect(opened.map((event) => event.detail.file.name)).to.deep.equal(['a.png', 'b.png']);
    expect(element.files.map((file) => [file.name, file.state, file.held ?? false])).to.deep.equal([
      ['a.png', 'queued', false],
      ['notes.txt', 'queued', false],
      ['b.png', 'queued', false],
    ]);
  });

  it('lets a listener veto opening, and veto a save (the file keeps its bytes)', async () => {
    const element = await mount();
    const original = await twoColourImage();
    await element.addFiles([original]);
    await element.updateComplete;
    const vetoOpen = (event: Event) => event.preventDefault();
    element.addEventListener('svc-editor-open', vetoOpen, { once: true });
    part(element, 'file-edit').click();
    await element.updateComplete;
    expect(maybePart(element, 'editor')).to.equal(null);

    await openEditor(element);
    part(element, 'editor-rotate-right').click();
    element.addEventListener('svc-editor-save', (event) => event.preventDefault(), { once: true });
    part(element, 'editor-save').click();
    await until(element, () => maybePart(element, 'editor') === null, 'the editor to close');
    expect(element.files[0]!.file).to.equal(original);
  });

  it('calls the onOpen, onCancel and onSave options with the file and its record', async () => {
    const element = await mount();
    const calls: Array<[string, string, string]> = [];
    element.imageEditor = {
      onOpen: (file, record) => calls.push(['open', file.name, record.name]),
      onCancel: (file, record) => calls.push(['cancel', file.name, record.name]),
      onSave: (file, record) => calls.push(['save', `${file.type}`, record.type]),
      output: { type: 'image/jpeg', quality: 0.8 },
    };
    await element.addFiles([await twoColourImage()]);
    await element.updateComplete;
    await openEditor(element);
    part(element, 'editor-cancel').click();
    await until(element, () => maybePart(element, 'editor') === null, 'the editor to close');
    await openEditor(element);
    part(element, 'editor-flip-vertical').click();
    part(element, 'editor-save').click();
    await until(element, () => maybePart(element, 'editor') === null, 'the editor to close');
    expect(calls).to.deep.equal([
      ['open', 'photo.png', 'photo.png'],
      ['cancel', 'photo.png', 'photo.png'],
      ['open', 'photo.png', 'photo.png'],
      ['save', 'image/jpeg', 'image/png'],
    ]);
    expect(element.files[0]).to.include({ name: 'photo.jpg', type: 'image/jpeg' });
  });

  it('shows why an edit is refused by the limits, keeps the editor open and the old bytes listed', async () => {
    // Noise compresses badly: as PNG the edit is far larger than the 4 KB JPEG it came from.
    const canvas = new OffscreenCanvas(64, 64);
    const context = canvas.getContext('2d')!;
    const noise = context.createImageData(64, 64);
    crypto.getRandomValues(noise.data);
    for (let index = 3; index < noise.data.length; index += 4) noise.data[index] = 255;
    context.putImageData(noise, 0, 0);
    const original = new File([await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.3 })], 'noise.jpg', { type: 'image/jpeg' });
    const element = await mount(`<svc-uploader server-url="/api/upload" max-file-size="6 KB"
      image-editor='{"output":{"type":"image/png"}}'></svc-uploader>`);
    await element.addFiles([original]);
    await element.updateComplete;
    await openEditor(element);
    part(element, 'editor-rotate-right').click();
    part(element, 'editor-save').click();
    await until(element, () => maybePart(element, 'editor-error') !== null, 'the refusal');
    expect(part(element, 'editor-error').textContent).to.contain('noise.png is too large. The maximum is');
    expect(part(element, 'editor-error').getAttribute('role')).to.equal('alert');
    expect(maybePart(element, 'editor-canvas')).to.not.equal(null);
    expect(element.files[0]!.file).to.equal(original);
    part(element, 'editor-cancel').click();
    await until(element, () => maybePart(element, 'editor') === null, 'the editor to close');
  });

  it('says so when the browser cannot decode the image, and reports it once', async () => {
    const element = await mount();
    const errors = recordEvents(element, ['svc-error']);
    await element.addFiles([new File(['not really a picture'], 'broken.png', { type: 'image/png' })]);
    await element.updateComplete;
    await openEditor(element);
    expect(part(element, 'editor-error').textContent!.trim()).to.equal('This image cannot be edited in this browser.');
    expect(part<HTMLButtonElement>(element, 'editor-save').disabled).to.equal(true);
    expect(errors.map((event) => [event.detail.scope, event.detail.code, event.detail.file?.name])).to.deep.equal([
      ['editor', 'IMAGE_DECODE_FAILED', 'broken.png'],
    ]);
    part(element, 'editor-cancel').click();
    await until(element, () => maybePart(element, 'editor') === null, 'the editor to close');
  });

  it('closes the editor when its file leaves the list', async () => {
    const element = await mount();
    await element.addFiles([await twoColourImage()]);
    await element.updateComplete;
    await openEditor(element);
    element.removeFile(element.files[0]!.id);
    await element.updateComplete;
    expect(maybePart(element, 'editor')).to.equal(null);
  });

  it('warns about unknown tabs and tools and shows only the ones asked for', async () => {
    const element = await mount();
    const warnings = recordEvents(element, ['svc-warn']);
    element.imageEditor = { tabs: ['adjust', 'stickers' as never], tools: ['brightness', 'contrast'] };
    await element.addFiles([await twoColourImage()]);
    await element.updateComplete;
    await openEditor(element);
    expect(warnings.map((event) => event.detail.message)).to.deep.equal(['imageEditor.tabs: "stickers" is not a known value; it was ignored.']);
    expect(maybePart(element, 'editor-rotate-right')).to.equal(null);
    expect(maybePart(element, 'editor-saturation')).to.equal(null);
    expect(maybePart(element, 'editor-brightness')).to.not.equal(null);
    expect(maybePart(element, 'editor-file-name')).to.equal(null);
  });

  it('is accessible inline and as a dialog', async () => {
    for (const display of ['inline', 'modal']) {
      const element = await mount(`<svc-uploader server-url="/api/upload" image-editor='{"display":"${display}"}'></svc-uploader>`);
      await element.addFiles([await twoColourImage()]);
      await element.updateComplete;
      await openEditor(element);
      await expect(element).to.be.accessible();
      unmountAll();
    }
  });
});
