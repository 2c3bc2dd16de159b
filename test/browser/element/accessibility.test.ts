import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import ar from '../../../locales/ar.js';
import {
  animationsSettled,
  focusedPart,
  maybePart,
  mount,
  nextEvent,
  part,
  parts,
  randomFile,
  textFile,
  unmountAll,
  until,
  type SvcUploader,
} from './helpers.js';

const MiB = 1024 * 1024;
const RESUMABLE = '{"protocol":"multipart","thresholdBytes":1048576,"chunkSizeBytes":5242880,"maxConcurrentParts":1}';

async function picture(name: string): Promise<File> {
  const canvas = new OffscreenCanvas(64, 48);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#0ea5e9';
  context.fillRect(0, 0, 64, 48);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}

async function expectAccessible(element: SvcUploader): Promise<void> {
  await animationsSettled(element);
  await expect(element).to.be.accessible();
}

function dragEnter(target: HTMLElement, count: number): void {
  const transfer = new DataTransfer();
  for (let index = 0; index < count; index += 1) transfer.items.add(textFile(`dragged-${index}.txt`));
  target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, composed: true, cancelable: true }));
}

/** Every text the live region took, in order (it may change twice within one task). */
function recordAnnouncements(element: SvcUploader): string[] {
  const seen: string[] = [];
  const region = part(element, 'announcer');
  new MutationObserver(() => seen.push(region.textContent ?? '')).observe(region, { childList: true, characterData: true, subtree: true });
  return seen;
}

describe('<svc-uploader> accessibility', () => {
  afterEach(unmountAll);

  describe('automated checks (axe) in every state', () => {
    it('idle, drag-over and drop-rejected', async () => {
      const element = await mount(
        `<svc-uploader server-url="/api/upload" max-files="2" enable-paste folder-upload='{"showSelectFolderButton":true}'></svc-uploader>`,
      );
      await expectAccessible(element);
      dragEnter(part(element, 'drop-zone'), 1);
      await expectAccessible(element);
      dragEnter(part(element, 'drop-zone'), 3);
      await expectAccessible(element);
    });

    it('rows, hero card, drag over a list, and a source view over the list', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      await element.addFiles([await picture('photo.png')]);
      await expectAccessible(element);
      await element.addFiles([textFile('notes.txt'), randomFile('archive.zip', 2000, 'application/zip')]);
      await expectAccessible(element);
      dragEnter(part(element, 'file-list'), 1);
      await element.updateComplete;
      expect(maybePart(element, 'drop-overlay')).not.to.equal(null);
      await expectAccessible(element);
      part(element, 'source-chip-url').click();
      await until(element, () => maybePart(element, 'url-input') !== null, 'the link panel');
      await expectAccessible(element);
    });

    it('uploading and paused', async () => {
      const gate = crypto.randomUUID();
      const element = await mount(`<svc-uploader server-url="/element-fixtures/held/${gate}/1/api" resumable='${RESUMABLE}'></svc-uploader>`);
      await element.addFiles([randomFile('video.mp4', 12 * MiB, 'video/mp4'), textFile('small.txt')]);
      void element.upload();
      await until(element, () => element.files[0]!.bytesUploaded === 5 * MiB, 'the first part');
      await expectAccessible(element);
      part(element, 'pause-button').click();
      await element.updateComplete;
      expect(maybePart(element, 'resume-button')).not.to.equal(null);
      await expectAccessible(element);
      element.reset();
      await fetch(`/element-fixtures/gate/${gate}`, { method: 'POST' });
    });

    it('done, quiet completion, failures with rejections', async () => {
      const done = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      await done.addFiles([textFile('a.txt'), textFile('b.txt')]);
      await done.upload();
      await expectAccessible(done);

      const quiet = await mount('<svc-uploader server-url="/api/upload" quiet-completion></svc-uploader>');
      await quiet.addFiles([textFile('c.txt')]);
      await quiet.upload();
      await expectAccessible(quiet);

      const failed = await mount('<svc-uploader server-url="/element-fixtures/failing" max-retries="0" max-file-size="1 KB"></svc-uploader>');
      await failed.addFiles([textFile('d.txt'), textFile('e.txt'), randomFile('big.bin', 4096)]);
      await failed.upload();
      expect(maybePart(failed, 'rejections')).not.to.equal(null);
      await expectAccessible(failed);
    });

    it('offline, busy and mini', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload" is-processing></svc-uploader>');
      window.dispatchEvent(new Event('offline'));
      await element.updateComplete;
      await expectAccessible(element);
      window.dispatchEvent(new Event('online'));

      const mini = await mount('<svc-uploader server-url="/api/upload" mini></svc-uploader>');
      await expectAccessible(mini);
      await mini.addFiles([await picture('avatar.png')]);
      await expectAccessible(mini);
    });

    it('dark mode and right-to-left', async () => {
      const dark = await mount(`<svc-uploader server-url="/api/upload" theme='{"mode":"dark"}'></svc-uploader>`);
      await expectAccessible(dark);
      await dark.addFiles([await picture('photo.png'), textFile('notes.txt')]);
      await dark.upload();
      await expectAccessible(dark);

      const rtl = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      rtl.i18n = { bundle: ar };
      await rtl.addFiles([textFile('notes.txt'), textFile('more.txt')]);
      await expectAccessible(rtl);
    });

    it('the preview dialog and a virtualised list', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload" max-files="500"></svc-uploader>');
      const files = [await picture('photo.png'), ...Array.from({ length: 149 }, (_, index) => textFile(`file-${index}.txt`))];
      await element.addFiles(files);
      await element.updateComplete;
      expect(parts(element, 'file').length).to.be.below(60);
      await expectAccessible(element);
      part(element, 'file-preview-button').click();
      await until(element, () => maybePart<HTMLDialogElement>(element, 'preview')?.open ?? false, 'the preview');
      await expectAccessible(element);
    });
  });

  describe('focus', () => {
    it('moves into the preview and back to the thumbnail that opened it', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      await element.addFiles([await picture('one.png'), await picture('two.png')]);
      await element.updateComplete;
      const [, second] = parts(element, 'file-preview-button');
      expect(second!.getAttribute('aria-label')).to.equal('Preview two.png');
      second!.focus();
      await sendKeys({ press: 'Enter' });
      await until(element, () => maybePart<HTMLDialogElement>(element, 'preview')?.open ?? false, 'the preview');
      expect(focusedPart(element)).to.contain('preview-close');
      expect(part(element, 'preview-media').getAttribute('alt')).to.equal('Preview of two.png');
      await sendKeys({ press: 'Escape' });
      await until(element, () => maybePart(element, 'preview') === null, 'the preview to close');
      await until(element, () => element.shadowRoot!.activeElement === second, 'focus back on the thumbnail');
    });

    it('goes to the next file after Remove, never to the page', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      await element.addFiles([textFile('a.txt'), textFile('b.txt'), textFile('c.txt')]);
      await element.updateComplete;
      parts(element, 'file-remove')[1]!.focus();
      await sendKeys({ press: 'Enter' });
      await until(element, () => element.files.length === 2, 'the removal');
      expect(element.shadowRoot!.activeElement?.getAttribute('aria-label')).to.equal('Remove c.txt');
      await sendKeys({ press: 'Enter' });
      await until(element, () => element.files.length === 1, 'the second removal');
      expect(element.shadowRoot!.activeElement?.getAttribute('aria-label')).to.equal('Remove a.txt');
    });
  });

  describe('announcements', () => {
    it('announces the start and the progress milestones of a run', async () => {
      const gate = crypto.randomUUID();
      const element = await mount(`<svc-uploader server-url="/element-fixtures/held/${gate}/1/api" resumable='${RESUMABLE}'></svc-uploader>`);
      const heard = recordAnnouncements(element);
      await element.addFiles([randomFile('video.mp4', 12 * MiB, 'video/mp4')]);
      void element.upload();
      await until(element, () => element.files[0]!.bytesUploaded === 5 * MiB, 'the first part (41 %)');
      await element.updateComplete;
      // A time-left reading may come between milestones when the run is slow enough to estimate
      // (a loaded machine): it is a reading of its own, not one of the milestones checked here.
      const timeLeft = /^\d+ (second|minute|hour)s? left$/;
      expect(heard.filter((text) => !timeLeft.test(text))).to.deep.equal(['1 file added', 'Uploading 1 file', 'Upload 25% complete']);
      element.reset();
      await fetch(`/element-fixtures/gate/${gate}`, { method: 'POST' });
    });

    it('announces each failure with its reason, then the outcome', async () => {
      const element = await mount('<svc-uploader server-url="/element-fixtures/failing" max-retries="0"></svc-uploader>');
      const heard = recordAnnouncements(element);
      await element.addFiles([textFile('notes.txt')]);
      const settled = nextEvent(element, 'svc-files-upload-complete');
      void element.upload();
      await settled;
      await element.updateComplete;
      expect(heard).to.include('notes.txt could not be uploaded: The server ran into a problem. Try again later.');
      expect(part(element, 'announcer').textContent).to.equal('1 file failed to upload');
    });
  });
});
