import { expect } from '@open-wc/testing';
import { fixtureFileText, focusedPart, maybePart, mount, nextEvent, part, recordEvents, storedBytes, unmountAll, until, type SvcUploader } from './helpers.js';

/** The same test server under another origin (127.0.0.1 instead of localhost), so CORS applies. */
const otherOrigin = `${location.protocol}//127.0.0.1:${location.port}`;

async function openLinkPanel(element: SvcUploader): Promise<void> {
  part(element, 'source-chip-url').click();
  await until(element, () => maybePart(element, 'url-input') !== null, 'the link panel');
}

async function importUrl(element: SvcUploader, url: string): Promise<void> {
  const input = part<HTMLInputElement>(element, 'url-input');
  input.value = url;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  part(element, 'url-submit').click();
  await element.updateComplete;
}

describe('<svc-uploader> link import', () => {
  afterEach(unmountAll);

  it('imports a file from another origin that allows it, and uploads its bytes', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    const events = recordEvents(element, ['svc-source-open', 'svc-url-import', 'svc-files-select', 'svc-source-close', 'svc-error']);
    await openLinkPanel(element);
    expect(focusedPart(element)).to.contain('source-view-title');

    const url = `${otherOrigin}/element-fixtures/files/holiday.txt?cors=1`;
    const added = nextEvent(element, 'svc-files-add');
    await importUrl(element, url);
    const [file] = (await added).detail.files;
    expect(file!.name).to.equal('holiday.txt');
    expect(file!.source).to.equal('url');
    await until(element, () => maybePart(element, 'source-view') === null, 'the panel to close');
    expect(events.map((event) => event.type)).to.deep.equal(['svc-source-open', 'svc-url-import', 'svc-files-select', 'svc-source-close']);
    expect(events[0]!.detail).to.deep.equal({ source: 'url' });
    expect(events[1]!.detail).to.deep.equal({ url });
    expect(events[3]!.detail).to.deep.equal({ source: 'url' });

    const complete = nextEvent(element, 'svc-file-upload-complete');
    await element.upload();
    const { detail } = await complete;
    expect(new TextDecoder().decode(await storedBytes(detail.result.downloadUrl!))).to.equal(fixtureFileText('holiday.txt'));
  });

  it('lists a name the link chose with bidi controls as written, each control visible, and keeps the name on the file', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    await openLinkPanel(element);
    const added = nextEvent(element, 'svc-files-add');
    await importUrl(element, `${otherOrigin}/element-fixtures/files/invoice%E2%80%AEfdp.exe?cors=1`);
    const [file] = (await added).detail.files;
    expect(file!.name).to.equal('invoice\u202Efdp.exe');
    await until(element, () => maybePart(element, 'source-view') === null, 'the panel to close');
    expect(part(element, 'file-name').textContent).to.equal('invoice\uFFFDfdp.exe');
  });

  it('says clearly when another origin refuses to share the file (CORS), and reports it once', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    const errors = recordEvents(element, ['svc-error']);
    await openLinkPanel(element);
    const url = `${otherOrigin}/element-fixtures/files/private.txt`;
    const failed = nextEvent(element, 'svc-error');
    await importUrl(element, url);
    const { detail } = await failed;
    expect(detail).to.include({ scope: 'url-import', code: 'URL_CORS_BLOCKED', source: 'url', url });
    await until(element, () => maybePart(element, 'url-error') !== null, 'the error message');
    expect(part(element, 'url-error').textContent).to.equal(`${otherOrigin} does not let other websites download its files.`);
    expect(part(element, 'url-error').getAttribute('role')).to.equal('alert');
    expect(part(element, 'url-input').getAttribute('aria-invalid')).to.equal('true');
    expect(errors).to.have.length(1);
    expect(element.files).to.have.length(0);
  });

  it('shows the status of a link that answers with an error', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    await openLinkPanel(element);
    const failed = nextEvent(element, 'svc-error');
    await importUrl(element, `${otherOrigin}/element-fixtures/files/missing?cors=1`);
    expect((await failed).detail).to.include({ code: 'URL_HTTP_ERROR', status: 404 });
    await until(element, () => maybePart(element, 'url-error') !== null, 'the error message');
    expect(part(element, 'url-error').textContent).to.equal('The server answered with an error (404).');
  });

  it('asks for a real link before downloading anything', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    const events = recordEvents(element, ['svc-url-import', 'svc-error']);
    await openLinkPanel(element);
    await importUrl(element, 'ftp://example.com/file.txt');
    expect(part(element, 'url-error').textContent).to.equal('Enter a link that starts with http:// or https://.');
    expect(events).to.deep.equal([]);
  });

  it('stops a download in progress with Cancel', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    const gate = crypto.randomUUID();
    const events = recordEvents(element, ['svc-url-import-abort', 'svc-error', 'svc-files-select']);
    await openLinkPanel(element);
    const url = `${location.origin}/element-fixtures/gated/${gate}/file/slow.txt`;
    await importUrl(element, url);
    expect(part(element, 'url-status').textContent).to.equal('Importing…');
    const aborted = nextEvent(element, 'svc-url-import-abort');
    part(element, 'url-cancel').click();
    expect((await aborted).detail).to.deep.equal({ url });
    await fetch(`/element-fixtures/gate/${gate}`, { method: 'POST' });
    await element.updateComplete;
    expect(maybePart(element, 'url-status')).to.equal(null);
    expect(maybePart(element, 'url-submit')).not.to.equal(null);
    expect(events.map((event) => event.type)).to.deep.equal(['svc-url-import-abort']);
  });

  it('lets listeners veto opening a source and importing a link', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    element.addEventListener('svc-source-open', (event) => event.preventDefault(), { once: true });
    part(element, 'source-chip-url').click();
    await element.updateComplete;
    expect(maybePart(element, 'source-view')).to.equal(null);

    await openLinkPanel(element);
    element.addEventListener('svc-url-import', (event) => event.preventDefault(), { once: true });
    const selects = recordEvents(element, ['svc-files-select']);
    await importUrl(element, `${otherOrigin}/element-fixtures/files/vetoed.txt?cors=1`);
    await element.updateComplete;
    expect(maybePart(element, 'url-status')).to.equal(null);
    expect(selects).to.deep.equal([]);
  });

  it('returns focus to the chip that opened the panel', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    await openLinkPanel(element);
    const closed = nextEvent(element, 'svc-source-close');
    part(element, 'back-button').click();
    await closed;
    await element.updateComplete;
    expect(focusedPart(element)).to.contain('source-chip-url');
  });
});
