/**
 * The one Exif tag kept when metadata is stripped: Orientation. A camera stores the sensor's
 * pixels as shot and says how to turn them; dropping the tag would show portraits on their side.
 * Read as browsers read it, so the cleaned file displays exactly as the original did.
 */

const ORIENTATION_TAG = 0x0112;
const TYPE_SHORT = 3;

/** `Exif\0\0`, the identifier before the TIFF structure in a JPEG APP1 (some writers repeat it elsewhere). */
export const EXIF_IDENTIFIER = new Uint8Array([0x45, 0x78, 0x69, 0x66, 0x00, 0x00]);

export function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

/**
 * Orientation 2–8 from IFD0 of a TIFF structure; undefined for 1 (as shot), for a missing or
 * out-of-range tag, and for a structure too broken to read — a browser shows those unturned too.
 */
export function readOrientation(tiff: Uint8Array): number | undefined {
  if (tiff.length < 8) return undefined;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return undefined;
  const little = order === 0x4949;
  if (view.getUint16(2, little) !== 42) return undefined;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return undefined;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i += 1) {
    const slot = ifd + 2 + i * 12;
    if (slot + 12 > tiff.length) return undefined;
    if (view.getUint16(slot, little) !== ORIENTATION_TAG) continue;
    if (view.getUint16(slot + 2, little) !== TYPE_SHORT || view.getUint32(slot + 4, little) !== 1) return undefined;
    const value = view.getUint16(slot + 8, little);
    return value >= 2 && value <= 8 ? value : undefined;
  }
  return undefined;
}

/** A 26-byte TIFF structure: header, and one IFD whose only entry is Orientation. */
export function orientationOnlyTiff(orientation: number): Uint8Array<ArrayBuffer> {
  const tiff = new Uint8Array(26);
  const view = new DataView(tiff.buffer);
  view.setUint16(0, 0x4d4d); // "MM": big-endian, like the JPEG around it
  view.setUint16(2, 42);
  view.setUint32(4, 8); // IFD0 right after the header
  view.setUint16(8, 1); // one entry
  view.setUint16(10, ORIENTATION_TAG);
  view.setUint16(12, TYPE_SHORT);
  view.setUint32(14, 1);
  view.setUint16(18, orientation); // SHORT sits left-aligned in the 4-byte value field
  view.setUint32(22, 0); // no next IFD
  return tiff;
}

/** The TIFF inside an Exif payload, with or without the `Exif\0\0` identifier before it. */
export function tiffOf(payload: Uint8Array): Uint8Array {
  return startsWith(payload, EXIF_IDENTIFIER) ? payload.subarray(EXIF_IDENTIFIER.length) : payload;
}
