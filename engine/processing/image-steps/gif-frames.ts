/**
 * The canvas a GIF decoder really draws on. The logical screen in the header is only a hint:
 * Chromium sizes its frame buffers from each frame's image descriptor, so a 150 KB file whose
 * screen says 1 × 1 px but whose frame says 20,000 × 20,000 px costs 1.6 GB once decoded. Every
 * block is walked (extensions and image data are chains of length-prefixed sub-blocks), in
 * slices, so the cost is linear in the file size and the memory is one slice.
 */
import type { ImageSize } from './canvas-codec.js';

/** Bytes read from the file at a time. */
const SLICE_BYTES = 256 * 1024;

/** Sequential reads over a Blob, one slice in memory. */
class BlobCursor {
  #blob: Blob;
  #slice = new Uint8Array(0);
  #sliceStart = 0;
  offset: number;

  constructor(blob: Blob, offset: number) {
    this.#blob = blob;
    this.offset = offset;
  }

  /** The byte at the cursor (moving past it), or undefined at the end of the file. */
  async byte(): Promise<number | undefined> {
    const at = this.offset - this.#sliceStart;
    if (at < 0 || at >= this.#slice.length) {
      if (this.offset >= this.#blob.size) return undefined;
      this.#sliceStart = this.offset;
      this.#slice = new Uint8Array(await this.#blob.slice(this.offset, this.offset + SLICE_BYTES).arrayBuffer());
      if (this.#slice.length === 0) return undefined;
    }
    const value = this.#slice[this.offset - this.#sliceStart];
    this.offset += 1;
    return value;
  }

  /** A little-endian 16-bit value, or undefined at the end of the file. */
  async uint16(): Promise<number | undefined> {
    const low = await this.byte();
    const high = await this.byte();
    return low === undefined || high === undefined ? undefined : low | (high << 8);
  }

  /** Moves past a chain of sub-blocks (length byte, that many bytes, ... a zero length); false when the file ends first. */
  async skipSubBlocks(): Promise<boolean> {
    for (;;) {
      const length = await this.byte();
      if (length === undefined) return false;
      if (length === 0) return true;
      this.offset += length;
    }
  }
}

/** Where a colour table's size is said: the low three bits of a packed byte, when its top bit is set. */
function colourTableBytes(packed: number): number {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

/**
 * The smallest box holding the logical screen and every frame (its left/top offset plus its
 * size), or undefined when the file is not a GIF or declares no frame. A file cut short or
 * followed by junk answers the box of the frames read so far: a decoder stops there too.
 */
export async function gifCanvasSize(blob: Blob): Promise<ImageSize | undefined> {
  const head = new Uint8Array(await blob.slice(0, 13).arrayBuffer());
  if (head.length < 13 || String.fromCharCode(...head.subarray(0, 4)) !== 'GIF8') return undefined;
  let width = head[6]! | (head[7]! << 8);
  let height = head[8]! | (head[9]! << 8);
  let frames = 0;
  const cursor = new BlobCursor(blob, 13 + colourTableBytes(head[10]!));
  for (;;) {
    const introducer = await cursor.byte();
    if (introducer === 0x21) {
      // Extension: a label byte, then sub-blocks.
      if ((await cursor.byte()) === undefined || !(await cursor.skipSubBlocks())) break;
    } else if (introducer === 0x2c) {
      const left = await cursor.uint16();
      const top = await cursor.uint16();
      const frameWidth = await cursor.uint16();
      const frameHeight = await cursor.uint16();
      const packed = await cursor.byte();
      if (left === undefined || top === undefined || frameWidth === undefined || frameHeight === undefined || packed === undefined) break;
      frames += 1;
      width = Math.max(width, left + frameWidth);
      height = Math.max(height, top + frameHeight);
      // Local colour table, the LZW minimum code size, then the image data.
      cursor.offset += colourTableBytes(packed) + 1;
      if (!(await cursor.skipSubBlocks())) break;
    } else {
      // The trailer (0x3B), the end of the file, or bytes no decoder reads past.
      break;
    }
  }
  return frames > 0 && width > 0 && height > 0 ? { width, height } : undefined;
}
