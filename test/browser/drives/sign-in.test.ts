import { expect } from '@open-wc/testing';
import { maybePart, mount, nextEvent, part, recordEvents, unmountAll, until } from '../element/helpers.js';
import {
  DRIVE_SERVER,
  driveFixtureInfo,
  providerRevocationCount,
  refuseNextConsent,
  revokeProviderTokens,
  signInAsNewUser,
  storeOutage,
  type FakeDriveInfo,
} from './fixtures.js';
import { clickFolder, listedNames, listingShown, mountDriveUploader, openDrivePanel, signInThroughPopup } from './helpers.js';

/** Resolves once every message posted before it has been dispatched (same task source, in order). */
function messagesDelivered(): Promise<void> {
  const marker = crypto.randomUUID();
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.data !== marker) return;
      window.removeEventListener('message', onMessage);
      resolve();
    };
    window.addEventListener('message', onMessage);
    window.postMessage(marker, location.origin);
  });
}

/** The popup's text, once it is back on this page's origin (reading it mid-redirect throws). */
function popupText(popup: Window): string {
  try {
    return popup.document?.body?.textContent ?? '';
  } catch {
    return '';
  }
}

async function waitForDocument(popup: Window, text: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!popupText(popup).includes(text)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for the popup to show ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const ROOT_NAMES = ['Archive', 'Empty', 'Projects', 'budget.csv', 'notes.txt'];

describe('<svc-uploader> drive sign-in (server mode)', () => {
  let drives: FakeDriveInfo[];
  before(async () => {
    drives = (await driveFixtureInfo()).drives;
  });
  afterEach(unmountAll);

  for (const provider of ['googleDrive', 'oneDrive', 'dropbox', 'box'] as const) {
    it(`${provider}: the chip asks to sign in, the popup connects the drive, and its root is listed`, async () => {
      signInAsNewUser();
      const element = await mountDriveUploader(provider);
      const events = recordEvents(element, ['svc-source-open', 'svc-drive-auth', 'svc-error']);
      await openDrivePanel(element, provider);
      const { displayName } = drives.find((drive) => drive.id === provider)!;
      const providerName = element.shadowRoot!.querySelector('[part~="source-view-title"]')!.textContent!.trim();
      expect(displayName).to.contain(providerName);
      expect(part(element, 'drive-sign-in-hint').textContent).to.equal(`Sign in to choose files from your ${providerName} account.`);
      expect(part(element, 'drive-sign-in-button').textContent!.trim()).to.equal(`Sign in to ${providerName}`);

      const authenticated = nextEvent(element, 'svc-drive-auth');
      await signInThroughPopup(element);
      expect((await authenticated).detail).to.deep.equal({ source: provider, provider: drives.find((drive) => drive.id === provider)!.slug });
      const expected = provider === 'googleDrive' ? [...ROOT_NAMES, 'Meeting notes.docx'] : ROOT_NAMES;
      expect([...listedNames(element)].sort()).to.deep.equal([...expected].sort());
      expect(events.map((event) => event.type)).to.deep.equal(['svc-source-open', 'svc-drive-auth']);
    });
  }

  it('lists at once, without a sign-in, when the user connected this drive before', async () => {
    signInAsNewUser();
    const first = await mountDriveUploader('dropbox');
    await openDrivePanel(first, 'dropbox');
    await signInThroughPopup(first);
    unmountAll();

    const second = await mountDriveUploader('dropbox');
    const events = recordEvents(second, ['svc-drive-auth']);
    part(second, 'source-chip-dropbox').click();
    await listingShown(second);
    expect(maybePart(second, 'drive-sign-in')).to.equal(null);
    expect(listedNames(second)).to.include('Projects');
    expect(events).to.deep.equal([]);
  });

  it('signs out on the server: the provider revokes the tokens, the handler forgets them, the sign-in step returns and stays, and a new sign-in lists again', async () => {
    signInAsNewUser();
    const element = await mountDriveUploader('box');
    await openDrivePanel(element, 'box');
    await signInThroughPopup(element);
    const revocationsBefore = await providerRevocationCount('box');
    const signedOut = nextEvent(element, 'svc-drive-sign-out');
    part(element, 'drive-sign-out').click();
    expect((await signedOut).detail).to.deep.equal({ source: 'box', provider: 'box' });
    expect(await providerRevocationCount('box')).to.equal(revocationsBefore + 1);
    const listing = await fetch(`${DRIVE_SERVER}/files/box`, { credentials: 'include' });
    expect(listing.status, 'the handler no longer holds tokens for this user').to.equal(401);
    expect(await listing.json()).to.deep.equal({ reauth: true, provider: 'box' });
    await element.updateComplete;
    expect(maybePart(element, 'drive-sign-in-button')).to.not.equal(null);
    expect(maybePart(element, 'drive-list')).to.equal(null);

    part(element, 'back-button').click();
    await openDrivePanel(element, 'box');
    expect(maybePart(element, 'drive-sign-in-button')).to.not.equal(null);
    await signInThroughPopup(element);
    expect(listedNames(element)).to.include('notes.txt');
  });

  it('keeps the drive signed in when the handler cannot sign out: the files stay with the error, no sign-out event, and Sign out works later', async () => {
    const user = signInAsNewUser();
    const element = await mountDriveUploader('box');
    await openDrivePanel(element, 'box');
    await signInThroughPopup(element);
    const events = recordEvents(element, ['svc-drive-sign-out', 'svc-error']);
    await storeOutage('box', user);
    try {
      const failed = nextEvent(element, 'svc-error');
      part(element, 'drive-sign-out').click();
      expect((await failed).detail).to.include({ scope: 'drive', code: 'DRIVE_SIGN_OUT_FAILED', source: 'box', status: 500 });
    } finally {
      await storeOutage('box', user, { clear: true });
    }
    await element.updateComplete;
    const providerName = element.shadowRoot!.querySelector('[part~="source-view-title"]')!.textContent!.trim();
    expect(part(element, 'drive-sign-out-error').textContent).to.equal(`Could not sign out of ${providerName}. You are still signed in; try again.`);
    expect(part(element, 'drive-sign-out-error').getAttribute('role')).to.equal('alert');
    expect(listedNames(element)).to.include('notes.txt');
    expect(maybePart(element, 'drive-sign-in-button')).to.equal(null);
    expect(events.map((event) => event.type)).to.deep.equal(['svc-error']);
    const listing = await fetch(`${DRIVE_SERVER}/files/box`, { credentials: 'include' });
    expect(listing.status, 'the handler still holds the tokens').to.equal(200);

    part(element, 'back-button').click();
    await openDrivePanel(element, 'box');
    await listingShown(element, 'the listing, without a sign-in, on the next visit');
    expect(maybePart(element, 'drive-sign-in-button')).to.equal(null);
    expect(maybePart(element, 'drive-sign-out-error')).to.equal(null);

    const signedOut = nextEvent(element, 'svc-drive-sign-out');
    part(element, 'drive-sign-out').click();
    expect((await signedOut).detail).to.deep.equal({ source: 'box', provider: 'box' });
    await element.updateComplete;
    expect(maybePart(element, 'drive-sign-in-button')).to.not.equal(null);
  });

  it('falls back to signing in again when the server answers 401 {reauth: true}, and reports it', async () => {
    signInAsNewUser();
    const element = await mountDriveUploader('oneDrive');
    await openDrivePanel(element, 'oneDrive');
    await signInThroughPopup(element);
    await revokeProviderTokens('oneDrive');

    const failed = nextEvent(element, 'svc-error');
    clickFolder(element, 'Projects');
    const { detail } = await failed;
    expect(detail).to.include({ scope: 'drive', code: 'DRIVE_REAUTH_REQUIRED', source: 'oneDrive', status: 401 });
    await until(element, () => maybePart(element, 'drive-sign-in-button') !== null, 'the re-auth prompt');
    expect(part(element, 'drive-sign-in-hint').textContent).to.equal('Your OneDrive session has expired. Sign in again to continue.');
    expect(part(element, 'drive-sign-in-hint').getAttribute('role')).to.equal('alert');
    expect(part(element, 'drive-sign-in-button').textContent!.trim()).to.equal('Sign in again');

    await signInThroughPopup(element);
    clickFolder(element, 'Projects');
    await listingShown(element, 'the Projects folder');
    expect(listedNames(element)).to.deep.equal(['Reports', 'diagram.bin', 'plan.txt']);
  });

  it('returns to the sign-in step when the user closes the popup without connecting, and believes no other window', async () => {
    signInAsNewUser();
    await refuseNextConsent('box');
    const element = await mountDriveUploader('box');
    const events = recordEvents(element, ['svc-drive-auth', 'svc-error']);
    await openDrivePanel(element, 'box');
    part(element, 'drive-sign-in-button').click();
    await element.updateComplete;
    expect(part(element, 'drive-status').textContent).to.equal('Finish signing in to Box in the window that opened.');
    // The popup stays on the handler's error page (the user declined); it is this page's origin.
    const popup = window.open('', 'svc-drive-sign-in-box')!;
    await waitForDocument(popup, 'OAuth error');

    // The right message from the right origin, but not from the popup: ignored.
    window.postMessage({ type: 'svc:oauth-success', provider: 'box' }, location.origin);
    await messagesDelivered();
    await element.updateComplete;
    expect(maybePart(element, 'drive-cancel-sign-in')).to.not.equal(null);

    popup.close();
    await until(element, () => maybePart(element, 'drive-sign-in-button') !== null, 'the sign-in step');
    expect(part(element, 'drive-sign-in-hint').textContent).to.equal('Sign in to choose files from your Box account.');
    expect(events).to.deep.equal([]);
  });

  it('notices a connection made in a window it could not hear from, when the page regains focus', async () => {
    signInAsNewUser();
    await refuseNextConsent('googleDrive');
    const element = await mountDriveUploader('googleDrive');
    await openDrivePanel(element, 'googleDrive');
    part(element, 'drive-sign-in-button').click();
    await element.updateComplete;
    const declined = window.open('', 'svc-drive-sign-in-google-drive')!;
    await waitForDocument(declined, 'OAuth error');
    declined.close();
    await until(element, () => maybePart(element, 'drive-sign-in-button') !== null, 'the sign-in step');

    // As when a consent page's opener policy cuts the popup off: the drive connects, nobody is told.
    const other = window.open('/api/drive-upload/auth/google-drive', 'unrelated-window')!;
    await until(element, () => other.closed, 'the other window to finish and close');
    expect(maybePart(element, 'drive-sign-in-button')).to.not.equal(null);
    const authenticated = nextEvent(element, 'svc-drive-auth');
    window.dispatchEvent(new FocusEvent('focus'));
    await authenticated;
    await listingShown(element, 'the listing');
    expect(listedNames(element)).to.include('notes.txt');
  });

  it('closes the popup and goes back to the sign-in step when the user cancels the wait', async () => {
    signInAsNewUser();
    await refuseNextConsent('dropbox');
    const element = await mountDriveUploader('dropbox');
    await openDrivePanel(element, 'dropbox');
    part(element, 'drive-sign-in-button').click();
    await element.updateComplete;
    const popup = window.open('', 'svc-drive-sign-in-dropbox')!;
    part(element, 'drive-cancel-sign-in').click();
    await element.updateComplete;
    // The popup may close before it reaches the consent page: the refusal must not outlive this test.
    await refuseNextConsent('dropbox', { clear: true });
    expect(popup.closed).to.equal(true);
    expect(maybePart(element, 'drive-sign-in-button')).to.not.equal(null);
  });

  it('opens the popup inside the click itself, where browsers allow popups', async () => {
    signInAsNewUser();
    const element = await mountDriveUploader('googleDrive');
    await openDrivePanel(element, 'googleDrive');
    const open = window.open;
    let openedUrl: string | undefined;
    window.open = (...args: Parameters<typeof window.open>) => {
      openedUrl = String(args[0]);
      return open.apply(window, args);
    };
    try {
      part(element, 'drive-sign-in-button').click();
      // Checked before anything else runs: an `await` ahead of window.open would leave this unset.
      expect(openedUrl).to.equal(`${location.origin}/api/drive-upload/auth/google-drive`);
    } finally {
      window.open = open;
    }
    await listingShown(element, 'the listing after sign-in');
  });

  it('says the sign-in window was blocked when the browser refuses the popup, and reports it', async () => {
    signInAsNewUser();
    const element = await mountDriveUploader('dropbox');
    await openDrivePanel(element, 'dropbox');
    // Headless Chromium does not run its popup blocker; a blocking browser answers window.open with null.
    const open = window.open;
    window.open = () => null;
    try {
      const failed = nextEvent(element, 'svc-error');
      part(element, 'drive-sign-in-button').click();
      expect((await failed).detail).to.include({ scope: 'drive', code: 'DRIVE_POPUP_BLOCKED', source: 'dropbox' });
    } finally {
      window.open = open;
    }
    await element.updateComplete;
    expect(part(element, 'drive-error').textContent).to.equal('The sign-in window was blocked. Allow pop-ups for this site and try again.');
    expect(maybePart(element, 'drive-sign-in-button')).to.not.equal(null);
  });

  it('explains that drives need the upload handler when the uploader is in client mode', async () => {
    const element = await mount('<svc-uploader upload-endpoint="/token" sources="googleDrive"></svc-uploader>');
    const failed = nextEvent(element, 'svc-error');
    part(element, 'source-chip-googleDrive').click();
    expect((await failed).detail).to.include({ scope: 'drive', code: 'DRIVE_NEEDS_SERVER', source: 'googleDrive' });
    await until(element, () => maybePart(element, 'drive-error') !== null, 'the explanation');
    expect(part(element, 'drive-error').textContent).to.equal('Google Drive is not available here.');
  });
});
