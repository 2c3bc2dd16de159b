/**
 * Multi-Picture Format (APP2 `MPF\0`): phones and cameras append further images after the primary
 * one (HDR gain maps, depth maps, large previews) and point at them with offsets counted from the
 * MPF header. Cutting segments between that header and the appended images moves those images, so
 * their offsets are moved by the same amount.
 */

const MPF_IDENTIFIER = new Uint8Array([0x4d, 0x50, 0x46, 0x00]);
const MP_ENTRY_TAG = 0xb002;
const MP_ENTRY_BYTES = 16;

export function isMpfPayload(payload: Uint8Array): boolean {
  return MPF_IDENTIFIER.every((byte, i) => payload[i] === byte);
}

/** Where the offsets are counted from: the TIFF header right after the identifier. */
export const MPF_HEADER_OFFSET = MPF_IDENTIFIER.length;

/**
 * A copy of the MPF structure (the bytes after the identifier) with every appended image's offset
 * moved by `shift`; undefined when the structure cannot be read (it is then left as it was: the
 * primary image does not depend on it).
 */
export function shiftMpfOffsets(structure: Uint8Array, shift: number): Uint8Array<ArrayBuffer> | undefined {
  const copy = structure.slice();
  const view = new DataView(copy.buffer);
  if (copy.length < 8) return undefined;
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return undefined;
  const little = order === 0x4949;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > copy.length) return undefined;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i += 1) {
    const slot = ifd + 2 + i * 12;
    if (slot + 12 > copy.length) return undefined;
    if (view.getUint16(slot, little) !== MP_ENTRY_TAG) continue;
    const bytes = view.getUint32(slot + 4, little);
    const entries = view.getUint32(slot + 8, little);
    if (bytes % MP_ENTRY_BYTES !== 0 || entries + bytes > copy.length) return undefined;
    for (let entry = entries; entry < entries + bytes; entry += MP_ENTRY_BYTES) {
      const offset = view.getUint32(entry + 8, little);
      // Offset 0 is the primary image itself, which starts before the header and does not move.
      if (offset !== 0) view.setUint32(entry + 8, offset + shift, little);
    }
    return copy;
  }
  return undefined;
}
