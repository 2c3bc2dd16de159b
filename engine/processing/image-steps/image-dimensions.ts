/**
 * The pixel size an image declares in its header, read without decoding it. Decoding costs four
 * bytes per pixel whatever the file size: a 1 MB PNG of 20,000 × 20,000 px decodes to 1.6 GB, so
 * every step that decodes (thumbnails, compression, the editor, HEIC conversion) asks here first.
 *
 * Known: PNG (IHDR), JPEG (the first SOFn frame header), GIF (logical screen), WebP (VP8, VP8L and
 * VP8X), BMP (BITMAPINFOHEADER and later, and the old core header) and ISO-BMFF images (AVIF,
 * HEIC/HEIF: the largest `ispe` property). Anything else answers undefined.
 */
import type { ImageSize } from './canvas-codec.js';

/** Bytes read for the formats whose size sits near the start. */
const HEAD_BYTES = 64;
/** How far into a JPEG, or an ISO-BMFF file, the size is looked for: metadata comes first. */
const SCAN_LIMIT_BYTES = 1024 * 1024;

async function readBytes(blob: Blob, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

function known(width: number, height: number): ImageSize | undefined {
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function pngSize(view: DataView): ImageSize | undefined {
  return known(view.getUint32(16), view.getUint32(20));
}

function gifSize(view: DataView): ImageSize | undefined {
  return known(view.getUint16(6, true), view.getUint16(8, true));
}

function bmpSize(view: DataView): ImageSize | undefined {
  const headerSize = view.getUint32(14, true);
  // OS/2 1.x core header: 16-bit sides. Later headers: signed 32-bit, negative height = top-down.
  if (headerSize === 12) return known(view.getUint16(18, true), view.getUint16(20, true));
  return known(Math.abs(view.getInt32(18, true)), Math.abs(view.getInt32(22, true)));
}

function webpSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') return known(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return known((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    const width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
    const height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
    return known(width, height);
  }
  return undefined;
}

/** SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Walks the JPEG segments (each states its length) to the first frame header. */
async function jpegSize(blob: Blob): Promise<ImageSize | undefined> {
  const limit = Math.min(blob.size, SCAN_LIMIT_BYTES);
  let offset = 2;
  while (offset + 9 <= limit) {
    const header = await readBytes(blob, offset, offset + 9);
    if (header[0] !== 0xff) return undefined;
    const marker = header[1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
    if (isStartOfFrame(marker)) return known(view.getUint16(7), view.getUint16(5));
    if (marker === 0xda || marker === 0xd9) return undefined;
    offset += 2 + view.getUint16(2);
  }
  return undefined;
}

/**
 * ISO-BMFF images keep their size in `ispe` properties (`ispe`, version/flags, width, height).
 * The largest one found in the first megabyte stands for the image: the primary image, or a grid
 * made of tiles, is never smaller than its parts.
 */
async function isobmffSize(blob: Blob): Promise<ImageSize | undefined> {
  const bytes = await readBytes(blob, 0, Math.min(blob.size, SCAN_LIMIT_BYTES));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let largest: ImageSize | undefined;
  for (let at = 4; at + 16 <= bytes.length; at += 1) {
    if (bytes[at] !== 0x69 || ascii(bytes, at, 4) !== 'ispe') continue;
    const size = known(view.getUint32(at + 8), view.getUint32(at + 12));
    if (size && (!largest || size.width * size.height > largest.width * largest.height)) largest = size;
  }
  return largest;
}

/** Header families told apart here; `isobmff` covers AVIF and HEIC/HEIF. */
type ImageHeaderFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'isobmff';

export type DeclaredImageSize = ImageSize & { format: ImageHeaderFormat };

async function sizeByFormat(blob: Blob, bytes: Uint8Array): Promise<[ImageHeaderFormat, ImageSize | undefined] | undefined> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG' && ascii(bytes, 12, 4) === 'IHDR' && bytes.length >= 24) return ['png', pngSize(view)];
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return ['jpeg', await jpegSize(blob)];
  if (ascii(bytes, 0, 4) === 'GIF8') return ['gif', gifSize(view)];
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP' && bytes.length >= 30) return ['webp', webpSize(bytes, view)];
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 26) return ['bmp', bmpSize(view)];
  if (ascii(bytes, 4, 4) === 'ftyp') return ['isobmff', await isobmffSize(blob)];
  return undefined;
}

/** The declared pixel size of an image file, or undefined for a format (or a header) not known here. */
export async function readImageDimensions(blob: Blob): Promise<DeclaredImageSize | undefined> {
  const bytes = await readBytes(blob, 0, HEAD_BYTES);
  if (bytes.length < 12) return undefined;
  const [format, size] = (await sizeByFormat(blob, bytes)) ?? [];
  return format && size ? { ...size, format } : undefined;
}

/** The declared size when it is above the budget, else undefined (within it, or not known). */
export async function imageAbovePixelBudget(blob: Blob, maxPixels: number): Promise<DeclaredImageSize | undefined> {
  const size = await readImageDimensions(blob);
  return size && size.width * size.height > maxPixels ? size : undefined;
}
