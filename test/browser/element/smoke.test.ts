import { expect } from '@open-wc/testing';
import { chooseFiles, mount, nextEvent, part, randomFile, sha256, storedBytes, unmountAll } from './helpers.js';

describe('<svc-uploader> smoke', () => {
  afterEach(unmountAll);

  it('uploads a chosen file', async () => {
    const element = await mount();
    const file = randomFile('smoke.bin', 2048);
    const added = nextEvent(element, 'svc-files-add');
    await chooseFiles(element, [file]);
    await added;
    await element.updateComplete;
    const complete = nextEvent(element, 'svc-file-upload-complete');
    part(element, 'upload-button').click();
    const { detail } = await complete;
    expect(await sha256(await storedBytes(detail.result.downloadUrl!))).to.equal(await sha256(file));
  });
});
