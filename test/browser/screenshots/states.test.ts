/**
 * Screenshots of the interface's main states in a real Chromium, compared with the reviewed
 * baselines of the running platform in test/screenshots/baseline/<platform>/ (pixelmatch with a
 * small tolerance), rendered with the bundled font in test/screenshots/fonts/. A change that shows
 * fails here; after reviewing a deliberate one, refresh the baselines with
 *   SVC_UPDATE_SCREENSHOTS=1 node scripts/with-storage.mjs npx wtr --files 'test/browser/screenshots/*.test.ts'
 * A platform without a baseline folder (say darwin or win32) skips the suite, saying so; the same
 * command records its baselines.
 */
import { expect } from '@open-wc/testing';
import ar from '../../../locales/ar.js';
import { baselineAvailability, compareShot, expectShot, removeStages, sampleFile, samplePhoto, sampleSet, stage, until } from './helpers.js';

const MiB = 1024 * 1024;
const IDLE = '<svc-uploader server-url="/api/upload" max-file-size="50 MB" allowed-file-types="images, .pdf" enable-paste></svc-uploader>';

function part(element: HTMLElement, name: string): HTMLElement {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
}

function dragOver(target: HTMLElement, files: File[]): void {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, composed: true, cancelable: true }));
}

describe('<svc-uploader> screenshots', () => {
  before(async function () {
    const baselines = await baselineAvailability();
    if (baselines.available || baselines.updating) return;
    // Text and curves rasterise differently on each OS, so another platform's baselines cannot match.
    console.warn(
      `Screenshot tests skipped: no baselines for ${baselines.platform} in ${baselines.folder}. ` +
        "Record them with SVC_UPDATE_SCREENSHOTS=1 node scripts/with-storage.mjs npx wtr --files 'test/browser/screenshots/*.test.ts', " +
        'then review every image before committing it.',
    );
    this.skip();
  });
  afterEach(removeStages);

  it('idle: drop zone, pickers, source chips and limits', async () => {
    await expectShot('idle', await stage('idle', IDLE));
  });

  it('fails the comparison when the look changes (a different accent colour)', async () => {
    const element = await stage('idle-changed', IDLE);
    element.theme = { tokens: { 'color-accent': '#c2410c' } };
    await element.updateComplete;
    const frame = element.closest<HTMLElement>('.screenshot-stage')!;
    frame.id = 'shot-idle';
    const verdict = await compareShot('idle', element, { dryRun: true });
    expect(verdict.status).to.equal('mismatch');
  });

  it('drag-over: the drop zone invites the drop', async () => {
    const element = await stage('drag-over', IDLE);
    dragOver(part(element, 'drop-zone'), [sampleFile('a.png', 10, 'image/png'), sampleFile('b.png', 10, 'image/png')]);
    await expectShot('drag-over', element);
  });

  it('drop-rejected: more files than fit', async () => {
    const element = await stage('drop-rejected', '<svc-uploader server-url="/api/upload" max-files="1"></svc-uploader>');
    dragOver(part(element, 'drop-zone'), [sampleFile('a.png', 10, 'image/png'), sampleFile('b.png', 10, 'image/png')]);
    await expectShot('drop-rejected', element);
  });

  it('list: several files as rows with thumbnails and type glyphs', async () => {
    const element = await stage('list', '<svc-uploader server-url="/api/upload"></svc-uploader>');
    await element.addFiles(await sampleSet());
    await expectShot('list', element);
  });

  it('hero: a single file as a card with its picture', async () => {
    const element = await stage('hero', '<svc-uploader server-url="/api/upload"></svc-uploader>');
    await element.addFiles([await samplePhoto('lake-at-dawn.png')]);
    await expectShot('hero', element);
  });

  it('uploading: per-file and overall progress, pause and cancel', async () => {
    const gate = crypto.randomUUID();
    const resumable = '{"protocol":"multipart","thresholdBytes":1048576,"chunkSizeBytes":5242880,"maxConcurrentParts":1}';
    const element = await stage('uploading', `<svc-uploader server-url="/element-fixtures/held/${gate}/1/api" resumable='${resumable}'></svc-uploader>`);
    const video = sampleFile('product-demo.mp4', 12 * MiB, 'video/mp4');
    await element.addFiles([await samplePhoto('lake-at-dawn.png'), sampleFile('notes.pdf', 184_000, 'application/pdf'), video]);
    void element.upload();
    await until(
      element,
      () => {
        const [photo, notes, held] = element.files;
        return photo!.state === 'successful' && notes!.state === 'successful' && held!.bytesUploaded === 5 * MiB;
      },
      'two files stored and the video held after its first part',
    );
    await expectShot('uploading', element);
    element.reset();
    await fetch(`/element-fixtures/gate/${gate}`, { method: 'POST' });
  });

  it('done: the summary of a successful run', async () => {
    const element = await stage('done', '<svc-uploader server-url="/api/upload"></svc-uploader>');
    await element.addFiles([await samplePhoto('lake-at-dawn.png'), sampleFile('notes.pdf', 184_000, 'application/pdf')]);
    await element.upload();
    await expectShot('done', element);
  });

  it('quiet completion: only a check mark', async () => {
    const element = await stage('quiet', '<svc-uploader server-url="/api/upload" quiet-completion></svc-uploader>');
    await element.addFiles([sampleFile('notes.pdf', 184_000, 'application/pdf')]);
    await element.upload();
    await expectShot('quiet', element);
  });

  it('error: failed uploads, a refused file and the failure summary', async () => {
    const element = await stage('error', '<svc-uploader server-url="/element-fixtures/failing" max-retries="0" max-file-size="10 MB"></svc-uploader>');
    await element.addFiles([
      sampleFile('notes.pdf', 184_000, 'application/pdf'),
      sampleFile('budget.xlsx', 92_000, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      sampleFile('raw-footage.mov', 12 * MiB, 'video/quicktime'),
    ]);
    await element.upload();
    await expectShot('error', element);
  });

  it('refusal: a long storage refusal wraps in full in a narrow row', async () => {
    const element = await stage('refusal', '<svc-uploader server-url="/refusal-fixtures/no-cors-bucket" max-retries="0"></svc-uploader>', { width: 360 });
    await element.addFiles([sampleFile('quarterly-report.pdf', 184_000, 'application/pdf'), sampleFile('notes.txt', 2_000, 'text/plain')]);
    await element.upload();
    await expectShot('refusal', element);
  });

  it('offline: the banner over a paused list', async () => {
    const element = await stage('offline', '<svc-uploader server-url="/api/upload"></svc-uploader>');
    await element.addFiles([sampleFile('notes.pdf', 184_000, 'application/pdf'), sampleFile('budget.csv', 12_000, 'text/csv')]);
    window.dispatchEvent(new Event('offline'));
    await expectShot('offline', element);
    window.dispatchEvent(new Event('online'));
  });

  it('source view: the link panel over the list', async () => {
    const element = await stage('source-view', '<svc-uploader server-url="/api/upload"></svc-uploader>');
    await element.addFiles(await sampleSet());
    part(element, 'source-chip-url').click();
    await until(element, () => part(element, 'url-input') !== null, 'the link panel');
    await expectShot('source-view', element);
  });

  it('mini: a compact square holding one file', async () => {
    const element = await stage('mini', '<svc-uploader server-url="/api/upload" mini></svc-uploader>', { width: 280 });
    await element.addFiles([await samplePhoto('lake-at-dawn.png')]);
    await expectShot('mini', element);
  });

  it('mini idle', async () => {
    await expectShot('mini-idle', await stage('mini-idle', '<svc-uploader server-url="/api/upload" mini></svc-uploader>', { width: 280 }));
  });

  it('processing: the host-controlled busy state', async () => {
    await expectShot('processing', await stage('processing', '<svc-uploader server-url="/api/upload" is-processing></svc-uploader>'));
  });

  it('dark: idle and a list in dark mode', async () => {
    await expectShot('dark-idle', await stage('dark-idle', `<svc-uploader server-url="/api/upload" theme='{"mode":"dark"}'></svc-uploader>`, { dark: true }));
    const element = await stage('dark', `<svc-uploader server-url="/api/upload" theme='{"mode":"dark"}'></svc-uploader>`, { dark: true });
    await element.addFiles(await sampleSet());
    await expectShot('dark', element);
  });

  it('editor: cropping a photo over the list', async () => {
    const element = await stage('editor', '<svc-uploader server-url="/api/upload"></svc-uploader>');
    await element.addFiles([await samplePhoto('lake-at-dawn.png'), sampleFile('notes.pdf', 184_000, 'application/pdf')]);
    part(element, 'file-edit').click();
    await until(element, () => part(element, 'editor-canvas') !== null, 'the editor');
    element.shadowRoot!.querySelector<HTMLElement>('[part~="editor-aspect"][data-aspect="square"]')!.click();
    await expectShot('editor', element);
  });

  it('editor: the adjust tab in a dialog, dark and right-to-left', async () => {
    const element = await stage(
      'editor-dialog',
      `<svc-uploader server-url="/api/upload" theme='{"mode":"dark"}' image-editor='{"display":"modal"}'></svc-uploader>`,
      { dark: true },
    );
    element.i18n = { bundle: ar };
    await element.addFiles([await samplePhoto('lake-at-dawn.png')]);
    part(element, 'file-edit').click();
    await until(element, () => part(element, 'editor-canvas') !== null, 'the editor');
    element.shadowRoot!.querySelector<HTMLElement>('[part~="editor-tab"][data-tab="adjust"]')!.click();
    await expectShot('editor-dialog', element, { inner: 'dialog[part~="editor"]' });
  });

  it('rtl: Arabic, mirrored', async () => {
    const element = await stage('rtl', '<svc-uploader server-url="/api/upload"></svc-uploader>');
    element.i18n = { bundle: ar };
    await element.addFiles(await sampleSet());
    await expectShot('rtl', element);
    const idle = await stage('rtl-idle', IDLE);
    idle.i18n = { bundle: ar };
    await expectShot('rtl-idle', idle);
  });
});
