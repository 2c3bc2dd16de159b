import { expect } from '@open-wc/testing';
import { maybePart, mount, nextEvent, part, recordEvents, unmountAll, until, type SvcUploader } from './helpers.js';

/** The hostile remote: the same test server under another origin, answering with CORS. */
const remote = `${location.protocol}//127.0.0.1:${location.port}/remote-fixtures`;

async function importLink(element: SvcUploader, url: string): Promise<void> {
  part(element, 'source-chip-url').click();
  await until(element, () => maybePart(element, 'url-input') !== null, 'the link panel');
  const input = part<HTMLInputElement>(element, 'url-input');
  input.value = url;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  part(element, 'url-submit').click();
  await element.updateComplete;
}

async function shownError(element: SvcUploader): Promise<string> {
  await until(element, () => maybePart(element, 'url-error') !== null, 'the error message');
  return part(element, 'url-error').textContent!;
}

async function bytesProduced(id: string): Promise<number> {
  return ((await (await fetch(`${remote}/sent/${id}`)).json()) as { bytes: number }).bytes;
}

describe('<svc-uploader> link import from a hostile server', () => {
  afterEach(unmountAll);

  it('stops downloading an endless body at max-file-size and says the file is too large', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" max-file-size="5 MB"></svc-uploader>');
    const id = crypto.randomUUID();
    const url = `${remote}/flood/${id}`;
    const failed = nextEvent(element, 'svc-error');
    await importLink(element, url);
    expect((await failed).detail).to.include({ scope: 'url-import', code: 'URL_TOO_LARGE', source: 'url', url });
    // `5 MB` is 5,000,000 bytes, the unit sizes are shown in.
    expect(await shownError(element)).to.equal('The file at this link is larger than 5 MB.');
    expect(element.files).to.have.length(0);
    // The stream was cancelled: the server produced a few megabytes, not the 300 MB it had.
    expect(await bytesProduced(id)).to.be.below(64 * 1024 * 1024);
  });

  it('refuses a declared Content-Length above the limit before reading the body', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" max-file-size="5 MB"></svc-uploader>');
    const id = crypto.randomUUID();
    const failed = nextEvent(element, 'svc-error');
    await importLink(element, `${remote}/flood/${id}?declare=1`);
    expect((await failed).detail).to.include({ code: 'URL_TOO_LARGE' });
    expect(element.files).to.have.length(0);
    expect(await bytesProduced(id)).to.be.below(64 * 1024 * 1024);
  });

  it('gives up on a link slower to answer than the url-import-timeout attribute, and waits for one within it', async () => {
    const slowLink = `${remote}/slow/photo.png?delay=1500`;
    const impatient = await mount('<svc-uploader server-url="/api/upload" url-import-timeout="300"></svc-uploader>');
    expect(impatient.urlImportTimeout).to.equal(300);
    const failed = nextEvent(impatient, 'svc-error');
    await importLink(impatient, slowLink);
    expect((await failed).detail).to.include({ scope: 'url-import', code: 'URL_TIMEOUT', source: 'url', url: slowLink });
    expect(await shownError(impatient)).to.equal('The link stopped answering.');
    expect(impatient.files).to.have.length(0);
    unmountAll();

    const patient = await mount('<svc-uploader server-url="/api/upload" url-import-timeout="5000"></svc-uploader>');
    const errors = recordEvents(patient, ['svc-error']);
    await importLink(patient, slowLink);
    await until(patient, () => patient.files.length === 1, 'the imported file');
    expect(patient.files[0]!.name).to.equal('photo.png');
    expect(errors).to.have.length(0);
  });

  it('refuses a url-import-timeout that is not a number as the engine does, keeping the previous one', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" url-import-timeout="300"></svc-uploader>');
    const refused = nextEvent(element, 'svc-error');
    element.urlImportTimeout = Number.NaN;
    expect((await refused).detail).to.include({ scope: 'configuration', code: 'CONFIGURATION_ERROR' });
    expect((await element.whenEngine()).options.urlImportTimeout).to.equal(300);
  });

  it('gives up on a link that stops sending, after urlImportTimeout', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    element.engine!.setOptions({ urlImportTimeout: 300 });
    const failed = nextEvent(element, 'svc-error');
    await importLink(element, `${remote}/stall/photo.png`);
    expect((await failed).detail).to.include({ scope: 'url-import', code: 'URL_TIMEOUT' });
    expect(await shownError(element)).to.equal('The link stopped answering.');
    expect(maybePart(element, 'url-submit')).not.to.equal(null);
  });

  for (const [what, type] of [
    ['text/html', 'text/html'],
    ['image/png', 'image/png'],
  ]) {
    it(`refuses an HTML page served as /cat.png with Content-Type ${what}, whatever allowed-file-types says`, async () => {
      const element = await mount('<svc-uploader server-url="/api/upload" allowed-file-types=".png"></svc-uploader>');
      const added = recordEvents(element, ['svc-files-add']);
      const failed = nextEvent(element, 'svc-error');
      await importLink(element, `${remote}/file/cat.png?as=html&type=${encodeURIComponent(type)}`);
      expect((await failed).detail).to.include({ scope: 'url-import', code: 'URL_TYPE_MISMATCH' });
      expect(await shownError(element)).to.equal('The file at this link is not the kind of file its name or type says.');
      expect(added).to.deep.equal([]);
      expect(element.files).to.have.length(0);
    });
  }

  it('takes the type from the bytes when the server declares none worth believing', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" allowed-file-types="image/png"></svc-uploader>');
    const added = nextEvent(element, 'svc-files-add');
    await importLink(element, `${remote}/file/download?as=png&type=application/octet-stream`);
    const [file] = (await added).detail.files;
    expect(file!.name).to.equal('download');
    expect(file!.type).to.equal('image/png');
  });

  it('does not let a made-up image type pass an image/* allow-list', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload" allowed-file-types="image/*"></svc-uploader>');
    const added = recordEvents(element, ['svc-files-add']);
    const rejected = nextEvent(element, 'svc-file-reject');
    await importLink(element, `${remote}/file/picture?as=html&type=image/x-fancy`);
    expect((await rejected).detail.reason).to.equal('TYPE_MISMATCH');
    expect(added).to.deep.equal([]);
  });
});
