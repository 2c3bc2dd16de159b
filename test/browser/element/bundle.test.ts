// The built browser bundle (dist/browser, from `npm run build` or scripts/bundle-size.mjs), loaded
// as a plain HTML page would load it: one module, Lit inside, media panels in lazy chunks.
import { expect } from '@open-wc/testing';

const BUNDLE = '/dist/browser/svc-uploader.js';

describe('<svc-uploader> browser bundle', () => {
  before(async function () {
    const response = await fetch(BUNDLE, { method: 'HEAD' });
    // Visible in the report, never silently green: run `npm run build` first.
    if (!response.ok) this.skip();
  });

  it('registers the element, uploads a file and loads a media panel on demand', async () => {
    const bundle = await import(/* @vite-ignore */ BUNDLE);
    expect(customElements.get('svc-uploader')).to.equal(bundle.SvcUploader);
    // The engine's classes come from the bundle's second file, which shares the element's chunks.
    expect(bundle.UploadEngine).to.equal(undefined);
    const ENGINE_BUNDLE = '/dist/browser/engine.js';
    const engineBundle = await import(/* @vite-ignore */ ENGINE_BUNDLE);

    const element = document.createElement('svc-uploader');
    element.setAttribute('server-url', '/api/upload');
    document.body.append(element);
    await element.updateComplete;
    const file = new File([crypto.getRandomValues(new Uint8Array(4096))], 'bundle.bin');
    await element.addFiles([file]);
    expect((element as HTMLElement & { engine: unknown }).engine).to.be.instanceOf(engineBundle.UploadEngine);
    const uploaded = new Promise<CustomEvent>((resolve) => element.addEventListener('svc-file-upload-complete', resolve, { once: true }));
    await element.upload();
    const { detail } = await uploaded;
    const stored = new Uint8Array(await (await fetch(detail.result.downloadUrl)).arrayBuffer());
    expect(stored).to.deep.equal(new Uint8Array(await file.arrayBuffer()));

    const before = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/dist/browser/camera-panel')).length;
    expect(before).to.equal(0);
    element.shadowRoot!.querySelector<HTMLElement>('[part~="source-chip-camera"]')!.click();
    const deadline = Date.now() + 10_000;
    while (!element.shadowRoot!.querySelector('[part~="camera"]')) {
      if (Date.now() > deadline) throw new Error('camera panel never appeared');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(performance.getEntriesByType('resource').some((entry) => entry.name.includes('/dist/browser/camera-panel'))).to.equal(true);
    element.remove();
  });
});
