// Pictures in a drive listing show their thumbnails. Dropbox and Box thumbnails come through the
// handler (the page never sees a provider token), loaded with the page's cookies.
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
});
