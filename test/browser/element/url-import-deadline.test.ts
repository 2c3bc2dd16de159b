// A link that drips its bytes never stays silent long enough for url-import-timeout: the import
// as a whole has a deadline too (20 × url-import-timeout), said on screen and by svc-error.
import { expect } from '@open-wc/testing';
import { maybePart, mount, nextEvent, part, unmountAll, until, type SvcUploader } from './helpers.js';

const remote = `${location.protocol}//127.0.0.1:${location.port}/hostile-media`;

async function importLink(element: SvcUploader, url: string): Promise<void> {
  part(element, 'source-chip-url').click();
  await until(element, () => maybePart(element, 'url-input') !== null, 'the link panel');
  const input = part<HTMLInputElement>(element, 'url-input');
  input.value = url;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  part(element, 'url-submit').click();
  await element.updateComplete;
}

describe('<svc-uploader> link import deadline', () => {
  afterEach(unmountAll);

  it('gives up on a link that sends one byte at a time, within the idle timeout, once the whole import is overdue', async () => {
    // Idle timeout 1 s, so 20 s in all; the 70-byte PNG arrives one byte every 400 ms (28 s).
    const element = await mount('<svc-uploader server-url="/api/upload" url-import-timeout="1000"></svc-uploader>');
    const url = `${remote}/drip/photo.png?every=400`;
    const failed = nextEvent(element, 'svc-error');
    await importLink(element, url);
    const { detail } = await failed;
    expect(detail).to.include({ scope: 'url-import', code: 'URL_TIMEOUT', source: 'url', url });
    expect(detail.message).to.contain('in all');
    await until(element, () => maybePart(element, 'url-error') !== null, 'the error message');
    expect(part(element, 'url-error').textContent).to.equal('The link stopped answering.');
    expect(maybePart(element, 'url-status')).to.equal(null);
    expect(element.files).to.have.length(0);
  }).timeout(60_000);
});
