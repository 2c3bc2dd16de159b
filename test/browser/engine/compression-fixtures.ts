/**
 * Test images for the compression and thumbnail tests, drawn with canvas (gradient, shapes and
 * seeded noise, so encoders have photo-like work and every run gets the same bytes), plus
 * hand-written BMP, animated GIF, APNG and Exif-orientation builders, and small readers of what
 * the bucket holds.
 */
import { bmpFrom } from '../test-images.js';
import { ascii, concat, pngChunk, pngChunks } from './exif-fixtures.js';

/** Seeded PRNG (mulberry32): noise that is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PhotoOptions {
  seed?: number;
  /** Noise amplitude per channel (default 10): more noise, larger encodes. */
  noise?: number;
  /** Clears a disc in the middle (alpha 0) and fades the right edge to half transparency. */
  transparent?: boolean;
}

/** A photo-like picture on a canvas. */
export function drawPhoto(width: number, height: number, options: PhotoOptions = {}): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#2a6fdb');
  gradient.addColorStop(0.5, '#f2c14e');
  gradient.addColorStop(1, '#d1495b');
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#1b998b';
  context.fillRect(width * 0.1, height * 0.6, width * 0.3, height * 0.3);
  const pixels = context.getImageData(0, 0, width, height);
  const next = random(options.seed ?? 1);
  const amplitude = options.noise ?? 10;
  const data = pixels.data;
  for (let index = 0; index < data.length; index += 4) {
    const shift = (next() - 0.5) * 2 * amplitude;
    data[index] += shift;
    data[index + 1] += shift;
    data[index + 2] += shift;
  }
  if (options.transparent) {
    const radius = Math.min(width, height) / 4;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const alpha = (y * width + x) * 4 + 3;
        if ((x - width / 2) ** 2 + (y - height / 2) ** 2 < radius ** 2) data[alpha] = 0;
        else if (x > width * 0.9) data[alpha] = 128;
      }
    }
  }
  context.putImageData(pixels, 0, 0);
  return canvas;
}

export async function encodedPhoto(name: string, width: number, height: number, type: string, quality?: number, options: PhotoOptions = {}): Promise<File> {
  const blob = await drawPhoto(width, height, options).convertToBlob({ type, quality });
  if (blob.type !== type) throw new Error(`This browser cannot write ${type}`);
  return new File([blob], name, { type, lastModified: 1_700_000_000_000 });
}

/** Two halves of flat colour: left red, right blue. */
export async function halvesJpeg(width: number, height: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, width / 2, height);
  context.fillStyle = '#0000ff';
  context.fillRect(width / 2, 0, width / 2, height);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
}

/** Inserts an Exif APP1 holding only an Orientation tag right after the JPEG's SOI marker. */
export async function withExifOrientation(jpeg: Blob, orientation: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(await jpeg.arrayBuffer());
  const tiff = new Uint8Array([
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // big-endian TIFF header, first IFD at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00, // Orientation, SHORT, 1
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ]);
  const payload = concat(ascii('Exif\0\0'), tiff);
  const length = payload.length + 2;
  return concat(bytes.subarray(0, 2), new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff]), payload, bytes.subarray(2));
}

/** Marker bytes (0xE1 for APP1, …) of the segments before the scan data of a JPEG. */
export function jpegMarkers(bytes: Uint8Array): number[] {
  const markers: number[] = [];
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    offset += 2 + ((bytes[offset + 2]! << 8) | bytes[offset + 3]!);
  }
  return markers;
}

function uint32s(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  values.forEach((value, index) => new DataView(out.buffer).setUint32(index * 4, value));
  return out;
}

/** A two-frame APNG (looping) from two PNGs of the same size: animation a canvas would flatten. */
export async function animatedPng(first: Blob, second: Blob): Promise<Uint8Array<ArrayBuffer>> {
  const one = pngChunks(new Uint8Array(await first.arrayBuffer()));
  const two = pngChunks(new Uint8Array(await second.arrayBuffer()));
  const header = one.find((chunk) => chunk.type === 'IHDR')!;
  const headerView = new DataView(header.data.buffer, header.data.byteOffset);
  const width = headerView.getUint32(0);
  const height = headerView.getUint32(4);
  // fcTL: sequence, size, offset 0,0, delay 1/2 s, dispose none, blend source.
  const frameControl = (sequence: number): Uint8Array => concat(uint32s(sequence, width, height, 0, 0), new Uint8Array([0, 1, 0, 2, 0, 0]));
  let sequence = 0;
  return concat(
    PNG_SIGNATURE,
    pngChunk('IHDR', header.data),
    pngChunk('acTL', uint32s(2, 0)),
    pngChunk('fcTL', frameControl(sequence++)),
    ...one.filter((chunk) => chunk.type === 'IDAT').map((chunk) => pngChunk('IDAT', chunk.data)),
    pngChunk('fcTL', frameControl(sequence++)),
    ...two.filter((chunk) => chunk.type === 'IDAT').map((chunk) => pngChunk('fdAT', concat(uint32s(sequence++), chunk.data))),
    pngChunk('IEND', new Uint8Array()),
  );
}

/** The PNG with a `tEXt` comment after IHDR: bytes no canvas would write back. */
export async function withPngComment(png: Blob, comment: string): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(await png.arrayBuffer());
  const afterHeader = 8 + 12 + 13;
  return concat(bytes.subarray(0, afterHeader), pngChunk('tEXt', concat(ascii('Comment\0'), ascii(comment))), bytes.subarray(afterHeader));
}

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An uncompressed 24-bit BMP of the canvas. */
export function bmpOf(canvas: OffscreenCanvas): Uint8Array<ArrayBuffer> {
  return bmpFrom(canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height));
}

/**
 * An animated GIF whose frames are flat colours. The LZW stream uses 9-bit codes with a clear code
 * every 200 pixels, so the code table never grows: valid, just not compressed.
 */
export function animatedGif(width: number, height: number, frameColours: Array<[number, number, number]>): Uint8Array<ArrayBuffer> {
  const palette = new Uint8Array(4 * 3);
  frameColours.slice(0, 4).forEach((colour, index) => palette.set(colour, index * 3));
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  header.set(ascii('GIF89a'));
  view.setUint16(6, width, true);
  view.setUint16(8, height, true);
  header[10] = 0x80 | (1 << 4) | 1; // global colour table of 4 entries
  const loop = concat(new Uint8Array([0x21, 0xff, 0x0b]), ascii('NETSCAPE2.0'), new Uint8Array([0x03, 0x01, 0x00, 0x00, 0x00]));
  const frames = frameColours.slice(0, 4).map((_, index) => {
    const control = new Uint8Array([0x21, 0xf9, 0x04, 0x04, 10, 0, 0, 0]);
    const descriptor = new Uint8Array(10);
    const descriptorView = new DataView(descriptor.buffer);
    descriptor[0] = 0x2c;
    descriptorView.setUint16(5, width, true);
    descriptorView.setUint16(7, height, true);
    const codes: number[] = [];
    let accumulator = 0;
    let bits = 0;
    const put = (code: number): void => {
      accumulator |= code << bits;
      bits += 9;
      while (bits >= 8) {
        codes.push(accumulator & 0xff);
        accumulator >>>= 8;
        bits -= 8;
      }
    };
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      if (pixel % 200 === 0) put(256);
      put(index);
    }
    put(257);
    if (bits > 0) codes.push(accumulator & 0xff);
    const blocks: number[] = [8];
    for (let offset = 0; offset < codes.length; offset += 255) {
      const block = codes.slice(offset, offset + 255);
      blocks.push(block.length, ...block);
    }
    blocks.push(0);
    return concat(control, descriptor, new Uint8Array(blocks));
  });
  return concat(header, palette, loop, ...frames, new Uint8Array([0x3b]));
}

/** RGBA of one pixel of a decoded image. */
export function pixelAt(image: ImageBitmap, x: number, y: number): [number, number, number, number] {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(image, 0, 0);
  const [r, g, b, a] = context.getImageData(x, y, 1, 1).data;
  return [r!, g!, b!, a!];
}

export interface EncodeCall {
  type: string | undefined;
  quality: number | undefined;
  size: number;
  width: number;
  height: number;
}

/** Watches every `OffscreenCanvas.convertToBlob` of the page (the codecs' own encoder), with what it produced. */
export function watchEncodes(): { calls: EncodeCall[]; restore(): void } {
  const original = OffscreenCanvas.prototype.convertToBlob;
  const calls: EncodeCall[] = [];
  OffscreenCanvas.prototype.convertToBlob = async function convertToBlob(this: OffscreenCanvas, options?: ImageEncodeOptions): Promise<Blob> {
    const { width, height } = this;
    const blob = await original.call(this, options);
    calls.push({ type: options?.type, quality: options?.quality, size: blob.size, width, height });
    return blob;
  };
  return {
    calls,
    restore: () => {
      OffscreenCanvas.prototype.convertToBlob = original;
    },
  };
}

/** Dimensions of an encoded image, decoded as stored (no orientation applied by us). */
export async function dimensionsOf(blob: Blob): Promise<{ width: number; height: number }> {
  const image = await createImageBitmap(blob);
  const size = { width: image.width, height: image.height };
  image.close();
  return size;
}

/** Runs `run` as in a browser whose canvas cannot write WebP: asked for WebP, it hands back PNG (as Safari does). */
export async function withoutWebpEncoding<T>(run: () => Promise<T>): Promise<T> {
  const original = OffscreenCanvas.prototype.convertToBlob;
  OffscreenCanvas.prototype.convertToBlob = function convertToBlob(this: OffscreenCanvas, options?: ImageEncodeOptions): Promise<Blob> {
    return original.call(this, options?.type === 'image/webp' ? { type: 'image/png' } : options);
  };
  try {
    return await run();
  } finally {
    OffscreenCanvas.prototype.convertToBlob = original;
  }
}

/** Runs `run` as in a browser without OffscreenCanvas (the codecs then draw on a `<canvas>`). */
export async function withoutOffscreenCanvas<T>(run: () => Promise<T>): Promise<T> {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'OffscreenCanvas')!;
  Object.defineProperty(globalThis, 'OffscreenCanvas', { value: undefined, configurable: true, writable: true });
  try {
    return await run();
  } finally {
    Object.defineProperty(globalThis, 'OffscreenCanvas', descriptor);
  }
}
