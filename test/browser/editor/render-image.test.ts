import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { flip, initialEditState, rename, rotateQuarter, setAspect, type EditState } from '../../../elements/svc-uploader/editor/edit-state.js';
import type { ImageEditorOutput } from '../../../elements/svc-uploader/types.js';
import { createEditorSession } from '../../../elements/svc-uploader/editor/image-editor.js';
import { nameForType, renderEditedFile } from '../../../elements/svc-uploader/editor/render-image.js';
import { BLUE, RED, canvasFile, decode, editorOptions, near, t, twoColourBmp, twoColourImage, withExifOrientation } from './helpers.js';

/** Encodes `edit(state)` of the file the way `save()` does, from the decoded full-size image. */
async function saveEdit(file: File, edit: (state: EditState) => EditState, output: ImageEditorOutput = {}): Promise<File> {
  const bitmap = await createImageBitmap(file);
  try {
    return await renderEditedFile(bitmap, edit(initialEditState(bitmap.width, bitmap.height, file.name)), file, output);
  } finally {
    bitmap.close();
  }
}

describe('image editor encoding', () => {
  it('turns clockwise: 20 × 40 with the red half on top', async () => {
    const saved = await decode(await saveEdit(await twoColourImage(), (state) => rotateQuarter(state, 1)));
    expect([saved.width, saved.height]).to.deep.equal([20, 40]);
    expect(saved.rgb(10, 2)).to.deep.equal(RED);
    expect(saved.rgb(10, 37)).to.deep.equal(BLUE);
  });

  it('turns counter-clockwise: the red half at the bottom', async () => {
    const saved = await decode(await saveEdit(await twoColourImage(), (state) => rotateQuarter(state, -1)));
    expect([saved.width, saved.height]).to.deep.equal([20, 40]);
    expect(saved.rgb(10, 2)).to.deep.equal(BLUE);
    expect(saved.rgb(10, 37)).to.deep.equal(RED);
  });

  it('mirrors left-right and top-bottom', async () => {
    const mirrored = await decode(await saveEdit(await twoColourImage(), (state) => flip(state, 'horizontal')));
    expect([mirrored.width, mirrored.height]).to.deep.equal([40, 20]);
    expect(mirrored.rgb(2, 10)).to.deep.equal(BLUE);
    expect(mirrored.rgb(37, 10)).to.deep.equal(RED);
    // Top-bottom leaves a left-right split where it was.
    const upsideDown = await decode(await saveEdit(await twoColourImage(), (state) => flip(state, 'vertical')));
    expect(upsideDown.rgb(2, 10)).to.deep.equal(RED);
  });

  it('mirrors and turns in the order the user did them', async () => {
    // A canvas with a red top-left quarter only: its place tells every orientation apart.
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 20;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#00ff00';
    context.fillRect(0, 0, 40, 20);
    context.fillStyle = '#ff0000';
    context.fillRect(0, 0, 20, 10);
    const file = await canvasFile(canvas, 'quarter.png');
    // Mirrored left-right the red is top-right; a clockwise turn takes it bottom-right.
    const saved = await decode(await saveEdit(file, (state) => rotateQuarter(flip(state, 'horizontal'), 1)));
    expect([saved.width, saved.height]).to.deep.equal([20, 40]);
    expect(saved.rgb(15, 35)).to.deep.equal(RED);
    expect(saved.rgb(5, 5)).to.deep.equal([0, 255, 0]);
    expect(saved.rgb(15, 5)).to.deep.equal([0, 255, 0]);
  });

  it('keeps only the crop', async () => {
    const saved = await decode(await saveEdit(await twoColourImage(), (state) => ({ ...state, crop: { x: 15, y: 4, width: 10, height: 12 } })));
    expect([saved.width, saved.height]).to.deep.equal([10, 12]);
    for (let x = 0; x < 10; x += 1) expect(saved.rgb(x, 6), `column ${x}`).to.deep.equal(x < 5 ? RED : BLUE);
    // The square preset keeps the middle 20 × 20.
    const square = await decode(await saveEdit(await twoColourImage(), (state) => setAspect(state, 'square')));
    expect([square.width, square.height]).to.deep.equal([20, 20]);
    expect(square.rgb(9, 10)).to.deep.equal(RED);
    expect(square.rgb(10, 10)).to.deep.equal(BLUE);
  });

  it('scales down to maxWidth / maxHeight, keeping the ratio, and never up', async () => {
    const turn = (state: EditState) => rotateQuarter(state, 1);
    const narrow = await decode(await saveEdit(await twoColourImage(), turn, { maxWidth: 10 }));
    expect([narrow.width, narrow.height]).to.deep.equal([10, 20]);
    expect(narrow.rgb(5, 2)).to.deep.equal(RED);
    const short = await decode(await saveEdit(await twoColourImage(), turn, { maxWidth: 100, maxHeight: 8 }));
    expect([short.width, short.height]).to.deep.equal([4, 8]);
    const large = await decode(await saveEdit(await twoColourImage(), turn, { maxWidth: 400, maxHeight: 400 }));
    expect([large.width, large.height]).to.deep.equal([20, 40]);
  });

  it('keeps the original type and name, with a fresh modification time', async () => {
    const before = Date.now();
    const jpeg = await twoColourImage('photo.JPG', 40, 20, 'image/jpeg');
    const saved = await saveEdit(jpeg, (state) => flip(state, 'horizontal'));
    expect(saved.type).to.equal('image/jpeg');
    expect(saved.name).to.equal('photo.JPG');
    expect(saved.lastModified).to.be.at.least(before);
    expect(near((await decode(saved)).rgb(2, 10), BLUE)).to.equal(true);
  });

  it('writes PNG for types a canvas cannot write, and renames the extension', async () => {
    const saved = await saveEdit(twoColourBmp('scan.bmp'), (state) => rotateQuarter(state, 1));
    expect(saved.type).to.equal('image/png');
    expect(saved.name).to.equal('scan.png');
    const pixels = await decode(saved);
    expect([pixels.width, pixels.height]).to.deep.equal([20, 40]);
    expect(pixels.rgb(10, 2)).to.deep.equal(RED);
  });

  it('writes the requested type, takes the new name from the state, and fills transparency white in JPEG', async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 20;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#0000ff';
    context.fillRect(20, 0, 20, 20);
    const file = await canvasFile(canvas, 'logo.png');
    const saved = await saveEdit(file, (state) => rename(flip(state, 'vertical'), 'badge.png'), { type: 'image/jpeg' });
    expect(saved.type).to.equal('image/jpeg');
    expect(saved.name).to.equal('badge.jpg');
    const pixels = await decode(saved);
    expect(near(pixels.rgb(5, 10), [255, 255, 255])).to.equal(true);
    expect(near(pixels.rgb(35, 10), BLUE)).to.equal(true);
  });

  it('encodes JPEG and WebP at quality 0.92 unless told otherwise', async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 96;
    const context = canvas.getContext('2d')!;
    const noise = context.createImageData(96, 96);
    crypto.getRandomValues(noise.data);
    for (let index = 3; index < noise.data.length; index += 4) noise.data[index] = 255;
    context.putImageData(noise, 0, 0);
    const file = await canvasFile(canvas, 'noise.png');
    for (const type of ['image/jpeg', 'image/webp'] as const) {
      const flipIt = (state: EditState) => flip(state, 'horizontal');
      const byDefault = await saveEdit(file, flipIt, { type });
      const at92 = await saveEdit(file, flipIt, { type, quality: 0.92 });
      const at50 = await saveEdit(file, flipIt, { type, quality: 0.5 });
      expect(byDefault.size, type).to.equal(at92.size);
      expect(at50.size, type).to.be.below(byDefault.size);
    }
  });

  it('names files for the type they hold', () => {
    expect(nameForType('photo.gif', 'image/gif', 'image/png')).to.equal('photo.png');
    expect(nameForType('photo', 'image/gif', 'image/png')).to.equal('photo.png');
    expect(nameForType('photo.jpeg', '', 'image/jpeg')).to.equal('photo.jpeg');
    expect(nameForType('photo.jpg', 'image/jpeg', 'image/jpeg')).to.equal('photo.jpg');
    expect(nameForType('.hidden', 'image/png', 'image/webp')).to.equal('.hidden.webp');
  });

  it('saves the full-resolution image although the preview works from a smaller copy', async () => {
    const file = await twoColourImage('large.png', 4000, 3000);
    const session = await createEditorSession({ file, options: editorOptions(), t, icons: () => undefined, requestUpdate: () => {} });
    try {
      const container = document.createElement('div');
      document.body.append(container);
      render(session.render(), container);
      container.querySelector<HTMLButtonElement>('[part~="editor-rotate-right"]')!.click();
      const saved = await decode(await session.save());
      expect([saved.width, saved.height]).to.deep.equal([3000, 4000]);
      expect(saved.rgb(1500, 1999)).to.deep.equal(RED);
      expect(saved.rgb(1500, 2000)).to.deep.equal(BLUE);
      container.remove();
    } finally {
      session.dispose();
    }
  });

  describe('session', () => {
    it('hands back the very same file when nothing changed', async () => {
      const file = await twoColourImage();
      const session = await createEditorSession({ file, options: editorOptions(), t, icons: () => undefined, requestUpdate: () => {} });
      expect(session.changed).to.equal(false);
      expect(await session.save()).to.equal(file);
      session.dispose();
    });

    it('edits a photo the way its EXIF orientation shows it', async () => {
      const file = await withExifOrientation(await twoColourImage('portrait.jpg', 40, 20, 'image/jpeg'), 6);
      const session = await createEditorSession({ file, options: editorOptions(), t, icons: () => undefined, requestUpdate: () => {} });
      const container = document.createElement('div');
      render(session.render(), container);
      expect(container.querySelector('[part~="editor-size"]')!.textContent).to.equal('edit.size {"width":20,"height":40}');
      container.querySelector<HTMLButtonElement>('[part~="editor-flip-horizontal"]')!.click();
      const saved = await decode(await session.save());
      session.dispose();
      // Shown turned clockwise, the red half is on top; the saved pixels are upright, with no EXIF left to turn them.
      expect([saved.width, saved.height]).to.deep.equal([20, 40]);
      expect(near(saved.rgb(10, 3), RED)).to.equal(true);
      expect(near(saved.rgb(10, 36), BLUE)).to.equal(true);
    });

    it('rejects with an Error when the file is not an image it can decode', async () => {
      const file = new File(['just some text'], 'notes.png', { type: 'image/png' });
      let failure: unknown;
      try {
        await createEditorSession({ file, options: editorOptions(), t, icons: () => undefined, requestUpdate: () => {} });
      } catch (error) {
        failure = error;
      }
      expect(failure).to.be.instanceOf(Error);
      expect((failure as Error).message).to.equal('edit.decodeFailed');
    });

    it('cannot draw any more once disposed', async () => {
      const file = await twoColourImage();
      const session = await createEditorSession({ file, options: editorOptions(), t, icons: () => undefined, requestUpdate: () => {} });
      const container = document.createElement('div');
      render(session.render(), container);
      container.querySelector<HTMLButtonElement>('[part~="editor-flip-vertical"]')!.click();
      session.dispose();
      let failure: unknown;
      try {
        await session.save();
      } catch (error) {
        failure = error;
      }
      expect(failure, 'the decoded image is closed').to.be.instanceOf(Error);
    });
  });
});
