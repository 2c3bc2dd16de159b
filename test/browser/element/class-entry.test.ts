import { expect } from '@open-wc/testing';
import { SVC_UPLOADER_TAG, SvcUploader, UploadEngine } from '../../../elements/element.js';

// `svc-uploader/element` hands over the class and registers nothing; the app picks the tag.
describe('the element class entry', () => {
  afterEach(() => {
    for (const host of document.querySelectorAll('.test-host')) host.remove();
  });

  it('registers no tag when imported', () => {
    expect(customElements.get(SVC_UPLOADER_TAG)).to.equal(undefined);
    expect(SVC_UPLOADER_TAG).to.equal('svc-uploader');
    expect(UploadEngine).to.be.a('function');
  });

  it('renders under a tag the app chooses', async () => {
    customElements.define('acme-uploader', SvcUploader);
    const host = document.createElement('div');
    host.className = 'test-host';
    host.innerHTML = '<acme-uploader server-url="/api/upload"></acme-uploader>';
    document.body.append(host);
    const element = host.querySelector('acme-uploader') as SvcUploader;
    await element.updateComplete;
    expect(element).to.be.instanceOf(SvcUploader);
    expect(element.shadowRoot!.querySelector('[part~="drop-zone"]')).not.to.equal(null);
    expect(customElements.get(SVC_UPLOADER_TAG)).to.equal(undefined);
  });

  it("keeps the app's own tag when the define module loads afterwards, instead of throwing", async () => {
    await import('../../../elements/svc-uploader/define.js');
    expect(customElements.getName(SvcUploader)).to.equal('acme-uploader');
    expect(customElements.get(SVC_UPLOADER_TAG)).to.equal(undefined);
  });
});
