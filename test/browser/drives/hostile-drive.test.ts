// A broken or compromised handler behind the drive panel: it never answers, answers a listing of
// hundreds of megabytes, or an error whose text is a book. The panel gives up in time, stops
// reading, and passes on a bounded message.
import { expect } from '@open-wc/testing';
import { maybePart, mount, nextEvent, unmountAll, type SvcUploader } from '../element/helpers.js';
import { openDrivePanel } from './helpers.js';

async function mountHostileDrive(mode: string, requestTimeoutMs?: number): Promise<SvcUploader> {
  const element = await mount(`<svc-uploader server-url="/remote-fixtures/hostile-drive/${mode}" sources="googleDrive"></svc-uploader>`);
  if (requestTimeoutMs) (await element.whenEngine()).setOptions({ requestTimeoutMs });
  return element;
}

describe('<svc-uploader> drive panel and a hostile handler', () => {
  afterEach(unmountAll);

  it('gives up on a listing that never comes after requestTimeoutMs and shows the failure', async () => {
    const element = await mountHostileDrive('stall', 1000);
    const failed = nextEvent(element, 'svc-error', (event) => event.detail.scope === 'drive');
    await openDrivePanel(element, 'googleDrive');
    const { detail } = await failed;
    expect(detail.code).to.equal('DRIVE_LIST_FAILED');
    expect(detail.message).to.contain('no answer within 1000 ms');
    await element.updateComplete;
    expect(maybePart(element, 'drive-failure'), 'the failure is on screen').to.not.equal(null);
  });

  it('stops reading a listing of 300 MB after a few megabytes', async () => {
    const id = crypto.randomUUID();
    const element = await mountHostileDrive(`flood-${id}`);
    const failed = nextEvent(element, 'svc-error', (event) => event.detail.scope === 'drive');
    await openDrivePanel(element, 'googleDrive');
    expect((await failed).detail.code).to.equal('DRIVE_LIST_FAILED');
    const { bytes } = (await (await fetch(`/remote-fixtures/sent/${id}`)).json()) as { bytes: number };
    expect(bytes, 'bytes the server produced').to.be.below(64 * 1024 * 1024);
  });

  it('passes on at most 500 characters of a handler error message', async () => {
    const element = await mountHostileDrive('verbose');
    const failed = nextEvent(element, 'svc-error', (event) => event.detail.scope === 'drive');
    await openDrivePanel(element, 'googleDrive');
    const { detail } = await failed;
    expect(detail.code).to.equal('DRIVE_LIST_FAILED');
    expect(detail.status).to.equal(500);
    expect(detail.message.length).to.be.at.most(500);
  });
});
