/**
 * PNG metadata removal by chunk, without decoding: cuts `eXIf`, `tEXt`, `zTXt`, `iTXt` and `tIME`
 * and keeps the rest (`iCCP`, `sRGB`, `gAMA`, `pHYs`, image data…). Every chunk carries its own
 * CRC, so cutting some leaves the others valid.
 */
import { TruncatedImageError, type BlobWindow, type ByteEdit } from './blob-edits.js';
import { orientationOnlyTiff, readOrientation, tiffOf } from './exif-orientation.js';

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Exif, free text (titles, authors, software, comments, often GPS from tools) and modification time. */
const PRIVATE_CHUNKS = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

/** Larger eXIf chunks are still cut, but not read for their orientation. */
const MAX_EXIF_READ = 1024 * 1024;

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function isChunkType(bytes: Uint8Array): boolean {
  return bytes.every((byte) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a));
}

/** An `eXIf` chunk holding only the orientation (browsers turn PNGs by it too). */
function orientationChunk(orientation: number): Uint8Array<ArrayBuffer> {
  const tiff = orientationOnlyTiff(orientation);
  const chunk = new Uint8Array(12 + tiff.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, tiff.length);
  chunk.set([0x65, 0x58, 0x49, 0x66], 4); // eXIf
  chunk.set(tiff, 8);
  view.setUint32(8 + tiff.length, crc32(chunk.subarray(4, 8 + tiff.length)));
  return chunk;
}

/**
 * The edits that clean a PNG (the file must start with the signature). Walks every chunk header up
 * to IEND (text may follow the image data); bytes after IEND are kept. Throws on a malformed or
 * truncated structure.
 */
export async function pngMetadataEdits(reader: BlobWindow): Promise<ByteEdit[]> {
  const edits: ByteEdit[] = [];
  let exifSeen = false;
  for (let at = PNG_SIGNATURE.length; ;) {
    const header = await reader.read(at, 8);
    const length = new DataView(header.buffer, header.byteOffset, 8).getUint32(0);
    if (length > 0x7fffffff) throw new Error(`chunk length ${length} at byte ${at}`);
    const typeBytes = header.subarray(4, 8);
    if (!isChunkType(typeBytes)) throw new Error(`no chunk type at byte ${at + 4}`);
    const type = String.fromCharCode(...typeBytes);
    const end = at + 12 + length;
    if (end > reader.size) throw new TruncatedImageError(end);
    if (type === 'IEND') break;
    if (PRIVATE_CHUNKS.has(type)) {
      const edit: ByteEdit = { start: at, end };
      if (type === 'eXIf' && !exifSeen) {
        exifSeen = true;
        const orientation = length <= MAX_EXIF_READ ? readOrientation(tiffOf(await reader.read(at + 8, length))) : undefined;
        if (orientation) edit.insert = orientationChunk(orientation);
      }
      edits.push(edit);
    }
    at = end;
  }
  return edits;
}
