import { expect } from '@open-wc/testing';
import { encodedPhoto } from './compression-fixtures.js';
import { sha256Of, uploadAndReadBack } from './helpers.js';

/**
 * An ICO whose one entry is a PNG (as Vista-style icons are): the directory says 256 × 256 (a 0
 * byte), the PNG inside says what it likes. No header reader of the pipeline knows ICO, so the
 * PNG's size is never checked against `maxImagePixels`.
 */
async function icoAround(png: Blob): Promise<File> {
  const header = new Uint8Array(22);
  const view = new DataView(header.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, 1, true); // one image
  view.setUint16(10, 1, true); // colour planes
  view.setUint16(12, 32, true); // bits per pixel
  view.setUint32(14, png.size, true);
  view.setUint32(18, 22, true); // offset of the PNG
  return new File([header, png], 'favicon.ico', { type: 'image/x-icon' });
}

/** A little-endian TIFF whose IFD declares `side` × `side` px and nothing else. */
function tiffDeclaring(side: number): File {
  const bytes = new Uint8Array(8 + 2 + 2 * 12 + 4);
  const view = new DataView(bytes.buffer);
  bytes.set([0x49, 0x49, 42, 0]);
  view.setUint32(4, 8, true);
  view.setUint16(8, 2, true);
  for (const [index, tag] of [0x100, 0x101].entries()) {
    const at = 10 + index * 12;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, 4, true); // LONG
    view.setUint32(at + 4, 1, true);
    view.setUint32(at + 8, side, true);
  }
  return new File([bytes], 'scan.tiff', { type: 'image/tiff' });
}

describe('Images in formats the pipeline does not read (real handler)', () => {
  it('an ICO wrapping a PNG above maxImagePixels gets no thumbnail and no compression, and uploads unchanged', async () => {
    // 256 × 256 as its directory says: a browser decodes it.
    const inner = await encodedPhoto('inner.png', 256, 256, 'image/png');
    const icon = await icoAround(inner);
    const { uploads, errors } = await uploadAndReadBack([icon], { thumbnailGenerator: true, imageCompression: true, maxImagePixels: 10_000 });
    const [{ record, stored }] = uploads as [(typeof uploads)[number]];
    // Passed through: not decoded, so there is nothing to refuse either.
    expect(record.thumbnail).to.equal(undefined);
    expect(errors).to.deep.equal([]);
    expect(await sha256Of(stored)).to.equal(await sha256Of(icon));
  });

  it('an ICO wrapping a 20,000 × 20,000 px PNG is never decoded', async () => {
    const bomb = await (await fetch('/remote-fixtures/image-bomb.png')).blob();
    const icon = await icoAround(bomb);
    const { uploads, errors } = await uploadAndReadBack([icon], { thumbnailGenerator: true, imageCompression: true });
    expect(uploads[0]!.record.thumbnail).to.equal(undefined);
    expect(errors).to.deep.equal([]);
    expect(await sha256Of(uploads[0]!.stored)).to.equal(await sha256Of(icon));
  });

  it('a TIFF declaring 100,000 × 100,000 px passes through untouched', async () => {
    const scan = tiffDeclaring(100_000);
    const { uploads, errors } = await uploadAndReadBack([scan], { thumbnailGenerator: true, imageCompression: true });
    expect(uploads[0]!.record.thumbnail).to.equal(undefined);
    expect(errors).to.deep.equal([]);
    expect(await sha256Of(uploads[0]!.stored)).to.equal(await sha256Of(scan));
  });

  it('a PNG within the budget still gets its thumbnail', async () => {
    const photo = await encodedPhoto('small.png', 400, 300, 'image/png');
    const { uploads, errors } = await uploadAndReadBack([photo], { thumbnailGenerator: true });
    expect(errors).to.deep.equal([]);
    expect(uploads[0]!.record.thumbnail).to.exist;
  });
});
