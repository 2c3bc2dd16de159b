// The pixel budget judged by the sizes decoders really use: every GIF frame, not the logical
// screen; formats whose size cannot be read count as above the budget; SVG is never drawn from
// the file's bytes. Files picked on disk and files brought by a link are judged alike.
import { expect } from '@open-wc/testing';
import { gifWithFrame, useFanOutSvg } from '../../support/gif-bomb.mjs';
import { maybePart, mount, part, parts, textFile, unmountAll, until, type SvcUploader } from './helpers.js';

/** The same test server under another origin, as a link to a remote site would be. */
const remote = `${location.protocol}//127.0.0.1:${location.port}/hostile-media`;

/** A GIF whose header says 1 × 1 px and whose one frame is `frameSide` px square. */
function gif(name: string, frameSide: number): File {
  return new File([gifWithFrame({ frameWidth: frameSide, frameHeight: frameSide })], name, { type: 'image/gif' });
}

/** An honest 50 × 50 px GIF, the picture every case waits for. */
const smallGif = () => new File([gifWithFrame({ screenWidth: 50, screenHeight: 50, frameWidth: 50, frameHeight: 50 })], 'small.gif', { type: 'image/gif' });

/** An ICO holding one 32 × 32 PNG: Chromium decodes it, the header reader does not know the format. */
async function icon(name: string): Promise<File> {
  const canvas = new OffscreenCanvas(32, 32);
  canvas.getContext('2d')!.fillRect(0, 0, 32, 32);
  const png = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
  const header = new Uint8Array(22);
  const view = new DataView(header.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, 1, true); // one image
  header[6] = 32;
  header[7] = 32;
  view.setUint16(10, 1, true); // planes
  view.setUint16(12, 32, true); // bits per pixel
  view.setUint32(14, png.length, true);
  view.setUint32(18, 22, true);
  return new File([header, png], name, { type: 'image/x-icon' });
}

function row(element: SvcUploader, name: string): HTMLElement {
  const found = parts(element, 'file').find((node) => node.querySelector('[part~="file-name"]')!.textContent!.trim() === name);
  if (!found) throw new Error(`No row for ${name}`);
  return found;
}

const rowPicture = (element: SvcUploader, name: string) => row(element, name).querySelector('[part~="file-thumbnail"] img');
const rowGlyph = (element: SvcUploader, name: string) => row(element, name).querySelector('[part~="file-thumbnail"] svg');

async function importLink(element: SvcUploader, url: string): Promise<void> {
  part(element, 'source-chip-url').click();
  await until(element, () => maybePart(element, 'url-input') !== null, 'the link panel');
  const input = part<HTMLInputElement>(element, 'url-input');
  input.value = url;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  part(element, 'url-submit').click();
  await element.updateComplete;
}

/** The longest gap between animation frames while `run` goes on, printed for the record (never asserted). */
async function longestFrameGap(run: () => Promise<void>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  let watching = true;
  const watch = (now: number) => {
    longest = Math.max(longest, now - last);
    last = now;
    if (watching) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  await run();
  watching = false;
  return longest;
}

describe('<svc-uploader> pixel budget by the sizes decoders use', () => {
  afterEach(unmountAll);

  it('shows the type glyph for a GIF whose header says 1 × 1 px but whose frame is above max-image-pixels', async () => {
    const element = await mount();
    (await element.whenEngine()).setOptions({ maxImagePixels: 10_000 });
    // 200 × 200 = 40,000 px in the frame, 1 px on the logical screen; 50 × 50 = 2,500 px is within.
    await element.addFiles([gif('frame-bomb.gif', 200), smallGif()]);
    await until(element, () => rowPicture(element, 'small.gif') !== null, 'the small GIF picture');
    await element.updateComplete;
    expect(rowPicture(element, 'frame-bomb.gif')).to.equal(null);
    expect(rowGlyph(element, 'frame-bomb.gif')).to.not.equal(null);
  });

  it('judges a GIF brought by a link by its frame too', async () => {
    const element = await mount();
    (await element.whenEngine()).setOptions({ maxImagePixels: 10_000 });
    await importLink(element, `${remote}/gif-frame.gif?frame=200`);
    await until(element, () => element.files.length === 1, 'the imported GIF');
    await element.addFiles([smallGif()]);
    await until(element, () => rowPicture(element, 'small.gif') !== null, 'the small GIF picture');
    await element.updateComplete;
    expect(rowPicture(element, 'gif-frame.gif')).to.equal(null);
    expect(rowGlyph(element, 'gif-frame.gif')).to.not.equal(null);
  });

  it('counts an image whose pixel size cannot be read (ICO) as above the budget and does not decode it', async () => {
    const element = await mount();
    await element.addFiles([await icon('favicon.ico'), smallGif()]);
    await until(element, () => rowPicture(element, 'small.gif') !== null, 'the small GIF picture');
    await element.updateComplete;
    expect(rowPicture(element, 'favicon.ico')).to.equal(null);
    expect(rowGlyph(element, 'favicon.ico')).to.not.equal(null);
  });

  it('never draws an SVG from its bytes: the row shows the type glyph and the preview no image', async () => {
    const element = await mount();
    await element.addFiles([
      textFile('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/></svg>', 'image/svg+xml'),
      smallGif(),
    ]);
    await until(element, () => rowPicture(element, 'small.gif') !== null, 'the small GIF picture');
    await element.updateComplete;
    expect(rowPicture(element, 'logo.svg')).to.equal(null);
    expect(rowGlyph(element, 'logo.svg')).to.not.equal(null);
    row(element, 'logo.svg').querySelector<HTMLElement>('[part~="file-thumbnail"]')!.click();
    await until(element, () => maybePart<HTMLDialogElement>(element, 'preview')?.open ?? false, 'the preview');
    expect(part(element, 'preview-name').textContent).to.contain('logo.svg');
    expect(part(element, 'preview-media').getAttribute('src') ?? '').to.equal('');
  });

  it('lists an SVG of nested <use> brought by a link without drawing it', async () => {
    const element = await mount();
    // 10^5 shapes: enough to measure, few enough that a page which does draw it still finishes.
    const gap = await longestFrameGap(async () => {
      await importLink(element, `${remote}/fan-out.svg?levels=5`);
      await until(element, () => element.files.length === 1, 'the imported SVG');
      await element.addFiles([smallGif()]);
      await until(element, () => rowPicture(element, 'small.gif') !== null, 'the small GIF picture');
    });
    expect(useFanOutSvg(5).length).to.be.below(2048);
    expect(rowPicture(element, 'fan-out.svg')).to.equal(null);
    expect(rowGlyph(element, 'fan-out.svg')).to.not.equal(null);
    console.log(`fan-out SVG by link: longest main-thread frame gap ${Math.round(gap)} ms`);
  });
});
