// A multipart upload storage no longer knows (expired, aborted, swept by a lifecycle rule): the row
// says the upload expired and Retry sends the file again from the start, as it promises.
import { expect } from '@open-wc/testing';
import { createFaultPlan } from '../engine/helpers.js';
import { eventually } from '../eventually.js';
import { mount, nextEvent, part, randomFile, unmountAll } from './helpers.js';

const MIB = 1024 * 1024;

describe('<svc-uploader> Retry after storage lost the multipart upload', () => {
  afterEach(() => {
    unmountAll();
    localStorage.clear();
  });

  it('says the upload expired, and Retry stores the file through a new upload', async () => {
    const plan = await createFaultPlan({ loseUpload: { 'multipart/sign-part:2': 1 } });
    const resumable = JSON.stringify({ protocol: 'multipart', thresholdBytes: 5 * MIB, chunkSizeBytes: 5 * MIB, maxConcurrentParts: 1, retryDelays: [] });
    const element = await mount(`<svc-uploader server-url="${plan.serverUrl}" max-retries="0" resumable='${resumable}'></svc-uploader>`);
    await element.addFiles([randomFile('lost.bin', 6 * MIB)]);
    expect(await element.upload()).to.include({ successful: 0, failed: 1 });
    await element.updateComplete;
    expect(part(element, 'file-error').textContent).to.equal('The unfinished upload expired. Retry to send the file again from the start.');

    const succeeded = nextEvent(element, 'svc-file-upload-complete');
    part(element, 'file-retry').click();
    await succeeded;
    await eventually(() => element.files[0]?.state === 'successful', 'the retried file to be stored');
    const log = await plan.log();
    expect(log.statuses.filter((status) => status === 'multipart/init 200')).to.have.length(2);
  });
});
