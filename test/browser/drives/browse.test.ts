import { expect } from '@open-wc/testing';
import { maybePart, part, parts, unmountAll, until, type SvcUploader } from '../element/helpers.js';
import { capProviderPages, signInAsNewUser } from './fixtures.js';
import {
  breadcrumbText,
  checkFile,
  clickFolder,
  listedNames,
  listingShown,
  mountDriveUploader,
  openDrivePanel,
  searchFor,
  signInThroughPopup,
} from './helpers.js';

async function signedInPanel(source: 'googleDrive' | 'oneDrive' | 'dropbox' | 'box'): Promise<SvcUploader> {
  signInAsNewUser();
  const element = await mountDriveUploader(source);
  await openDrivePanel(element, source);
  await signInThroughPopup(element);
  return element;
}

async function enterFolder(element: SvcUploader, name: string): Promise<void> {
  clickFolder(element, name);
  await element.updateComplete;
  await listingShown(element, `the folder ${name}`);
}

function checkedNames(element: SvcUploader): string[] {
  return parts(element, 'drive-file')
    .filter((row) => row.querySelector<HTMLInputElement>('[part~="drive-checkbox"]')!.checked)
    .map((row) => row.querySelector('[part~="drive-item-name"]')!.textContent!.trim());
}

describe('<svc-uploader> drive browser', () => {
  afterEach(unmountAll);

  it('opens folders, shows where the user is in breadcrumbs, and goes back up through them', async () => {
    const element = await signedInPanel('box');
    expect(breadcrumbText(element)).to.deep.equal(['My files']);
    await enterFolder(element, 'Projects');
    expect(listedNames(element)).to.deep.equal(['Reports', 'diagram.bin', 'plan.txt']);
    await enterFolder(element, 'Reports');
    expect(listedNames(element)).to.deep.equal(['q1-report.txt']);
    expect(breadcrumbText(element)).to.deep.equal(['My files', 'Projects', 'Reports']);
    expect(part(element, 'drive-crumb-current').getAttribute('aria-current')).to.equal('page');
    expect(part(element, 'drive-breadcrumbs').getAttribute('aria-label')).to.equal('Folder path');

    parts(element, 'drive-crumb')[1]!.click();
    await element.updateComplete;
    await listingShown(element, 'Projects again');
    expect(breadcrumbText(element)).to.deep.equal(['My files', 'Projects']);
    expect(listedNames(element)).to.deep.equal(['Reports', 'diagram.bin', 'plan.txt']);
    parts(element, 'drive-crumb')[0]!.click();
    await element.updateComplete;
    await listingShown(element, 'the root again');
    expect(listedNames(element)).to.include.members(['Archive', 'Projects', 'notes.txt']);
  });

  it('says so when a folder is empty, and names folders as folders for screen readers', async () => {
    const element = await signedInPanel('dropbox');
    const folder = parts(element, 'drive-folder').find((node) => node.textContent!.trim() === 'Empty')!;
    expect(folder.getAttribute('aria-label')).to.equal('Open folder Empty');
    await enterFolder(element, 'Empty');
    expect(part(element, 'drive-empty').textContent).to.equal('This folder is empty.');
    expect(maybePart(element, 'drive-list')).to.equal(null);
  });

  it('searches the whole drive, shows the query in the breadcrumbs, and clears back to the folder', async () => {
    const element = await signedInPanel('googleDrive');
    await enterFolder(element, 'Projects');
    await searchFor(element, 'report');
    expect([...listedNames(element)].sort()).to.deep.equal(['Reports', 'q1-report.txt']);
    expect(breadcrumbText(element)).to.deep.equal(['My files', 'Projects', 'Results for “report”']);

    await searchFor(element, 'no such thing');
    expect(part(element, 'drive-empty').textContent).to.equal('Nothing matches “no such thing”.');

    part(element, 'drive-clear-search').click();
    await element.updateComplete;
    await listingShown(element, 'the folder after clearing the search');
    expect(breadcrumbText(element)).to.deep.equal(['My files', 'Projects']);
    expect(part<HTMLInputElement>(element, 'drive-search-input').value).to.equal('');
    expect(listedNames(element)).to.deep.equal(['Reports', 'diagram.bin', 'plan.txt']);
  });

  it('selects several files, across folders, and selects or deselects all of a folder at once', async () => {
    const element = await signedInPanel('oneDrive');
    expect(part<HTMLButtonElement>(element, 'drive-add').disabled).to.equal(true);
    checkFile(element, 'notes.txt');
    await element.updateComplete;
    expect(part(element, 'drive-selection-count').textContent).to.equal('1 selected');
    expect(part(element, 'drive-add').textContent!.trim()).to.equal('Add 1 file');

    await enterFolder(element, 'Projects');
    part(element, 'drive-select-all').click();
    await element.updateComplete;
    expect(checkedNames(element)).to.deep.equal(['diagram.bin', 'plan.txt']);
    expect(part(element, 'drive-select-all').textContent!.trim()).to.equal('Deselect all');
    expect(part(element, 'drive-selection-count').textContent).to.equal('3 selected');
    expect(part(element, 'drive-add').textContent!.trim()).to.equal('Add 3 files');

    part(element, 'drive-select-all').click();
    await element.updateComplete;
    expect(checkedNames(element)).to.deep.equal([]);
    expect(part(element, 'drive-selection-count').textContent).to.equal('1 selected');
    parts(element, 'drive-crumb')[0]!.click();
    await element.updateComplete;
    await listingShown(element, 'the root again');
    expect(checkedNames(element)).to.deep.equal(['notes.txt']);
  });

  describe('a folder longer than one listing', () => {
    // Two entries per provider page: the handler gathers 50 pages (100 entries), then answers a cursor.
    before(() => capProviderPages('dropbox', 2));
    after(() => capProviderPages('dropbox', 0));

    it('offers "Load more" and appends the rest from nextCursor', async () => {
      const element = await signedInPanel('dropbox');
      await enterFolder(element, 'Archive');
      expect(listedNames(element)).to.have.length(100);
      expect(listedNames(element)[99]).to.equal('entry-100.txt');
      part(element, 'drive-load-more').click();
      await until(element, () => listedNames(element).length === 130, 'the appended entries');
      expect(listedNames(element)[100]).to.equal('entry-101.txt');
      expect(listedNames(element)[129]).to.equal('entry-130.txt');
      expect(maybePart(element, 'drive-load-more')).to.equal(null);
    });
  });
});
