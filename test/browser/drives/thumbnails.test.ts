// Pictures in a drive listing show their thumbnails. Dropbox and Box thumbnails come through the
// handler (the page never sees a provider token), loaded with the page's cookies. Google Drive and
// OneDrive name their own links, which load only over https: the local stand-ins serve theirs over
// plain http from another origin, which the page never requests.
import { expect } from '@open-wc/testing';
import { maybePart, parts, unmountAll, until } from '../element/helpers.js';
import { DRIVE_SERVER, signInAsNewUser } from './fixtures.js';
import { mountDriveUploader, openDrivePanel, searchFor, signInThroughPopup } from './helpers.js';

describe('<svc-uploader> drive thumbnails', () => {
  afterEach(unmountAll);

  for (const provider of ['dropbox', 'box'] as const) {
    it(`${provider}: a picture's row shows its thumbnail, served by the handler, and other rows show none`, async () => {
      signInAsNewUser();
      const element = await mountDriveUploader(provider);
      await openDrivePanel(element, provider);
      await signInThroughPopup(element);
      expect(parts(element, 'drive-item-thumbnail'), 'no thumbnail for text files and folders').to.deep.equal([]);

      await searchFor(element, 'sunset');
      const row = parts(element, 'drive-file').find((node) => node.textContent!.includes('sunset.png'));
      expect(row, 'sunset.png is listed').to.not.equal(undefined);
      const image = row!.querySelector<HTMLImageElement>('[part~="drive-item-thumbnail"]');
      expect(image, 'the row has a thumbnail').to.not.equal(null);
      const url = new URL(image!.src);
      expect(url.origin + url.pathname).to.equal(new URL(`${DRIVE_SERVER}/files/${provider}/thumbnail`, location.href).href);
      expect(image!.alt, 'decorative: the name says what the file is').to.equal('');
      await until(element, () => image!.complete, 'the thumbnail to load');
      expect(image!.naturalWidth, 'the picture decoded').to.be.greaterThan(0);
      expect(image!.hidden).to.equal(false);
      expect(maybePart(element, 'drive-error')).to.equal(null);
    });
  }

  for (const provider of ['googleDrive', 'oneDrive'] as const) {
    it(`${provider}: a provider's thumbnail link over plain http from another origin is never requested`, async () => {
      signInAsNewUser();
      const element = await mountDriveUploader(provider);
      await openDrivePanel(element, provider);
      await signInThroughPopup(element);
      await searchFor(element, 'sunset');
      const row = parts(element, 'drive-file').find((node) => node.textContent!.includes('sunset.png'));
      expect(row, 'sunset.png is listed').to.not.equal(undefined);
      expect(row!.querySelector('[part~="drive-item-thumbnail"]'), 'no picture from an http link').to.equal(null);
      const thumbnailRequests = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin !== location.origin && url.pathname.startsWith('/thumbnails/'));
      expect(thumbnailRequests.map((url) => url.href)).to.deep.equal([]);
    });
  }
});
