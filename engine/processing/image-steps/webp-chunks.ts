/**
 * WebP metadata removal by RIFF chunk, without decoding: cuts `EXIF` and `XMP `, clears their flags
 * in the VP8X header and fixes the RIFF size; `ICCP`, image data and animation frames stay.
 */
import { TruncatedImageError, lengthChange, type BlobWindow, type ByteEdit } from './blob-edits.js';
import { orientationOnlyTiff, readOrientation, tiffOf } from './exif-orientation.js';

const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;

/** Larger EXIF chunks are still cut, but not read for their orientation. */
const MAX_EXIF_READ = 1024 * 1024;

/** An `EXIF` chunk holding only the orientation, for readers that turn WebP images by it. */
function orientationChunk(orientation: number): Uint8Array<ArrayBuffer> {
  const tiff = orientationOnlyTiff(orientation);
  const chunk = new Uint8Array(8 + tiff.length);
  chunk.set([0x45, 0x58, 0x49, 0x46]); // EXIF
  new DataView(chunk.buffer).setUint32(4, tiff.length, true);
  chunk.set(tiff, 8);
  return chunk;
}

function littleEndian32(value: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
}

/**
 * The edits that clean a WebP (the file must start with `RIFF….WEBP`). Bytes after the RIFF
 * structure are kept. Throws on a malformed or truncated structure.
 */
export async function webpMetadataEdits(reader: BlobWindow): Promise<ByteEdit[]> {
  const head = await reader.read(0, 12);
  const riffSize = new DataView(head.buffer, head.byteOffset, 12).getUint32(4, true);
  const riffEnd = 8 + riffSize;
  if (riffEnd > reader.size) throw new TruncatedImageError(riffEnd);
  const edits: ByteEdit[] = [];
  let flagsAt: number | undefined;
  let exifKept = false;
  let exifSeen = false;
  for (let at = 12; at < riffEnd;) {
    const header = await reader.read(at, 8);
    const fourcc = String.fromCharCode(...header.subarray(0, 4));
    const size = new DataView(header.buffer, header.byteOffset, 8).getUint32(4, true);
    // Chunks are padded to an even length; some writers leave out the pad byte of the last one.
    const padded = at + 8 + size + (size & 1);
    const end = padded === riffEnd + 1 && size & 1 ? riffEnd : padded;
    if (end > riffEnd) throw new Error(`chunk ${JSON.stringify(fourcc)} at byte ${at} runs past the RIFF end`);
    if (fourcc === 'VP8X' && at === 12) {
      if (size < 10) throw new Error('VP8X header too short');
      flagsAt = at + 8;
    } else if (fourcc === 'EXIF') {
      const edit: ByteEdit = { start: at, end };
      if (!exifSeen) {
        exifSeen = true;
        const orientation = size <= MAX_EXIF_READ ? readOrientation(tiffOf(await reader.read(at + 8, size))) : undefined;
        if (orientation) {
          edit.insert = orientationChunk(orientation);
          exifKept = true;
        }
      }
      edits.push(edit);
    } else if (fourcc === 'XMP ') {
      edits.push({ start: at, end });
    }
    at = end;
  }
  if (edits.length === 0) return edits;
  const header: ByteEdit[] = [{ start: 4, end: 8, insert: littleEndian32(riffSize + lengthChange(edits)) }];
  if (flagsAt !== undefined) {
    const flags = await reader.byte(flagsAt);
    const exifFlag = exifKept ? EXIF_FLAG : 0;
    header.push({ start: flagsAt, end: flagsAt + 1, insert: new Uint8Array([(flags & ~(XMP_FLAG | EXIF_FLAG)) | exifFlag]) });
  }
  return [...header, ...edits];
}
