/**
 * Builds and inspects the images of the metadata-stripping tests: canvas-encoded JPEG, PNG and
 * WebP with hand-made Exif, XMP, comments and text chunks spliced in, and small parsers (written
 * apart from the engine's own) to look at what the bucket holds afterwards.
 */

const encoder = new TextEncoder();

/** Bytes backed by a plain ArrayBuffer, as Blob parts require. */
export type Bytes = Uint8Array<ArrayBuffer>;

export function ascii(text: string): Bytes {
  return encoder.encode(text);
}

export function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) {
      if (haystack[i + j] !== needle[j]) continue outer;
    }
    return i;
  }
  return -1;
}

export function containsAscii(bytes: Uint8Array, text: string): boolean {
  return indexOfBytes(bytes, ascii(text)) >= 0;
}

export async function bytesOf(blob: Blob): Promise<Bytes> {
  return new Uint8Array(await blob.arrayBuffer());
}

// ---------------------------------------------------------------------------------------------
// Exif (TIFF) building and reading

export interface ExifFields {
  make?: string;
  model?: string;
  dateTime?: string;
  orientation?: number;
  gps?: { latitude: number; longitude: number };
  littleEndian?: boolean;
}

interface TiffEntry {
  tag: number;
  type: 2 | 3 | 4 | 5;
  count: number;
  write(view: DataView, at: number, little: boolean): void;
}

const TYPE_SIZE = { 2: 1, 3: 2, 4: 4, 5: 8 } as const;

function asciiEntry(tag: number, text: string): TiffEntry {
  const bytes = ascii(`${text}\0`);
  return { tag, type: 2, count: bytes.length, write: (view, at) => bytes.forEach((byte, i) => view.setUint8(at + i, byte)) };
}

function shortEntry(tag: number, value: number): TiffEntry {
  return { tag, type: 3, count: 1, write: (view, at, little) => view.setUint16(at, value, little) };
}

function longEntry(tag: number, value: () => number): TiffEntry {
  return { tag, type: 4, count: 1, write: (view, at, little) => view.setUint32(at, value(), little) };
}

/** Degrees as Exif stores them: three RATIONALs (degrees, minutes, hundredths of seconds). */
export function degreesRationals(degrees: number, littleEndian: boolean): Bytes {
  const whole = Math.floor(degrees);
  const minutes = Math.floor((degrees - whole) * 60);
  const seconds = Math.round(((degrees - whole) * 60 - minutes) * 60 * 100);
  const bytes = new Uint8Array(24);
  const view = new DataView(bytes.buffer);
  [
    [whole, 1],
    [minutes, 1],
    [seconds, 100],
  ].forEach(([numerator, denominator], i) => {
    view.setUint32(i * 8, numerator!, littleEndian);
    view.setUint32(i * 8 + 4, denominator!, littleEndian);
  });
  return bytes;
}

function degreesEntry(tag: number, degrees: number): TiffEntry {
  return { tag, type: 5, count: 3, write: (view, at, little) => degreesRationals(degrees, little).forEach((byte, i) => view.setUint8(at + i, byte)) };
}

function ifdSize(entries: TiffEntry[]): number {
  const external = entries.reduce((sum, entry) => {
    const size = TYPE_SIZE[entry.type] * entry.count;
    return sum + (size > 4 ? size + (size & 1) : 0);
  }, 0);
  return 2 + entries.length * 12 + 4 + external;
}

function writeIfd(view: DataView, at: number, entries: TiffEntry[], little: boolean): void {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  view.setUint16(at, sorted.length, little);
  let external = at + 2 + sorted.length * 12 + 4;
  sorted.forEach((entry, i) => {
    const slot = at + 2 + i * 12;
    view.setUint16(slot, entry.tag, little);
    view.setUint16(slot + 2, entry.type, little);
    view.setUint32(slot + 4, entry.count, little);
    const size = TYPE_SIZE[entry.type] * entry.count;
    if (size <= 4) {
      entry.write(view, slot + 8, little);
    } else {
      view.setUint32(slot + 8, external, little);
      entry.write(view, external, little);
      external += size + (size & 1);
    }
  });
  view.setUint32(at + 2 + sorted.length * 12, 0, little);
}

/** A TIFF structure as Exif stores it: IFD0 with the given fields, and a GPS IFD when asked. */
export function exifTiff(fields: ExifFields): Bytes {
  const little = fields.littleEndian ?? true;
  const ifd0: TiffEntry[] = [];
  if (fields.make) ifd0.push(asciiEntry(0x010f, fields.make));
  if (fields.model) ifd0.push(asciiEntry(0x0110, fields.model));
  if (fields.orientation !== undefined) ifd0.push(shortEntry(0x0112, fields.orientation));
  if (fields.dateTime) ifd0.push(asciiEntry(0x0132, fields.dateTime));
  const gps: TiffEntry[] = [];
  if (fields.gps) {
    gps.push(asciiEntry(0x0001, fields.gps.latitude >= 0 ? 'N' : 'S'));
    gps.push(degreesEntry(0x0002, Math.abs(fields.gps.latitude)));
    gps.push(asciiEntry(0x0003, fields.gps.longitude >= 0 ? 'E' : 'W'));
    gps.push(degreesEntry(0x0004, Math.abs(fields.gps.longitude)));
  }
  let gpsOffset = 0;
  if (gps.length) ifd0.push(longEntry(0x8825, () => gpsOffset));
  const size0 = ifdSize(ifd0);
  gpsOffset = 8 + size0;
  const total = 8 + size0 + (gps.length ? ifdSize(gps) : 0);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  bytes.set(ascii(little ? 'II' : 'MM'));
  view.setUint16(2, 42, little);
  view.setUint32(4, 8, little);
  writeIfd(view, 8, ifd0, little);
  if (gps.length) writeIfd(view, gpsOffset, gps, little);
  return bytes;
}

/** Every IFD0 entry of a TIFF: tag → (type, count, first SHORT value). */
export function readIfd0(tiff: Uint8Array): {
  littleEndian: boolean;
  entries: Array<{ tag: number; type: number; count: number; short: number }>;
  next: number;
} {
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = String.fromCharCode(tiff[0]!, tiff[1]!);
  if (order !== 'II' && order !== 'MM') throw new Error(`No TIFF byte order mark: ${order}`);
  const little = order === 'II';
  if (view.getUint16(2, little) !== 42) throw new Error('No TIFF magic 42');
  const ifd = view.getUint32(4, little);
  const count = view.getUint16(ifd, little);
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    const slot = ifd + 2 + i * 12;
    entries.push({
      tag: view.getUint16(slot, little),
      type: view.getUint16(slot + 2, little),
      count: view.getUint32(slot + 4, little),
      short: view.getUint16(slot + 8, little),
    });
  }
  return { littleEndian: little, entries, next: view.getUint32(ifd + 2 + count * 12, little) };
}

// ---------------------------------------------------------------------------------------------
// JPEG

export function jpegSegment(marker: number, payload: Uint8Array): Bytes {
  const length = payload.length + 2;
  if (length > 0xffff) throw new Error('JPEG segment too long');
  return concat(new Uint8Array([0xff, marker, length >> 8, length & 0xff]), payload);
}

export function exifApp1(fields: ExifFields): Bytes {
  return jpegSegment(0xe1, concat(ascii('Exif\0\0'), exifTiff(fields)));
}

export function xmpApp1(xml: string): Bytes {
  return jpegSegment(0xe1, concat(ascii('http://ns.adobe.com/xap/1.0/\0'), ascii(xml)));
}

/** One part of extended XMP: namespace, GUID (32 hex chars), full length, offset, then data. */
export function extendedXmpApp1(guid: string, xml: string): Bytes {
  const header = new Uint8Array(8);
  new DataView(header.buffer).setUint32(0, xml.length);
  return jpegSegment(0xe1, concat(ascii('http://ns.adobe.com/xmp/extension/\0'), ascii(guid), header, ascii(xml)));
}

export function comSegment(text: string): Bytes {
  return jpegSegment(0xfe, ascii(text));
}

/** An APP13 Photoshop block holding an IPTC record (2:116 copyright notice). */
export function photoshopApp13(copyright: string): Bytes {
  const text = ascii(copyright);
  const iptc = concat(new Uint8Array([0x1c, 0x02, 0x74, text.length >> 8, text.length & 0xff]), text);
  const header = new Uint8Array(12);
  header.set(ascii('8BIM'));
  const view = new DataView(header.buffer);
  view.setUint16(4, 0x0404);
  view.setUint32(8, iptc.length);
  return jpegSegment(0xed, concat(ascii('Photoshop 3.0\0'), header, iptc, iptc.length & 1 ? new Uint8Array(1) : new Uint8Array(0)));
}

export interface JpegSegmentInfo {
  marker: number;
  start: number;
  end: number;
  payload: Uint8Array;
}

/** Segments up to and including SOS (whose end is the start of the entropy-coded data); fill bytes belong to the segment after them. */
export function jpegSegments(bytes: Uint8Array): JpegSegmentInfo[] {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('Not a JPEG');
  const segments: JpegSegmentInfo[] = [{ marker: 0xd8, start: 0, end: 2, payload: new Uint8Array(0) }];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`Expected a marker at ${at}`);
    let markerAt = at + 1;
    while (bytes[markerAt] === 0xff) markerAt += 1;
    const marker = bytes[markerAt]!;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      segments.push({ marker, start: at, end: markerAt + 1, payload: new Uint8Array(0) });
      at = markerAt + 1;
      continue;
    }
    const length = (bytes[markerAt + 1]! << 8) | bytes[markerAt + 2]!;
    const end = markerAt + 1 + length;
    segments.push({ marker, start: at, end, payload: bytes.subarray(markerAt + 3, end) });
    at = end;
    if (marker === 0xda) return segments;
  }
  throw new Error('No SOS');
}

/** Everything from the SOS marker on: scan header, entropy-coded data, EOI. */
export function fromSos(bytes: Uint8Array): Uint8Array {
  const sos = jpegSegments(bytes).find((segment) => segment.marker === 0xda)!;
  return bytes.subarray(sos.start);
}

/** Inserts segments right after SOI (where cameras put their Exif). */
export function insertAfterSoi(jpeg: Uint8Array, ...segments: Uint8Array[]): Bytes {
  return concat(jpeg.subarray(0, 2), ...segments, jpeg.subarray(2));
}

/** Inserts bytes right before the segment with `marker` (the first one). */
export function insertBefore(jpeg: Uint8Array, marker: number, ...segments: Uint8Array[]): Bytes {
  const target = jpegSegments(jpeg).find((segment) => segment.marker === marker);
  if (!target) throw new Error(`No marker ${marker.toString(16)}`);
  return concat(jpeg.subarray(0, target.start), ...segments, jpeg.subarray(target.start));
}

const MP_ENTRY_TAG = 0xb002;

/**
 * An APP2 Multi-Picture Format index for two images (big-endian). `secondaryOffset` counts from
 * the MPF header (the byte after `MPF\0`), as the format defines.
 */
export function mpfApp2(primarySize: number, secondarySize: number, secondaryOffset: number): Bytes {
  const tiff = new Uint8Array(8 + 2 + 3 * 12 + 4 + 32);
  const view = new DataView(tiff.buffer);
  tiff.set(ascii('MM'));
  view.setUint16(2, 42);
  view.setUint32(4, 8);
  view.setUint16(8, 3);
  const entries = 8 + 2 + 3 * 12 + 4;
  const fields: Array<[number, number, number, (slot: number) => void]> = [
    [0xb000, 7, 4, (slot) => tiff.set(ascii('0100'), slot)],
    [0xb001, 4, 1, (slot) => view.setUint32(slot, 2)],
    [MP_ENTRY_TAG, 7, 32, (slot) => view.setUint32(slot, entries)],
  ];
  fields.forEach(([tag, type, count, write], i) => {
    const slot = 10 + i * 12;
    view.setUint16(slot, tag);
    view.setUint16(slot + 2, type);
    view.setUint32(slot + 4, count);
    write(slot + 8);
  });
  view.setUint32(entries, 0x20030000); // representative baseline primary image
  view.setUint32(entries + 4, primarySize);
  view.setUint32(entries + 16 + 4, secondarySize);
  view.setUint32(entries + 16 + 8, secondaryOffset);
  return jpegSegment(0xe2, concat(ascii('MPF\0'), tiff));
}

/** The MPF index of a JPEG: where its header starts and each image's size and offset. */
export function readMpf(jpeg: Uint8Array): { headerStart: number; images: Array<{ size: number; offset: number }> } {
  const segment = jpegSegments(jpeg).find((candidate) => candidate.marker === 0xe2 && containsAscii(candidate.payload.subarray(0, 4), 'MPF\0'));
  if (!segment) throw new Error('No MPF segment');
  const tiff = segment.payload.subarray(4);
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const ifd = view.getUint32(4);
  const count = view.getUint16(ifd);
  for (let i = 0; i < count; i += 1) {
    const slot = ifd + 2 + i * 12;
    if (view.getUint16(slot) !== MP_ENTRY_TAG) continue;
    const bytes = view.getUint32(slot + 4);
    const at = view.getUint32(slot + 8);
    const images = [];
    for (let entry = at; entry < at + bytes; entry += 16) images.push({ size: view.getUint32(entry + 4), offset: view.getUint32(entry + 8) });
    return { headerStart: tiff.byteOffset - jpeg.byteOffset, images };
  }
  throw new Error('No MP entries');
}

// ---------------------------------------------------------------------------------------------
// PNG

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Uint8Array): Bytes {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(ascii(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

export interface PngChunkInfo {
  type: string;
  start: number;
  end: number;
  data: Uint8Array;
  /** The whole chunk: length, type, data, CRC. */
  raw: Uint8Array;
}

export function pngChunks(bytes: Uint8Array): PngChunkInfo[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: PngChunkInfo[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    chunks.push({ type, start: at, end, data: bytes.subarray(at + 8, at + 8 + length), raw: bytes.subarray(at, end) });
    at = end;
  }
  return chunks;
}

/** Rebuilds a PNG with extra chunks after IHDR and before IEND. */
export function withPngChunks(png: Uint8Array, afterHeader: Uint8Array[], beforeEnd: Uint8Array[]): Bytes {
  const chunks = pngChunks(png);
  const parts = [png.subarray(0, 8)];
  for (const chunk of chunks) {
    if (chunk.type === 'IEND') parts.push(...beforeEnd);
    parts.push(chunk.raw);
    if (chunk.type === 'IHDR') parts.push(...afterHeader);
  }
  return concat(...parts);
}

export function pngTextChunk(keyword: string, text: string): Bytes {
  return pngChunk('tEXt', concat(ascii(keyword), new Uint8Array([0]), ascii(text)));
}

/** iTXt, uncompressed: keyword, flag 0, method 0, empty language and translated keyword. */
export function pngInternationalTextChunk(keyword: string, text: string): Bytes {
  return pngChunk('iTXt', concat(ascii(keyword), new Uint8Array([0, 0, 0, 0, 0]), ascii(text)));
}

/** zTXt holding `text` deflated, so the planted string is findable only after inflating. */
export async function pngCompressedTextChunk(keyword: string, text: string): Promise<Bytes> {
  const deflated = await bytesOf(await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('deflate'))).blob());
  return pngChunk('zTXt', concat(ascii(keyword), new Uint8Array([0, 0]), deflated));
}

export function pngTimeChunk(): Bytes {
  return pngChunk('tIME', new Uint8Array([0x07, 0xe8, 6, 15, 12, 30, 45]));
}

// ---------------------------------------------------------------------------------------------
// WebP

export interface RiffChunkInfo {
  fourcc: string;
  start: number;
  end: number;
  data: Uint8Array;
}

export function riffChunk(fourcc: string, data: Uint8Array): Bytes {
  const chunk = new Uint8Array(8 + data.length + (data.length & 1));
  chunk.set(ascii(fourcc));
  new DataView(chunk.buffer).setUint32(4, data.length, true);
  chunk.set(data, 8);
  return chunk;
}

export function webpChunks(bytes: Uint8Array): { riffSize: number; chunks: RiffChunkInfo[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== 'RIFF' || String.fromCharCode(...bytes.subarray(8, 12)) !== 'WEBP') throw new Error('Not a WebP');
  const riffSize = view.getUint32(4, true);
  const chunks: RiffChunkInfo[] = [];
  for (let at = 12; at < 8 + riffSize;) {
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size & 1);
    chunks.push({ fourcc: String.fromCharCode(...bytes.subarray(at, at + 4)), start: at, end, data: bytes.subarray(at + 8, at + 8 + size) });
    at = end;
  }
  return { riffSize, chunks };
}

export const VP8X_FLAGS = { icc: 0x20, alpha: 0x10, exif: 0x08, xmp: 0x04, animation: 0x02 } as const;

/**
 * Adds EXIF and XMP chunks after the image data of an extended WebP (Chromium's canvas encoder
 * writes VP8X + ICCP + VP8), sets their VP8X flags and fixes the RIFF size.
 */
export function webpWithMetadata(webp: Uint8Array, extra: { exif?: Uint8Array; xmp?: Uint8Array }): Bytes {
  const { chunks } = webpChunks(webp);
  if (chunks[0]?.fourcc !== 'VP8X') throw new Error('Expected an extended WebP');
  const out = concat(
    webp.subarray(0, chunks.at(-1)!.end),
    ...(extra.exif ? [riffChunk('EXIF', extra.exif)] : []),
    ...(extra.xmp ? [riffChunk('XMP ', extra.xmp)] : []),
  );
  out[chunks[0].start + 8] |= (extra.exif ? VP8X_FLAGS.exif : 0) | (extra.xmp ? VP8X_FLAGS.xmp : 0);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Images from a canvas, and their decoded pixels

/**
 * An asymmetric picture (coloured quadrants and a diagonal), so a rotation or a colour change
 * shows in the decoded pixels. A display-p3 canvas makes Chromium embed its ICC profile.
 */
export async function canvasImage(
  type: string,
  width: number,
  height: number,
  options: { quality?: number; colorSpace?: PredefinedColorSpace } = {},
): Promise<Bytes> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { colorSpace: options.colorSpace ?? 'srgb' })!;
  const colours = ['#d0302a', '#2a9d4f', '#2f5ad0', '#e8c21a'];
  colours.forEach((colour, i) => {
    context.fillStyle = colour;
    context.fillRect((i % 2) * (width / 2), Math.floor(i / 2) * (height / 2), width / 2, height / 2);
  });
  context.strokeStyle = '#ffffff';
  context.lineWidth = 3;
  context.beginPath();
  context.moveTo(0, 0);
  context.lineTo(width, height * 0.7);
  context.stroke();
  return bytesOf(await canvas.convertToBlob({ type, quality: options.quality ?? 0.9 }));
}

export interface DecodedPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** What a page shows: decoded with the file's own orientation and colour profile applied. */
export async function decode(data: Blob | Bytes): Promise<DecodedPixels> {
  const blob = data instanceof Blob ? data : new Blob([data]);
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { width: canvas.width, height: canvas.height, data: context.getImageData(0, 0, canvas.width, canvas.height).data };
}

/** A 2×2 GIF89a with a comment extension (GIFs are left alone). */
export function tinyGif(): Bytes {
  return concat(
    ascii('GIF89a'),
    new Uint8Array([2, 0, 2, 0, 0x80, 0, 0]),
    new Uint8Array([0xff, 0x00, 0x00, 0x00, 0x00, 0xff]),
    new Uint8Array([0x21, 0xfe, 10]),
    ascii('GPS 48N 2E'),
    new Uint8Array([0]),
    new Uint8Array([0x2c, 0, 0, 0, 0, 2, 0, 2, 0, 0]),
    new Uint8Array([0x02, 0x02, 0x44, 0x01, 0x00]),
    new Uint8Array([0x3b]),
  );
}
