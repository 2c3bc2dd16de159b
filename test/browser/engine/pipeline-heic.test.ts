// The `heicConversion` step against the real upload handler: what lands in the bucket is a JPEG
// showing the photo upright, and files that are not HEIC are stored exactly as picked.
import { expect } from '@open-wc/testing';
import { UploadEngine, type UploadFileRecord } from '../../../engine/index.js';
import { convertHeic } from '../../../engine/processing/image-steps/heic-conversion.js';
import '../../../elements/heic.js';
import { readBack, recordEvents, sha256Of, textFile } from './helpers.js';

const LAST_MODIFIED = Date.UTC(2024, 4, 17, 9, 30);

async function fixture(name: string, fileName = name, type = 'image/heic'): Promise<File> {
  const response = await fetch(new URL(`../../fixtures/heic/${name}`, import.meta.url));
  if (!response.ok) throw new Error(`fixture ${name} answered ${response.status}`);
  return new File([await response.arrayBuffer()], fileName, { type, lastModified: LAST_MODIFIED });
}

/** Uploads `files` with `heicConversion` on; returns the records and the pipeline errors seen. */
async function upload(...files: File[]): Promise<{ records: readonly UploadFileRecord[]; errors: Array<{ step: string; message: string; name: string }> }> {
  const engine = new UploadEngine({ serverUrl: '/api/upload', heicConversion: true, maxConcurrentUploads: 1 });
  const events = recordEvents(engine, ['pipeline-error']);
  await engine.addFiles(files);
  await engine.start();
  for (const record of engine.files) expect(record.state, `${record.name}: ${record.error?.message ?? ''}`).to.equal('successful');
  return {
    records: engine.files,
    errors: events.map(({ detail }) => ({ step: detail.step, message: detail.message, name: detail.file.name })),
  };
}

/** RGB of a few pixels of an encoded image, with its size. */
async function samplePixels(blob: Blob, points: Array<[number, number]>): Promise<{ width: number; height: number; pixels: number[][] }> {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  const pixels = points.map(([x, y]) => [...context.getImageData(x, y, 1, 1).data.subarray(0, 3)]);
  return { width: bitmap.width, height: bitmap.height, pixels };
}

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];

/** Asserts a 64×48 picture, red on the left half and blue on the right (JPEG tolerance). */
async function expectRedLeftBlueRight(blob: Blob): Promise<void> {
  // Away from the middle seam, where JPEG chroma subsampling blends the two colours.
  const points: Array<[number, number]> = [
    [4, 4],
    [20, 24],
    [4, 43],
    [59, 4],
    [44, 24],
    [59, 43],
  ];
  const { width, height, pixels } = await samplePixels(blob, points);
  expect([width, height]).to.deep.equal([64, 48]);
  const expected = [RED, RED, RED, BLUE, BLUE, BLUE];
  pixels.forEach((pixel, index) => {
    const close = pixel.every((channel, c) => Math.abs(channel - expected[index]![c]!) <= 40);
    expect(close, `pixel at ${points[index]!.join(',')} is ${pixel.join(',')}, expected ${expected[index]!.join(',')}`).to.equal(true);
  });
}

async function expectRejection(work: Promise<unknown>, message: string): Promise<void> {
  const outcome = await work.then(
    () => 'converted',
    (reason: unknown) => (reason as Error).message,
  );
  expect(outcome).to.equal(message);
}

async function head(blob: Blob, length: number): Promise<number[]> {
  return [...new Uint8Array(await blob.slice(0, length).arrayBuffer())];
}

/** A file that starts like a HEIC (the real fixture's ftyp box) and then holds nothing decodable. */
async function corruptHeic(name: string): Promise<File> {
  const real = new Uint8Array(await (await fixture('red-blue.heic')).arrayBuffer());
  const ftypSize = new DataView(real.buffer).getUint32(0);
  const garbage = new Uint8Array(2048);
  for (let index = 0; index < garbage.length; index += 1) garbage[index] = (index * 131 + 7) & 0xff;
  return new File([real.subarray(0, ftypSize), garbage], name, { type: 'image/heic', lastModified: LAST_MODIFIED });
}

/** A 4×4 PNG made by the browser. */
async function pngFile(name: string, type: string): Promise<File> {
  const canvas = new OffscreenCanvas(4, 4);
  canvas.getContext('2d')!.fillRect(0, 0, 4, 4);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type, lastModified: LAST_MODIFIED });
}

describe('heicConversion', () => {
  it('stores a HEIC photo as a JPEG named .jpg, with its picture and date kept', async () => {
    const original = await fixture('red-blue.heic', 'photo.heic');
    const {
      records: [record],
      errors,
    } = await upload(original);
    expect(errors).to.deep.equal([]);
    expect(record!.name).to.equal('photo.jpg');
    expect(record!.type).to.equal('image/jpeg');
    expect(record!.file.lastModified).to.equal(LAST_MODIFIED);
    expect(record!.originalFile).to.equal(original);

    const stored = await readBack(record!.result?.downloadUrl);
    expect(await head(stored, 3)).to.deep.equal([0xff, 0xd8, 0xff]);
    expect(stored.size).to.equal(record!.size);
    await expectRedLeftBlueRight(stored);
  });

  it('turns a photo stored sideways (irot) upright', async () => {
    const {
      records: [record],
      errors,
    } = await upload(await fixture('red-blue-rotated.heic', 'portrait.heic'));
    expect(errors).to.deep.equal([]);
    expect(record!.name).to.equal('portrait.jpg');
    await expectRedLeftBlueRight(await readBack(record!.result?.downloadUrl));
  });

  it('recognises HEIC by its bytes when the browser gives no type or an unrelated name', async () => {
    const { records, errors } = await upload(await fixture('red-blue.heic', 'IMG_0001.HEIC', ''), await fixture('red-blue.heic', 'pasted-image', ''));
    expect(errors).to.deep.equal([]);
    expect(records.map((record) => [record.name, record.type])).to.deep.equal([
      ['IMG_0001.JPG', 'image/jpeg'],
      ['pasted-image.jpg', 'image/jpeg'],
    ]);
    for (const record of records) await expectRedLeftBlueRight(await readBack(record.result?.downloadUrl));
  });

  it('stores other files byte for byte, even when named or typed as HEIC', async () => {
    const files = [await pngFile('drawing.png', 'image/png'), await pngFile('mislabelled.heic', 'image/heic'), textFile('notes.txt', 'not a photo')];
    const { records, errors } = await upload(...files);
    expect(errors).to.deep.equal([]);
    expect(records.map((record) => [record.name, record.type])).to.deep.equal(files.map((file) => [file.name, file.type]));
    for (const [index, record] of records.entries()) {
      expect(await sha256Of(await readBack(record.result?.downloadUrl)), record.name).to.equal(await sha256Of(files[index]!));
    }
  });

  it('leaves AVIF (HEIF with AV1 inside) alone: browsers show it as it is', async () => {
    // An ftyp box as AVIF encoders write it, then bytes nothing would decode: untouched means not tried.
    const ftyp = new Uint8Array([0, 0, 0, 28, ...new TextEncoder().encode('ftypavif'), 0, 0, 0, 0, ...new TextEncoder().encode('avifmif1miaf')]);
    const avif = new File([ftyp, new Uint8Array(256)], 'picture.avif', { type: 'image/avif' });
    const {
      records: [record],
      errors,
    } = await upload(avif);
    expect(errors).to.deep.equal([]);
    expect(record!.name).to.equal('picture.avif');
    expect(await sha256Of(await readBack(record!.result?.downloadUrl))).to.equal(await sha256Of(avif));
  });

  it('reports a HEIC it cannot decode and uploads the original bytes; the next photo still converts', async () => {
    const broken = await corruptHeic('broken.heic');
    const { records, errors } = await upload(broken, await fixture('red-blue.heic', 'after.heic'));
    expect(errors.map(({ step, name }) => [step, name])).to.deep.equal([['heic-conversion', 'broken.heic']]);
    expect(errors[0]!.message).to.match(/^Could not decode the HEIC image/);
    expect([records[0]!.name, records[0]!.type]).to.deep.equal(['broken.heic', 'image/heic']);
    expect(await sha256Of(await readBack(records[0]!.result?.downloadUrl))).to.equal(await sha256Of(broken));
    expect(records[1]!.name).to.equal('after.jpg');
    await expectRedLeftBlueRight(await readBack(records[1]!.result?.downloadUrl));
  });

  it('reports every HEIC file, without hanging, where the page forbids blob: workers', async () => {
    // A fresh document whose Content-Security-Policy (script-src without blob:, no worker-src) blocks
    // the decoder's worker; it uploads two photos one after the other (the second is the one that
    // would wait forever on a failed worker) and posts back what the page would observe.
    const engineModule = new URL('../../../engine/index.ts', import.meta.url).href;
    const heicUrl = new URL('../../fixtures/heic/red-blue.heic', import.meta.url).href;
    const frame = document.createElement('iframe');
    frame.srcdoc = `<meta http-equiv="Content-Security-Policy" content="script-src 'self' 'unsafe-inline'">
      <script type="module">
        import { UploadEngine } from '${engineModule}';
        const bytes = await (await fetch('${heicUrl}')).arrayBuffer();
        const engine = new UploadEngine({ serverUrl: '/api/upload', heicConversion: true, maxConcurrentUploads: 1 });
        const errors = [];
        engine.on('pipeline-error', ({ message }) => errors.push(message));
        await engine.addFiles(['one.heic', 'two.heic'].map((name) => new File([bytes], name, { type: 'image/heic' })));
        await engine.start();
        parent.postMessage({ files: engine.files.map((file) => [file.name, file.type, file.state]), errors }, '*');
      </script>`;
    const answer = new Promise<{ files: string[][]; errors: string[] }>((resolve) => {
      window.addEventListener('message', function onMessage(event) {
        if (event.source !== frame.contentWindow) return;
        window.removeEventListener('message', onMessage);
        resolve(event.data);
      });
    });
    document.body.append(frame);
    try {
      const { files, errors } = await answer;
      expect(files).to.deep.equal([
        ['one.heic', 'image/heic', 'successful'],
        ['two.heic', 'image/heic', 'successful'],
      ]);
      expect(errors).to.have.length(2);
      for (const message of errors) expect(message).to.contain('worker-src blob:');
    } finally {
      frame.remove();
    }
  });

  it('rejects at once on an already aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('canceled before'));
    const outcome = convertHeic({ file: await fixture('red-blue.heic'), signal: controller.signal, options: {}, record: {} as UploadFileRecord });
    await expectRejection(outcome, 'canceled before');
  });

  it('stops waiting for the decoder when aborted mid-conversion', async () => {
    // The decode request is swallowed and the abort fires as it is sent: only an abort that ends the
    // wait lets the step settle at all.
    const controller = new AbortController();
    const send = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function swallow() {
      controller.abort(new Error('canceled during'));
    };
    try {
      const outcome = convertHeic({ file: await fixture('red-blue.heic'), signal: controller.signal, options: {}, record: {} as UploadFileRecord });
      await expectRejection(outcome, 'canceled during');
    } finally {
      Worker.prototype.postMessage = send;
    }
  });
});
