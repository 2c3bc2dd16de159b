import { expect } from '@open-wc/testing';
import { readImageDimensions } from '../../../engine/processing/image-steps/image-dimensions.js';
import { bmpFrom, twoColourCanvas } from '../test-images.js';
import { animatedGif, encodedPhoto, withExifOrientation } from './compression-fixtures.js';
import { sha256Of, uploadAndReadBack } from './helpers.js';

/** A valid PNG of 20,000 × 20,000 px (about 400 KB; 1.6 GB once decoded), from the test server. */
async function imageBomb(): Promise<File> {
  const blob = await (await fetch('/remote-fixtures/image-bomb.png')).blob();
  return new File([blob], 'bomb.png', { type: 'image/png' });
}

/** The start of an ISO-BMFF image whose `ispe` property states width × height. */
function isobmffWithSize(brand: string, width: number, height: number): Blob {
  const bytes = new Uint8Array(64);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 24);
  bytes.set(
    [...'ftyp', ...brand, 0, 0, 0, 0, ...'mif1'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c)),
    4,
  );
  view.setUint32(24, 20);
  bytes.set(
    [...'ispe'].map((c) => c.charCodeAt(0)),
    28,
  );
  view.setUint32(36, width);
  view.setUint32(40, height);
  return new Blob([bytes]);
}

describe('image header sizes', () => {
  it('reads the declared size of PNG, JPEG (after EXIF), GIF, WebP, BMP, AVIF and HEIC without decoding', async () => {
    const jpeg = await encodedPhoto('photo.jpg', 301, 157, 'image/jpeg', 0.8);
    const canvas = twoColourCanvas(33, 21);
    const cases: Array<[string, Blob, { width: number; height: number }]> = [
      ['png', await encodedPhoto('a.png', 320, 200, 'image/png'), { width: 320, height: 200 }],
      ['jpeg', jpeg, { width: 301, height: 157 }],
      ['jpeg with EXIF', new Blob([await withExifOrientation(jpeg, 6)]), { width: 301, height: 157 }],
      ['gif', new Blob([animatedGif(17, 9, [[255, 0, 0]])]), { width: 17, height: 9 }],
      ['webp (lossy)', await encodedPhoto('a.webp', 123, 45, 'image/webp', 0.5), { width: 123, height: 45 }],
      ['webp (lossless)', await encodedPhoto('b.webp', 99, 77, 'image/webp', 1), { width: 99, height: 77 }],
      ['bmp', new Blob([bmpFrom(canvas.getContext('2d')!.getImageData(0, 0, 33, 21))]), { width: 33, height: 21 }],
      ['avif', isobmffWithSize('avif', 8000, 9000), { width: 8000, height: 9000 }],
      ['heic', isobmffWithSize('heic', 4032, 3024), { width: 4032, height: 3024 }],
    ];
    for (const [name, blob, size] of cases) expect(await readImageDimensions(blob), name).to.include(size);
    expect(await readImageDimensions(new Blob(['just some text, not an image']))).to.equal(undefined);
    expect(await readImageDimensions(await imageBomb())).to.deep.equal({ width: 20_000, height: 20_000, format: 'png' });
  });
});

describe('maxImagePixels (real handler)', () => {
  it('skips compression and thumbnails of an image above the budget, says why, and uploads it unchanged', async () => {
    const photo = await encodedPhoto('wide.jpg', 2000, 1000, 'image/jpeg', 0.9);
    const { uploads, errors } = await uploadAndReadBack([photo], { imageCompression: true, thumbnailGenerator: true, maxImagePixels: 1_000_000 });
    const { record, stored } = uploads[0]!;
    expect(errors.map(({ step, code }) => ({ step, code }))).to.deep.equal([
      { step: 'image-compression', code: 'IMAGE_TOO_LARGE' },
      { step: 'thumbnail', code: 'IMAGE_TOO_LARGE' },
    ]);
    expect(errors[0]!.message).to.contain('2000 × 1000 px');
    expect(record.thumbnail).to.equal(undefined);
    expect(await sha256Of(stored)).to.equal(await sha256Of(photo));
  });

  it('never decodes a 20,000 × 20,000 px PNG under the default budget', async () => {
    const bomb = await imageBomb();
    const { uploads, errors } = await uploadAndReadBack([bomb], { imageCompression: true, thumbnailGenerator: true, heicConversion: true });
    // HEIC conversion has nothing to do with a PNG, so only the two decoding steps say they skipped it.
    expect(errors.map(({ step, code }) => `${step} ${code}`)).to.deep.equal(['image-compression IMAGE_TOO_LARGE', 'thumbnail IMAGE_TOO_LARGE']);
    expect(uploads[0]!.record.thumbnail).to.equal(undefined);
    expect(await sha256Of(uploads[0]!.stored)).to.equal(await sha256Of(bomb));
  });

  it('still processes an image within the budget', async () => {
    const photo = await encodedPhoto('small.jpg', 800, 600, 'image/jpeg', 0.9);
    const { uploads, errors } = await uploadAndReadBack([photo], { thumbnailGenerator: true, maxImagePixels: 480_000 });
    expect(errors).to.deep.equal([]);
    expect(uploads[0]!.record.thumbnail).to.exist;
  });
});
