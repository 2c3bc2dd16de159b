import { expect } from '@open-wc/testing';
import { chooseFiles, maybePart, mount, nextEvent, part, parts, randomFile, recordEvents, sha256, storedBytes, unmountAll, until } from './helpers.js';

const MiB = 1024 * 1024;

describe('<svc-uploader> uploads', () => {
  afterEach(unmountAll);

  it('uploads files chosen in its picker; the bucket holds exactly those bytes', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    const files = [randomFile('first.bin', 3000), randomFile('second.bin', 70_000, 'image/png')];
    const events = recordEvents(element, [
      'svc-files-select',
      'svc-file-add',
      'svc-files-add',
      'svc-upload-start',
      'svc-file-upload-start',
      'svc-file-upload-progress',
      'svc-upload-progress',
      'svc-file-upload-complete',
      'svc-files-upload-complete',
      'svc-status-change',
      'svc-file-state-change',
    ]);
    const added = nextEvent(element, 'svc-files-add');
    await chooseFiles(element, files);
    expect((await added).detail.files.map((file) => file.name)).to.deep.equal(['first.bin', 'second.bin']);
    await element.updateComplete;

    const rows = parts(element, 'file');
    expect(rows.map((row) => row.querySelector('[part~="file-name"]')!.textContent)).to.deep.equal(['first.bin', 'second.bin']);
    expect(rows[0]!.querySelector('[part~="file-status"]')!.textContent).to.equal('Ready to upload');
    expect(part(element, 'upload-button').textContent!.trim()).to.equal('Upload 2 files');

    const done = nextEvent(element, 'svc-files-upload-complete');
    part(element, 'upload-button').click();
    const summary = (await done).detail;
    expect(summary).to.include({ successful: 2, failed: 0 });

    const completions = events.filter((event) => event.type === 'svc-file-upload-complete');
    expect(completions).to.have.length(2);
    for (const [index, file] of files.entries()) {
      const { detail } = completions.find((event) => event.detail.file.name === file.name)!;
      expect(detail.key).to.equal(detail.result.key);
      expect(detail.key).to.contain(file.name);
      expect(await sha256(await storedBytes(detail.result.downloadUrl!)), `bytes of file ${index}`).to.equal(await sha256(file));
    }

    const select = events.find((event) => event.type === 'svc-files-select')!;
    expect(select.detail.source).to.equal('local');
    expect(select.cancelable).to.equal(true);
    expect(events.filter((event) => event.type === 'svc-file-add').map((event) => event.detail.file.name)).to.deep.equal(['first.bin', 'second.bin']);
    expect(events.find((event) => event.type === 'svc-upload-start')!.detail.files).to.have.length(2);
    expect(
      events
        .filter((event) => event.type === 'svc-file-upload-start')
        .map((event) => event.detail.file.name)
        .sort(),
    ).to.deep.equal(['first.bin', 'second.bin']);
    const lastProgress = events.filter((event) => event.type === 'svc-file-upload-progress').pop()!;
    expect(lastProgress.detail.bytesTotal).to.be.oneOf([3000, 70_000]);
    expect(events.filter((event) => event.type === 'svc-upload-progress').pop()!.detail).to.include({
      bytesUploaded: 73_000,
      bytesTotal: 73_000,
      percentage: 100,
    });
    const statuses = events.filter((event) => event.type === 'svc-status-change').map((event) => event.detail.status);
    expect(statuses).to.deep.equal(['ready', 'uploading', 'complete']);
    const states = events
      .filter((event) => event.type === 'svc-file-state-change' && event.detail.file.name === 'first.bin')
      .map((event) => event.detail.state);
    expect(states.at(-1)).to.equal('successful');
    expect(states).to.include('uploading');
    for (const event of events) {
      expect(event.bubbles && event.composed, event.type).to.equal(true);
    }

    await element.updateComplete;
    expect(parts(element, 'file-status').map((status) => status.textContent)).to.deep.equal(['Uploaded', 'Uploaded']);
    expect(part(element, 'summary-title').textContent).to.equal('Upload complete');
    const doneEvent = nextEvent(element, 'svc-upload-done');
    part(element, 'done-button').click();
    expect((await doneEvent).detail.files).to.have.length(2);
    await element.updateComplete;
    expect(element.files).to.have.length(0);
    expect(maybePart(element, 'file-list')).to.equal(null);
  });

  it('starts by itself with auto-upload', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" auto-upload></svc-uploader>');
    const file = randomFile('auto.bin', 5000);
    const complete = nextEvent(element, 'svc-file-upload-complete');
    await chooseFiles(element, [file]);
    const { detail } = await complete;
    expect(await sha256(await storedBytes(detail.result.downloadUrl!))).to.equal(await sha256(file));
  });

  it('sends large files in multipart parts when resumable is set from HTML', async () => {
    const element = await mount(`<svc-uploader server-url="/api/upload"
      resumable='{"protocol":"multipart","thresholdBytes":1048576,"chunkSizeBytes":5242880,"maxConcurrentParts":2}'></svc-uploader>`);
    const file = randomFile('large.bin', 11 * MiB);
    const partsSeen: number[] = [];
    element.addEventListener('svc-part-upload', (event) => {
      expect(event.detail.file.name).to.equal('large.bin');
      partsSeen.push(event.detail.partNumber);
    });
    await element.addFiles([file]);
    const complete = nextEvent(element, 'svc-file-upload-complete');
    await element.upload();
    const { detail } = await complete;
    expect(detail.result.strategy).to.equal('multipart');
    expect(partsSeen.sort()).to.deep.equal([1, 2, 3]);
    expect(await sha256(await storedBytes(detail.result.downloadUrl!))).to.equal(await sha256(file));
  });

  it('shows only a check mark after success with quiet-completion', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" quiet-completion></svc-uploader>');
    await element.addFiles([randomFile('quiet.bin', 100)]);
    await element.upload();
    await element.updateComplete;
    expect(part(element, 'quiet-complete').textContent).to.contain('Upload complete');
    expect(maybePart(element, 'done-button')).to.equal(null);
    expect(maybePart(element, 'summary')).to.equal(null);
  });

  it('retries a failing upload max-retries times, reports the failure once, and succeeds on a manual retry', async () => {
    const element = await mount('<svc-uploader server-url="/element-fixtures/failing" max-retries="1"></svc-uploader>');
    element.engine!.setOptions({ retryBaseDelayMs: 10 });
    const events = recordEvents(element, ['svc-file-retry', 'svc-error', 'svc-files-upload-complete']);
    const file = randomFile('flaky.bin', 4000);
    await element.addFiles([file]);
    const summary = await element.upload();
    expect(summary).to.include({ successful: 0, failed: 1 });
    expect(events.filter((event) => event.type === 'svc-file-retry').map((event) => event.detail.retry)).to.deep.equal([1]);
    const errors = events.filter((event) => event.type === 'svc-error');
    expect(errors).to.have.length(1);
    expect(errors[0]!.detail).to.include({ scope: 'upload', code: 'HTTP_ERROR', status: 500 });
    expect(errors[0]!.detail.file!.name).to.equal('flaky.bin');

    await element.updateComplete;
    expect(part(element, 'file-status').textContent).to.equal('Upload failed');
    expect(part(element, 'file-error').textContent).to.equal('The server ran into a problem. Try again later.');
    expect(part(element, 'summary-title').textContent).to.equal('Upload failed');
    element.serverUrl = '/api/upload';
    await element.updateComplete;
    const complete = nextEvent(element, 'svc-file-upload-complete');
    part(element, 'file-retry').click();
    const { detail } = await complete;
    expect(await sha256(await storedBytes(detail.result.downloadUrl!))).to.equal(await sha256(file));
    await until(element, () => maybePart(element, 'file-retry') === null, 'the retry button to go');
    expect(events.filter((event) => event.type === 'svc-error')).to.have.length(1);
  });

  it('delivers the processing stream result after the upload', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" processing-endpoint="/element-fixtures/processing"></svc-uploader>');
    await element.addFiles([randomFile('processed.bin', 1000)]);
    const processed = nextEvent(element, 'svc-file-process');
    const complete = nextEvent(element, 'svc-file-upload-complete');
    void element.upload();
    const [{ detail }, { detail: upload }] = await Promise.all([processed, complete]);
    expect(detail.file.name).to.equal('processed.bin');
    expect(detail.result).to.deep.equal({ key: upload.key, status: 'complete', thumbnails: 2 });
  });
});
