import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { maybePart, mount, nextEvent, part, parts, randomFile, sha256, textFile, unmountAll, until, type SvcUploader } from './helpers.js';

const MiB = 1024 * 1024;
const RESUMABLE = '{"protocol":"multipart","thresholdBytes":1048576,"chunkSizeBytes":5242880,"maxConcurrentParts":1}';

async function picture(name: string, width = 320, height = 200): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#f97316';
  context.fillRect(0, 0, width, height);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}

function thumbnailImage(element: SvcUploader, index = 0): HTMLImageElement | null {
  return parts(element, 'file-thumbnail')[index]!.querySelector('img');
}

describe('<svc-uploader> appearance', () => {
  afterEach(unmountAll);

  describe('the file list', () => {
    it('shows one file as a large card and several as compact rows', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      await element.addFiles([await picture('only.png')]);
      // The picture is a reduced copy, made after the file joins the list; the card grows for it.
      await until(element, () => thumbnailImage(element) !== null, 'the picture');
      expect(part(element, 'file-thumbnail').getBoundingClientRect().height).to.be.above(150);
      expect(part(element, 'file-kind').textContent).to.equal('Image');

      await element.addFiles([textFile('second.txt')]);
      await element.updateComplete;
      const heights = parts(element, 'file-thumbnail').map((thumbnail) => thumbnail.getBoundingClientRect().height);
      expect(heights).to.have.length(2);
      for (const height of heights) expect(height).to.be.below(48);
      expect(maybePart(element, 'file-kind')).to.equal(null);
    });

    it('draws pictures from a reduced decode of their bytes, other files as a type glyph, and lets the URL go with the file', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      const photo = await picture('photo.png');
      await element.addFiles([photo, textFile('notes.txt')]);
      await until(element, () => thumbnailImage(element) !== null, 'the picture');
      const image = thumbnailImage(element)!;
      expect(image.src).to.match(/^blob:/);
      await image.decode();
      // Small pictures keep their size; the copy is re-encoded, never the original bytes.
      expect(image.naturalWidth).to.equal(320);
      expect(await sha256(await (await fetch(image.src)).blob())).to.not.equal(await sha256(photo));
      expect(thumbnailImage(element, 1)).to.equal(null);
      expect(parts(element, 'file-thumbnail')[1]!.querySelector('svg')).not.to.equal(null);

      const url = image.src;
      element.removeFile(element.files[0]!.id);
      await element.updateComplete;
      let fetched = true;
      await fetch(url).catch(() => {
        fetched = false;
      });
      expect(fetched, 'the object URL is revoked').to.equal(false);
    });

    it('falls back to the glyph when the browser cannot decode a picture', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      await element.addFiles([new File(['not an image'], 'broken.png', { type: 'image/png' }), textFile('other.txt')]);
      await until(element, () => thumbnailImage(element) === null, 'the glyph');
      expect(parts(element, 'file-thumbnail')[0]!.querySelector('svg')).not.to.equal(null);

      // New bytes (an edit, or a step converting the file) bring the picture back.
      const canvas = new OffscreenCanvas(8, 8);
      canvas.getContext('2d')!.fillRect(0, 0, 8, 8);
      const picture = new File([await canvas.convertToBlob({ type: 'image/png' })], 'broken.png', { type: 'image/png' });
      await element.engine!.replaceFile(element.files[0]!.id, picture);
      await until(element, () => thumbnailImage(element) !== null, 'the picture');
    });

    it('pauses and resumes a single file from its own buttons', async () => {
      const gate = crypto.randomUUID();
      const element = await mount(`<svc-uploader server-url="/element-fixtures/held/${gate}/1/api" resumable='${RESUMABLE}'></svc-uploader>`);
      await element.addFiles([randomFile('movie.mp4', 12 * MiB, 'video/mp4'), textFile('note.txt')]);
      const run = element.upload();
      await until(element, () => element.files[0]!.bytesUploaded === 5 * MiB, 'the first part');
      const paused = nextEvent(element, 'svc-upload-pause');
      part(element, 'file-pause').click();
      expect((await paused).detail.files.map((file) => file.name)).to.deep.equal(['movie.mp4']);
      await element.updateComplete;
      expect(part(element, 'file-resume').getAttribute('aria-label')).to.equal('Resume movie.mp4');
      expect(part(element, 'file-status').textContent).to.equal('Paused');

      await fetch(`/element-fixtures/gate/${gate}`, { method: 'POST' });
      part(element, 'file-resume').click();
      const summary = await run;
      expect(summary.successful).to.equal(2);
    });
  });

  describe('allowPreview', () => {
    it("opens pictures, videos and recordings in the browser's own viewer or player", async () => {
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      await element.addFiles([
        await picture('photo.png'),
        randomFile('clip.webm', 100, 'video/webm'),
        randomFile('memo.ogg', 100, 'audio/ogg'),
        textFile('plain.txt'),
      ]);
      await element.updateComplete;
      const buttons = parts(element, 'file-preview-button');
      expect(buttons.map((button) => button.getAttribute('aria-label'))).to.deep.equal(['Preview photo.png', 'Preview clip.webm', 'Preview memo.ogg']);
      const players: string[] = [];
      for (const button of buttons) {
        button.click();
        await until(element, () => maybePart<HTMLDialogElement>(element, 'preview')?.open ?? false, 'the preview');
        players.push(part(element, 'preview-media').tagName);
        part(element, 'preview-close').click();
        await until(element, () => maybePart(element, 'preview') === null, 'the preview to close');
      }
      expect(players).to.deep.equal(['IMG', 'VIDEO', 'AUDIO']);
    });

    it('shows no preview controls with no-allow-preview', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload" no-allow-preview></svc-uploader>');
      await element.addFiles([await picture('photo.png'), await picture('other.png')]);
      await until(element, () => thumbnailImage(element) !== null, 'the picture');
      expect(maybePart(element, 'file-preview-button')).to.equal(null);
    });

    it('closes the preview of a file that leaves the list', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      await element.addFiles([await picture('photo.png')]);
      await element.updateComplete;
      part(element, 'file-preview-button').click();
      await until(element, () => maybePart<HTMLDialogElement>(element, 'preview')?.open ?? false, 'the preview');
      element.reset();
      await until(element, () => maybePart(element, 'preview') === null, 'the preview to close');
    });
  });

  describe('icons', () => {
    const custom = ({ className }: { className: string }) => html`<i class=${className} data-glyph="custom"></i>`;

    it('replaces each named glyph of the list and the busy state', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      element.icons = { ContainerAddMoreIcon: custom, FileDeleteIcon: custom, LoaderIcon: custom };
      element.isProcessing = true;
      await element.addFiles([textFile('a.txt'), textFile('b.txt')]);
      element.isProcessing = false;
      await element.updateComplete;
      expect(part(element, 'add-more-button').querySelector('[data-glyph="custom"]')).not.to.equal(null);
      expect(part(element, 'file-remove').querySelector('[data-glyph="custom"]')).not.to.equal(null);
      element.isProcessing = true;
      await element.updateComplete;
      expect(part(element, 'busy').querySelector('[data-glyph="custom"]')!.className).to.equal('icon spinner');
    });

    it('replaces the camera glyphs', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload" sources="camera"></svc-uploader>');
      element.icons = { CameraCaptureIcon: custom, CameraRotateIcon: custom, CameraDeleteIcon: custom };
      part(element, 'source-chip-camera').click();
      await until(element, () => maybePart(element, 'camera-switch') !== null, 'the camera with two devices');
      expect(part(element, 'camera-capture').querySelector('[data-glyph="custom"]')).not.to.equal(null);
      expect(part(element, 'camera-switch').querySelector('[data-glyph="custom"]')).not.to.equal(null);
      await until(element, () => part<HTMLVideoElement>(element, 'camera-preview').videoWidth > 0, 'camera frames');
      part(element, 'camera-capture').click();
      await until(element, () => maybePart(element, 'capture-discard') !== null, 'the photo to review');
      expect(part(element, 'capture-discard').querySelector('[data-glyph="custom"]')).not.to.equal(null);
    });
  });

  describe('mini', () => {
    it('is a square of about 280 px, idle and holding its file', async () => {
      const element = await mount('<div style="width: 600px"><svc-uploader server-url="/api/upload" mini></svc-uploader></div>');
      const size = () => part(element, 'base').getBoundingClientRect();
      expect(size().width).to.equal(280);
      expect(Math.abs(size().height - size().width)).to.be.below(2);
      await element.addFiles([await picture('avatar.png'), await picture('second.png')]);
      await element.updateComplete;
      expect(element.files).to.have.length(1);
      expect(Math.abs(size().height - size().width)).to.be.below(2);
      // Everything inside stays inside the square.
      const base = size();
      for (const control of [part(element, 'upload-button'), part(element, 'file-name'), part(element, 'file-remove')]) {
        const box = control.getBoundingClientRect();
        expect(box.bottom).to.be.at.most(base.bottom);
        expect(box.top).to.be.at.least(base.top);
      }
    });
  });
});
