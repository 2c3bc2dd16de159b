import { expect } from '@open-wc/testing';
import { maybePart, part, recordEvents, unmountAll, until } from '../element/helpers.js';
import { refuseNextConsent, signInAsNewUser } from './fixtures.js';
import { listedNames, listingShown, mountDriveUploader, openDrivePanel } from './helpers.js';

function popupText(popup: Window): string {
  try {
    return popup.document.body?.textContent ?? '';
  } catch {
    return '';
  }
}

describe('<svc-uploader> drive sign-in popup', () => {
  afterEach(unmountAll);

  it('has no link back to the page (window.opener is null), and still reports the sign-in', async () => {
    signInAsNewUser();
    await refuseNextConsent('box');
    const element = await mountDriveUploader('box');
    await openDrivePanel(element, 'box');
    part(element, 'drive-sign-in-button').click();
    await element.updateComplete;
    // Declined: the popup stays on the handler's error page, of this page's origin, so it can be read.
    const declined = window.open('', 'svc-drive-sign-in-box')!;
    await until(element, () => popupText(declined).includes('OAuth error'), 'the error page');
    expect(declined.opener === null, 'the popup keeps no opener').to.equal(true);
    declined.close();
    await until(element, () => maybePart(element, 'drive-sign-in-button') !== null, 'the sign-in step');

    // A real sign-in: the callback page answers on the offered channel.
    const events = recordEvents(element, ['svc-drive-auth']);
    part(element, 'drive-sign-in-button').click();
    await listingShown(element, 'the listing after sign-in');
    expect(events.map((event) => event.detail)).to.deep.equal([{ source: 'box', provider: 'box' }]);
    expect(listedNames(element)).to.include('notes.txt');
  });
});
