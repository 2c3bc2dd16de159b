/**
 * JPEG metadata removal by segment, without decoding: walks the marker segments up to the first
 * scan (SOS) and cuts APP1 (Exif, XMP, extended XMP), APP13 (Photoshop IRB / IPTC) and COM.
 * Everything else — APP0 JFIF, APP2 ICC profile, APP14 Adobe, tables, frame header — and all bytes
 * from SOS on stay as they are, so the pixels decode bit-identically.
 */
import { TruncatedImageError, lengthChange, type BlobWindow, type ByteEdit } from './blob-edits.js';
import { EXIF_IDENTIFIER, orientationOnlyTiff, readOrientation, startsWith } from './exif-orientation.js';
import { MPF_HEADER_OFFSET, isMpfPayload, shiftMpfOffsets } from './jpeg-mpf.js';

const APP1 = 0xe1;
const APP2 = 0xe2;
const APP13 = 0xed;
const COM = 0xfe;
const SOS = 0xda;
const EOI = 0xd9;

/** Segments that say who took a photo, where and when, with what, and anything typed about it. */
const PRIVATE_MARKERS = new Set([APP1, APP13, COM]);

/** TEM, RST0–7 and SOI carry no length field. */
function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
}

/** `FF E1`, length, `Exif\0\0` and a TIFF holding only the orientation. */
function orientationApp1(orientation: number): Uint8Array<ArrayBuffer> {
  const tiff = orientationOnlyTiff(orientation);
  const length = 2 + EXIF_IDENTIFIER.length + tiff.length;
  const segment = new Uint8Array(2 + length);
  segment.set([0xff, APP1, length >> 8, length & 0xff]);
  segment.set(EXIF_IDENTIFIER, 4);
  segment.set(tiff, 4 + EXIF_IDENTIFIER.length);
  return segment;
}

interface MpfSegment {
  /** File offset of the MPF structure, the origin of its offsets. */
  headerStart: number;
  end: number;
  structure: Uint8Array;
}

/**
 * The edits that clean a JPEG (the file must start with SOI). The first Exif APP1 is replaced in
 * place by one holding only its orientation, when that is not "as shot". Throws on a malformed
 * structure rather than guessing, so no damaged file is produced.
 */
export async function jpegMetadataEdits(reader: BlobWindow): Promise<ByteEdit[]> {
  const edits: ByteEdit[] = [];
  let exifSeen = false;
  let mpf: MpfSegment | undefined;
  let at = 2;
  for (;;) {
    if ((await reader.byte(at)) !== 0xff) throw new Error(`no marker at byte ${at}`);
    // Any number of 0xFF fill bytes may precede a marker.
    let markerAt = at + 1;
    while ((await reader.byte(markerAt)) === 0xff) markerAt += 1;
    const marker = await reader.byte(markerAt);
    if (marker === 0x00) throw new Error(`stuffed byte outside a scan at byte ${markerAt}`);
    if (isStandalone(marker)) {
      at = markerAt + 1;
      continue;
    }
    if (marker === EOI) throw new Error('the image ends before its first scan');
    const [high, low] = await reader.read(markerAt + 1, 2);
    const length = (high! << 8) | low!;
    if (length < 2) throw new Error(`segment length ${length} at byte ${markerAt + 1}`);
    const payloadStart = markerAt + 3;
    const end = markerAt + 1 + length;
    if (end > reader.size) throw new TruncatedImageError(end);
    // From the first scan on the bytes are entropy-coded data: copied verbatim.
    if (marker === SOS) break;
    if (PRIVATE_MARKERS.has(marker)) {
      const edit: ByteEdit = { start: at, end };
      if (marker === APP1 && !exifSeen) {
        const payload = await reader.read(payloadStart, end - payloadStart);
        if (startsWith(payload, EXIF_IDENTIFIER)) {
          exifSeen = true;
          const orientation = readOrientation(payload.subarray(EXIF_IDENTIFIER.length));
          if (orientation) edit.insert = orientationApp1(orientation);
        }
      }
      edits.push(edit);
    } else if (marker === APP2 && !mpf && end - payloadStart >= MPF_HEADER_OFFSET) {
      // APP2 is mostly an ICC profile; only the MPF one is read whole.
      if (isMpfPayload(await reader.read(payloadStart, MPF_HEADER_OFFSET))) {
        const headerStart = payloadStart + MPF_HEADER_OFFSET;
        mpf = { headerStart, end, structure: (await reader.read(headerStart, end - headerStart)).slice() };
      }
    }
    at = end;
  }
  if (mpf) {
    const shift = lengthChange(edits.filter((edit) => edit.start >= mpf.end));
    const shifted = shift === 0 ? undefined : shiftMpfOffsets(mpf.structure, shift);
    if (shifted) {
      edits.push({ start: mpf.headerStart, end: mpf.end, insert: shifted });
      edits.sort((a, b) => a.start - b.start);
    }
  }
  return edits;
}
