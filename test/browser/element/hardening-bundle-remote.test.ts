// What the built bundle does with content it did not make: a link that floods, stalls or lies about
// its type, a picture of 400 megapixels, a drive listing of the wrong shape, and the sign-in popup.
// The hostile remotes are those of test/support/wtr-remote-fixtures.mjs and wtr-drive-fixtures.mjs.
import { expect } from '@open-wc/testing';
import { DRIVE_SERVER, refuseNextConsent, signInAsNewUser } from '../drives/fixtures.js';
import { loadBuiltBundle, mountBuilt, partOf, partsOf, recordBuiltEvents, unmountBuilt, type SvcUploader } from './built-bundle.js';
import { eventually, maybePartOf, nextElementEvent } from './hardening-bundle-support.js';

/** The hostile remote: the same test server under another origin, answering with CORS. */
const remote = `${location.protocol}//127.0.0.1:${location.port}/remote-fixtures`;

async function importLink(element: SvcUploader, url: string): Promise<void> {
  partOf(element, 'source-chip-url').click();
  await eventually(() => maybePartOf(element, 'url-input') !== null, 'the link panel');
  const input = partOf<HTMLInputElement>(element, 'url-input');
  input.value = url;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  partOf(element, 'url-submit').click();
  await element.updateComplete;
}

async function shownLinkError(element: SvcUploader): Promise<string> {
  await eventually(() => maybePartOf(element, 'url-error') !== null, 'the link error message');
  return partOf(element, 'url-error').textContent!;
}

function rowThumbnail(element: SvcUploader, name: string): HTMLElement {
  const row = partsOf(element, 'file').find((node) => node.querySelector('[part~="file-name"]')!.textContent!.trim() === name);
  if (!row) throw new Error(`No row for ${name}`);
  return row.querySelector<HTMLElement>('[part~="file-thumbnail"]')!;
}

async function smallPicture(name: string): Promise<File> {
  const canvas = new OffscreenCanvas(64, 64);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#0ea5e9';
  context.fillRect(0, 0, 64, 64);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}

async function openDrivePanel(element: SvcUploader, source: string): Promise<void> {
  partOf(element, `source-chip-${source}`).click();
  await element.updateComplete;
  await eventually(() => maybePartOf(element, 'drive-panel') !== null && maybePartOf(element, 'drive-status') === null, `the ${source} panel`);
}

function listedDriveNames(element: SvcUploader): string[] {
  return partsOf(element, 'drive-item-name').map((node) => node.textContent!.trim());
}

function popupText(popup: Window): string {
  try {
    return popup.document.body?.textContent ?? '';
  } catch {
    return '';
  }
}

describe('<svc-uploader> remote content (built bundle)', function () {
  this.timeout(60_000);
  before(loadBuiltBundle);
  afterEach(unmountBuilt);

  it('stops downloading an endless link at max-file-size and says the file is too large', async () => {
    const element = await mountBuilt({ 'max-file-size': '5 MB' });
    const id = crypto.randomUUID();
    const failed = nextElementEvent(element, 'svc-error');
    await importLink(element, `${remote}/flood/${id}`);
    expect((await failed).detail).to.include({ scope: 'url-import', code: 'URL_TOO_LARGE' });
    // `5 MB` is 5,000,000 bytes, the unit sizes are shown in.
    expect(await shownLinkError(element)).to.equal('The file at this link is larger than 5 MB.');
    expect(element.files).to.have.length(0);
    // The remote produced a few megabytes of the 300 MB it had, not all of them.
    const { bytes } = (await (await fetch(`${remote}/sent/${id}`)).json()) as { bytes: number };
    expect(bytes).to.be.below(64 * 1024 * 1024);
  });

  it('gives up on a link that stops sending, after urlImportTimeout', async () => {
    const element = await mountBuilt();
    element.engine!.setOptions({ urlImportTimeout: 300 });
    const failed = nextElementEvent(element, 'svc-error');
    await importLink(element, `${remote}/stall/photo.png`);
    expect((await failed).detail).to.include({ scope: 'url-import', code: 'URL_TIMEOUT' });
    expect(await shownLinkError(element)).to.equal('The link stopped answering.');
  });

  it('refuses an HTML page served as /cat.png to an uploader that takes .png files', async () => {
    const element = await mountBuilt({ 'allowed-file-types': '.png' });
    // Whichever comes first: a refusal, or the page added as a file.
    const outcome = Promise.race([nextElementEvent(element, 'svc-error'), nextElementEvent(element, 'svc-files-add')]);
    await importLink(element, `${remote}/file/cat.png?as=html&type=text/html`);
    const { type, detail } = await outcome;
    expect(type).to.equal('svc-error');
    expect(detail).to.include({ scope: 'url-import', code: 'URL_TYPE_MISMATCH' });
    expect(element.files).to.have.length(0);
  });

  it('shows the type glyph for a 20,000 × 20,000 px PNG instead of decoding it', async () => {
    const element = await mountBuilt();
    const bomb = new File([await (await fetch('/remote-fixtures/image-bomb.png')).blob()], 'bomb.png', { type: 'image/png' });
    await element.addFiles([bomb, await smallPicture('small.png')]);
    // Row pictures are made in row order: once the later one shows, the bomb was judged.
    await eventually(() => rowThumbnail(element, 'small.png').querySelector('img') !== null, 'the small picture');
    await element.updateComplete;
    expect(rowThumbnail(element, 'bomb.png').querySelector('img')).to.equal(null);
    expect(rowThumbnail(element, 'bomb.png').querySelector('svg')).to.not.equal(null);
  });

  it('lists only the well-formed entries of a drive listing and warns about the others', async () => {
    const element = await mountBuilt({ 'server-url': '/remote-fixtures/drive', sources: 'googleDrive' });
    const warned = nextElementEvent(element, 'svc-warn');
    await openDrivePanel(element, 'googleDrive');
    const { detail } = await warned;
    expect(detail.code).to.equal('DRIVE_ENTRIES_DROPPED');
    expect(listedDriveNames(element)).to.deep.equal(['report.pdf', 'Photos']);
  });

  it('opens the drive sign-in popup without window.opener, and the sign-in still arrives', async () => {
    signInAsNewUser();
    await refuseNextConsent('box');
    const element = await mountBuilt({ 'server-url': DRIVE_SERVER, sources: 'box' });
    await openDrivePanel(element, 'box');
    partOf(element, 'drive-sign-in-button').click();
    await element.updateComplete;
    // Declined: the popup stays on the handler's error page, of this page's origin, so it can be read.
    const declined = window.open('', 'svc-drive-sign-in-box')!;
    await eventually(() => popupText(declined).includes('OAuth error'), 'the error page in the popup');
    expect(declined.opener === null, 'the popup keeps no opener').to.equal(true);
    declined.close();
    await eventually(() => maybePartOf(element, 'drive-sign-in-button') !== null, 'the sign-in step');

    const signedIn = recordBuiltEvents(element, ['svc-drive-auth']);
    partOf(element, 'drive-sign-in-button').click();
    await eventually(() => maybePartOf(element, 'drive-list') !== null, 'the listing after sign-in');
    expect(signedIn.map((event) => event.detail)).to.deep.equal([{ source: 'box', provider: 'box' }]);
    expect(listedDriveNames(element)).to.include('notes.txt');
  });
});
