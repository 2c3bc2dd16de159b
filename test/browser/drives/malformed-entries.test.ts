import { expect } from '@open-wc/testing';
import { maybePart, mount, nextEvent, unmountAll } from '../element/helpers.js';
import { listedNames, openDrivePanel } from './helpers.js';

describe('<svc-uploader> drive listings with malformed entries', () => {
  afterEach(unmountAll);

  it('lists only well-formed entries and warns once about the ones left out', async () => {
    const element = await mount('<svc-uploader server-url="/remote-fixtures/drive" sources="googleDrive"></svc-uploader>');
    const warned = nextEvent(element, 'svc-warn');
    await openDrivePanel(element, 'googleDrive');
    const { detail } = await warned;
    expect(detail.code).to.equal('DRIVE_ENTRIES_DROPPED');
    expect(detail.message).to.contain('8 malformed entries');
    expect(listedNames(element)).to.deep.equal(['report.pdf', 'Photos']);
    // A cursor that is not a string is no cursor: nothing more to load.
    expect(maybePart(element, 'drive-load-more')).to.equal(null);
  });
});
