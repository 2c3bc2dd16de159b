import { expect } from '@open-wc/testing';
import type { EngineOptions } from '../../../engine/index.js';
import {
  animatedGif,
  animatedPng,
  bmpOf,
  dimensionsOf,
  drawPhoto,
  encodedPhoto,
  halvesJpeg,
  jpegMarkers,
  pixelAt,
  watchEncodes,
  withExifOrientation,
  withoutOffscreenCanvas,
  withoutWebpEncoding,
  withPngComment,
  type EncodeCall,
} from './compression-fixtures.js';
import { randomFile, sha256Of, type StoredUpload, textFile, uploadAndReadBack } from './helpers.js';

const MIB = 1024 * 1024;

/** For tests that watch or alter the page's canvas: the step then runs here, not in the image worker. */
const ON_MAIN_THREAD: EngineOptions = { webWorker: false };

function upload(files: File[], imageCompression: EngineOptions['imageCompression'], options: EngineOptions = {}): ReturnType<typeof uploadAndReadBack> {
  return uploadAndReadBack(files, { imageCompression, ...options });
}

async function uploadOne(
  file: File,
  imageCompression: EngineOptions['imageCompression'],
  options: EngineOptions = {},
): Promise<StoredUpload & { errors: unknown[] }> {
  const { uploads, errors } = await upload([file], imageCompression, options);
  return { ...uploads[0]!, errors };
}

/** Encodes seen while `run` goes on. */
async function watching<T>(run: () => Promise<T>): Promise<{ result: T; calls: EncodeCall[] }> {
  const watch = watchEncodes();
  try {
    return { result: await run(), calls: watch.calls };
  } finally {
    watch.restore();
  }
}

const isRed = ([r, g, b]: number[]): boolean => r! > 200 && g! < 60 && b! < 60;
const isBlue = ([r, g, b]: number[]): boolean => r! < 60 && g! < 60 && b! > 200;

describe('imageCompression (real handler, bytes read back from the bucket)', () => {
  it('caps a 3000×2000 JPEG at 1920 px on the long edge and keeps its type, name and date, in fewer bytes', async () => {
    const original = await encodedPhoto('holiday.jpg', 3000, 2000, 'image/jpeg', 0.95);
    const { record, stored, errors } = await uploadOne(original, true);
    expect(await dimensionsOf(stored)).to.deep.equal({ width: 1920, height: 1280 });
    expect(stored.type).to.equal('image/jpeg');
    expect(record).to.include({ name: 'holiday.jpg', type: 'image/jpeg' });
    expect(record.file.lastModified).to.equal(original.lastModified);
    expect(stored.size).to.be.below(original.size);
    expect(await sha256Of(stored)).to.equal(await sha256Of(record.file));
    expect(errors).to.deep.equal([]);
  });

  it('writes an opaque PNG as JPEG under a .jpg name, scaled with its aspect ratio', async () => {
    const original = await encodedPhoto('diagram.png', 1600, 2400, 'image/png');
    const { record, stored } = await uploadOne(original, true);
    expect(await dimensionsOf(stored)).to.deep.equal({ width: 1280, height: 1920 });
    expect(stored.type).to.equal('image/jpeg');
    expect(Array.from(new Uint8Array(await stored.slice(0, 3).arrayBuffer()))).to.deep.equal([0xff, 0xd8, 0xff]);
    expect(record).to.include({ name: 'diagram.jpg', type: 'image/jpeg' });
    expect(stored.size).to.be.below(original.size);
  });

  it('keeps a transparent PNG as PNG, downscaled, with its transparency', async () => {
    const original = await encodedPhoto('sticker.png', 2400, 1200, 'image/png', undefined, { transparent: true });
    const { record, stored } = await uploadOne(original, true);
    expect(record).to.include({ name: 'sticker.png', type: 'image/png' });
    expect(stored.type).to.equal('image/png');
    const image = await createImageBitmap(stored);
    expect([image.width, image.height]).to.deep.equal([1920, 960]);
    expect(pixelAt(image, 960, 480)[3]).to.equal(0);
    expect(pixelAt(image, 1900, 100)[3]).to.be.within(110, 145);
    expect(pixelAt(image, 100, 100)[3]).to.equal(255);
  });

  it('leaves a transparent PNG already under the cap as it is', async () => {
    // The comment makes the file differ from what a canvas would write for the same pixels.
    const png = await encodedPhoto('icon.png', 600, 400, 'image/png', undefined, { transparent: true });
    const original = new File([await withPngComment(png, 'drawn by hand')], 'icon.png', { type: 'image/png' });
    const { record, stored, errors } = await uploadOne(original, true);
    expect(await sha256Of(stored)).to.equal(await sha256Of(original));
    expect(record.name).to.equal('icon.png');
    expect(errors).to.deep.equal([]);
  });

  it('writes a BMP as JPEG under a .jpg name', async () => {
    const bmp = bmpOf(drawPhoto(1000, 800));
    const original = new File([bmp], 'scan.bmp', { type: 'image/bmp' });
    const { record, stored } = await uploadOne(original, true);
    expect(record).to.include({ name: 'scan.jpg', type: 'image/jpeg' });
    expect(stored.type).to.equal('image/jpeg');
    expect(await dimensionsOf(stored)).to.deep.equal({ width: 1000, height: 800 });
    expect(stored.size).to.be.below(original.size / 4);
  });

  it('keeps WebP as WebP', async () => {
    const original = await encodedPhoto('square.webp', 2500, 2500, 'image/webp', 0.95);
    const { record, stored } = await uploadOne(original, true);
    expect(record).to.include({ name: 'square.webp', type: 'image/webp' });
    expect(stored.type).to.equal('image/webp');
    expect(await dimensionsOf(stored)).to.deep.equal({ width: 1920, height: 1920 });
    expect(stored.size).to.be.below(original.size);
  });

  it('leaves WebP as it is in a browser that cannot write WebP', async () => {
    const original = await encodedPhoto('square.webp', 2500, 2500, 'image/webp', 0.95);
    const { record, stored, errors } = await withoutWebpEncoding(() => uploadOne(original, true, ON_MAIN_THREAD));
    expect(await sha256Of(stored)).to.equal(await sha256Of(original));
    expect(record).to.include({ name: 'square.webp', type: 'image/webp' });
    expect(errors).to.deep.equal([]);
  });

  it('draws on a <canvas> in a browser without OffscreenCanvas', async () => {
    const original = await encodedPhoto('old-browser.jpg', 3000, 2000, 'image/jpeg', 0.95);
    const { stored, errors } = await withoutOffscreenCanvas(() => uploadOne(original, true, ON_MAIN_THREAD));
    expect(await dimensionsOf(stored)).to.deep.equal({ width: 1920, height: 1280 });
    expect(stored.type).to.equal('image/jpeg');
    expect(stored.size).to.be.below(original.size);
    expect(errors).to.deep.equal([]);
  });

  it('stores upright pixels of an EXIF-rotated photo and no metadata', async () => {
    const rotated = await withExifOrientation(await halvesJpeg(300, 200), 6);
    expect(jpegMarkers(rotated)).to.include(0xe1);
    const { stored } = await uploadOne(new File([rotated], 'turned.jpg', { type: 'image/jpeg' }), true);
    const bytes = new Uint8Array(await stored.arrayBuffer());
    expect(jpegMarkers(bytes)).not.to.include(0xe1);
    // With no EXIF left, every viewer shows these pixels as they are stored.
    const image = await createImageBitmap(stored);
    expect([image.width, image.height]).to.deep.equal([200, 300]);
    expect(isRed(pixelAt(image, 100, 50))).to.equal(true);
    expect(isBlue(pixelAt(image, 100, 250))).to.equal(true);
  });

  it('keeps the re-encode of an image under the cap even when it is larger (a cap is set)', async () => {
    const original = await encodedPhoto('small.jpg', 800, 600, 'image/jpeg', 0.3);
    const { record, stored } = await uploadOne(original, true);
    expect(await dimensionsOf(stored)).to.deep.equal({ width: 800, height: 600 });
    expect(stored.size).to.be.above(original.size);
    expect(await sha256Of(stored)).to.equal(await sha256Of(record.file));
  });

  it('with maxSizeMB, encodes again 0.12 lower until the result fits the target', async () => {
    const original = await encodedPhoto('target.jpg', 3000, 2000, 'image/jpeg', 0.95);
    const first = await watching(() => uploadOne(original, true, ON_MAIN_THREAD));
    expect(first.calls.map((call) => call.quality)).to.deep.equal([0.82]);
    const targetBytes = Math.round(first.calls[0]!.size * 0.6);
    const { result, calls } = await watching(() => uploadOne(original, { maxSizeMB: targetBytes / MIB }, ON_MAIN_THREAD));
    const qualities = calls.map((call) => call.quality);
    expect(qualities.length).to.be.within(2, 5);
    expect(qualities).to.deep.equal([0.82, 0.7, 0.58, 0.46, 0.35].slice(0, qualities.length));
    for (const call of calls.slice(0, -1)) expect(call.size).to.be.above(targetBytes);
    expect(result.stored.size).to.equal(calls.at(-1)!.size);
    expect(result.stored.size).to.be.at.most(targetBytes);
    expect(await dimensionsOf(result.stored)).to.deep.equal({ width: 1920, height: 1280 });
  });

  it('keeps the encode at the 0.35 floor when the target cannot be reached', async () => {
    const original = await encodedPhoto('noisy.jpg', 3000, 2000, 'image/jpeg', 0.95, { noise: 40 });
    const { result, calls } = await watching(() => uploadOne(original, { maxSizeMB: 0.01 }, ON_MAIN_THREAD));
    expect(calls.map((call) => call.quality)).to.deep.equal([0.82, 0.7, 0.58, 0.46, 0.35]);
    expect(result.stored.size).to.equal(calls.at(-1)!.size);
    expect(result.stored.size).to.be.above(0.01 * MIB);
    expect(result.errors).to.deep.equal([]);
  });

  it('starts at the given quality and does not go below the floor', async () => {
    const original = await encodedPhoto('custom.jpg', 2000, 1000, 'image/jpeg', 0.95);
    const { result, calls } = await watching(() => uploadOne(original, { quality: 0.5, maxSizeMB: 0.001 }, ON_MAIN_THREAD));
    expect(calls.map((call) => call.quality)).to.deep.equal([0.5, 0.38, 0.35]);
    // The other fields keep their defaults: the 1920 px cap still applies.
    expect(await dimensionsOf(result.stored)).to.deep.equal({ width: 1920, height: 960 });
  });

  it('with no size target and no dimension cap, uploads the original when the re-encode is larger', async () => {
    const original = await encodedPhoto('rough.jpg', 2200, 1500, 'image/jpeg', 0.3);
    const { result, calls } = await watching(() => uploadOne(original, { maxWidthOrHeight: Infinity }, ON_MAIN_THREAD));
    expect(calls).to.have.length(1);
    expect(calls[0]!.size).to.be.above(original.size);
    expect(await sha256Of(result.stored)).to.equal(await sha256Of(original));
    expect(result.record.file).to.equal(result.record.originalFile);
    expect(result.errors).to.deep.equal([]);
  });

  it('with no dimension cap (0), keeps a smaller re-encode at full size', async () => {
    const original = await encodedPhoto('fine.jpg', 2400, 1600, 'image/jpeg', 1);
    const { stored } = await uploadOne(original, { maxWidthOrHeight: 0 });
    expect(await dimensionsOf(stored)).to.deep.equal({ width: 2400, height: 1600 });
    expect(stored.size).to.be.below(original.size);
  });

  it('passes GIF, APNG, SVG, HEIC and other files through byte for byte, with no error', async () => {
    const apng = await animatedPng(await drawPhoto(300, 200, { seed: 1 }).convertToBlob(), await drawPhoto(300, 200, { seed: 2 }).convertToBlob());
    // The browser decodes it: only the step's own check keeps it from being flattened.
    expect(await dimensionsOf(new Blob([apng]))).to.deep.equal({ width: 300, height: 200 });
    const gif = animatedGif(64, 32, [
      [255, 0, 0],
      [0, 0, 255],
    ]);
    const files = [
      new File([gif], 'wave.gif', { type: 'image/gif' }),
      new File([gif], 'disguised.jpg', { type: 'image/jpeg' }),
      new File([apng], 'spinner.png', { type: 'image/png' }),
      textFile(
        'logo.svg',
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="red"/></svg>',
        'image/svg+xml',
      ),
      randomFile('IMG_0001.heic', 40_000, 'image/heic'),
      textFile('notes.txt', 'not an image'),
    ];
    const { uploads, errors } = await upload(files, true);
    expect(uploads.map(({ record }) => record.name)).to.deep.equal(files.map((file) => file.name));
    for (const [index, { record, stored }] of uploads.entries()) {
      expect(await sha256Of(stored), record.name).to.equal(await sha256Of(files[index]!));
      expect(record.type, record.name).to.equal(files[index]!.type);
    }
    expect(errors).to.deep.equal([]);
  });

  it('reports an invalid option as a pipeline error and uploads the original', async () => {
    const original = await encodedPhoto('odd.jpg', 400, 300, 'image/jpeg', 0.9);
    const { stored, errors } = await uploadOne(original, { quality: 2 });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ step: 'image-compression' });
    expect((errors[0] as { message: string }).message).to.contain('imageCompression.quality');
    expect(await sha256Of(stored)).to.equal(await sha256Of(original));
  });
});
