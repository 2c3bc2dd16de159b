import { expect } from '@open-wc/testing';
import type { EngineOptions, UploadFileRecord } from '../../../engine/index.js';
import {
  animatedGif,
  dimensionsOf,
  encodedPhoto,
  halvesJpeg,
  pixelAt,
  watchEncodes,
  withExifOrientation,
  withoutWebpEncoding,
} from './compression-fixtures.js';
import { createFaultPlan, randomFile, sha256Of, textFile, uploadAndReadBack } from './helpers.js';

function upload(files: File[], options: EngineOptions): ReturnType<typeof uploadAndReadBack> {
  return uploadAndReadBack(files, options);
}

/** For tests that watch or alter the page's canvas: the step then runs here, not in the image worker. */
const ON_MAIN_THREAD: EngineOptions = { webWorker: false };

async function thumbnailOf(
  file: File,
  thumbnailGenerator: EngineOptions['thumbnailGenerator'],
  options: EngineOptions = {},
): Promise<{ record: UploadFileRecord; thumbnail: ImageBitmap }> {
  const { uploads, errors } = await upload([file], { thumbnailGenerator, ...options });
  expect(errors).to.deep.equal([]);
  const { record } = uploads[0]!;
  expect(record.thumbnail, 'thumbnail').to.exist;
  return { record, thumbnail: await createImageBitmap(record.thumbnail!.file) };
}

async function fromDataUrl(url: string): Promise<Blob> {
  return (await fetch(url)).blob();
}

describe('thumbnailGenerator (real handler)', () => {
  it('makes a small WebP inside 200×200, sends it as a data URL with the metadata, and uploads the original bytes', async () => {
    const original = await encodedPhoto('photo.jpg', 1200, 800, 'image/jpeg', 0.9);
    const plan = await createFaultPlan();
    const { uploads, errors } = await upload([original], { serverUrl: plan.serverUrl, thumbnailGenerator: true });
    const { record, stored } = uploads[0]!;
    expect(errors).to.deep.equal([]);

    const thumbnail = record.thumbnail!.file;
    expect(thumbnail.type).to.equal('image/webp');
    expect(await dimensionsOf(thumbnail)).to.deep.equal({ width: 200, height: 133 });
    expect(thumbnail.size).to.be.below(16 * 1024);

    const url = record.metadata['thumbnailUrl'] as string;
    expect(url.startsWith('data:image/webp;base64,')).to.equal(true);
    const fromUrl = await fromDataUrl(url);
    expect(await sha256Of(fromUrl)).to.equal(await sha256Of(thumbnail));
    expect(await dimensionsOf(fromUrl)).to.deep.equal({ width: 200, height: 133 });

    const presign = (await plan.log()).bodies['presign'] as { metadata?: Record<string, unknown> };
    expect(presign.metadata?.['thumbnailUrl']).to.equal(url);

    expect(await sha256Of(stored)).to.equal(await sha256Of(original));
    expect(record).to.include({ name: 'photo.jpg', type: 'image/jpeg', size: original.size });
  });

  it('fits a portrait image inside the object-form box, at the given quality', async () => {
    const original = await encodedPhoto('tall.jpg', 1000, 2000, 'image/jpeg', 0.9);
    const watch = watchEncodes();
    try {
      const { thumbnail } = await thumbnailOf(original, { width: 120, height: 80, quality: 0.5 }, ON_MAIN_THREAD);
      expect([thumbnail.width, thumbnail.height]).to.deep.equal([40, 80]);
      expect(watch.calls.map(({ type, quality }) => ({ type, quality }))).to.deep.equal([{ type: 'image/webp', quality: 0.5 }]);
    } finally {
      watch.restore();
    }
  });

  it('makes the box square when one side is given', async () => {
    const { thumbnail } = await thumbnailOf(await encodedPhoto('portrait.jpg', 800, 1200, 'image/jpeg', 0.9), { width: 64 });
    expect([thumbnail.width, thumbnail.height]).to.deep.equal([43, 64]);
  });

  it('never enlarges a small image', async () => {
    const { thumbnail } = await thumbnailOf(await encodedPhoto('tiny.png', 50, 40, 'image/png'), true);
    expect([thumbnail.width, thumbnail.height]).to.deep.equal([50, 40]);
  });

  it('uses the first frame of an animated GIF', async () => {
    const gif = animatedGif(400, 200, [
      [255, 0, 0],
      [0, 0, 255],
    ]);
    const { thumbnail } = await thumbnailOf(new File([gif], 'blink.gif', { type: 'image/gif' }), true);
    expect([thumbnail.width, thumbnail.height]).to.deep.equal([200, 100]);
    const [r, g, b] = pixelAt(thumbnail, 100, 50);
    expect(r).to.be.above(200);
    expect(g + b).to.be.below(80);
  });

  it('keeps transparency', async () => {
    const { thumbnail } = await thumbnailOf(await encodedPhoto('cutout.png', 800, 400, 'image/png', undefined, { transparent: true }), true);
    expect([thumbnail.width, thumbnail.height]).to.deep.equal([200, 100]);
    expect(pixelAt(thumbnail, 100, 50)[3]).to.equal(0);
    expect(pixelAt(thumbnail, 20, 20)[3]).to.equal(255);
  });

  it('is a JPEG on white in a browser that cannot write WebP', async () => {
    const cutout = await encodedPhoto('cutout.png', 800, 400, 'image/png', undefined, { transparent: true });
    const { record, thumbnail } = await withoutWebpEncoding(() => thumbnailOf(cutout, true, ON_MAIN_THREAD));
    expect(record.thumbnail!.file.type).to.equal('image/jpeg');
    expect((record.metadata['thumbnailUrl'] as string).startsWith('data:image/jpeg;base64,')).to.equal(true);
    expect([thumbnail.width, thumbnail.height]).to.deep.equal([200, 100]);
    const [r, g, b, a] = pixelAt(thumbnail, 100, 50);
    expect(Math.min(r, g, b)).to.be.above(245);
    expect(a).to.equal(255);
  });

  it('shows an EXIF-rotated photo upright', async () => {
    const rotated = await withExifOrientation(await halvesJpeg(300, 200), 6);
    const { thumbnail } = await thumbnailOf(new File([rotated], 'turned.jpg', { type: 'image/jpeg' }), true);
    expect([thumbnail.width, thumbnail.height]).to.deep.equal([133, 200]);
    const [r, , b] = pixelAt(thumbnail, 66, 40);
    expect(r).to.be.above(200);
    expect(b).to.be.below(60);
  });

  it('is made from the compressed image when compression runs too', async () => {
    const original = await encodedPhoto('big.jpg', 3000, 2000, 'image/jpeg', 0.95);
    const { uploads, errors } = await upload([original], { imageCompression: true, thumbnailGenerator: true });
    const { record, stored } = uploads[0]!;
    expect(errors).to.deep.equal([]);
    expect(await dimensionsOf(stored)).to.deep.equal({ width: 1920, height: 1280 });
    expect(await sha256Of(stored)).to.equal(await sha256Of(record.file));
    expect(await dimensionsOf(record.thumbnail!.file)).to.deep.equal({ width: 200, height: 133 });
  });

  it('makes none for SVG, undecodable HEIC and non-images, without an error', async () => {
    const files = [
      textFile(
        'logo.svg',
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="red"/></svg>',
        'image/svg+xml',
      ),
      randomFile('IMG_0002.heic', 30_000, 'image/heic'),
      textFile('notes.txt', 'not an image'),
    ];
    const { uploads, errors } = await upload(files, { thumbnailGenerator: true });
    for (const [index, { record, stored }] of uploads.entries()) {
      expect(record.thumbnail, record.name).to.equal(undefined);
      expect(record.metadata, record.name).not.to.have.property('thumbnailUrl');
      expect(await sha256Of(stored), record.name).to.equal(await sha256Of(files[index]!));
    }
    expect(errors).to.deep.equal([]);
  });
});
