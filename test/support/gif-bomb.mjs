// GIFs whose logical screen says one size and whose frame says another, as a decoder sees them:
// `gifWithFrame({ frameWidth: 20_000, frameHeight: 20_000 })` is a valid GIF of about 150 KB whose
// header says 1 × 1 px and whose one frame holds 400 million pixels of colour 0 (1.6 GB decoded).
// Plain JS with no Node imports: the browser tests and the Node fixtures both use it.

/** The LZW image data of `pixels` pixels of colour index 0, minimum code size 2, as GIF sub-blocks. */
function constantImageData(pixels) {
  const CLEAR = 4;
  const bytes = [];
  let bitBuffer = 0;
  let bitCount = 0;
  const emit = (code, width) => {
    bitBuffer |= code << bitCount;
    bitCount += width;
    while (bitCount >= 8) {
      bytes.push(bitBuffer & 0xff);
      bitBuffer >>>= 8;
      bitCount -= 8;
    }
  };
  // A run of one colour is the best case of LZW: each code stands for a string one longer than
  // the one before (code 6 for two pixels, 7 for three...), until the table holds 4096 codes.
  let width = 3;
  let nextCode = 6;
  let longest = 1;
  let remaining = pixels;
  emit(CLEAR, width);
  while (remaining > 0) {
    const length = Math.min(longest, remaining);
    emit(length === 1 ? 0 : 6 + (length - 2), width);
    remaining -= length;
    if (remaining > 0 && nextCode < 4096) {
      if (nextCode >= 1 << width) width += 1;
      nextCode += 1;
      if (length === longest) longest += 1;
    }
  }
  emit(5, width);
  if (bitCount > 0) bytes.push(bitBuffer & 0xff);
  const data = Uint8Array.from(bytes);
  const blocks = [2];
  for (let at = 0; at < data.length; at += 255) {
    const block = data.subarray(at, at + 255);
    blocks.push(block.length, ...block);
  }
  blocks.push(0);
  return Uint8Array.from(blocks);
}

const uint16 = (value) => [value & 0xff, value >> 8];

/** A GIF89a: the logical screen `screenWidth` × `screenHeight`, one frame `frameWidth` × `frameHeight` at (0, 0). */
export function gifWithFrame({ screenWidth = 1, screenHeight = 1, frameWidth, frameHeight }) {
  const header = [...'GIF89a'].map((character) => character.charCodeAt(0));
  // Global colour table of 4 entries: sky blue, black, white, grey.
  const screen = [...uint16(screenWidth), ...uint16(screenHeight), 0x81, 0, 0, 0x0e, 0xa5, 0xe9, 0, 0, 0, 255, 255, 255, 128, 128, 128];
  const descriptor = [0x2c, ...uint16(0), ...uint16(0), ...uint16(frameWidth), ...uint16(frameHeight), 0];
  const data = constantImageData(frameWidth * frameHeight);
  const out = new Uint8Array(header.length + screen.length + descriptor.length + data.length + 1);
  out.set(header, 0);
  out.set(screen, header.length);
  out.set(descriptor, header.length + screen.length);
  out.set(data, header.length + screen.length + descriptor.length);
  out[out.length - 1] = 0x3b;
  return out;
}

/**
 * An SVG of about 1 KB whose `<use>` references fan out: each level draws the one below ten times,
 * so seven levels stand for ten million shapes, all laid out by the page that shows it.
 */
export function useFanOutSvg(levels = 7) {
  const groups = [`<g id="l0"><rect width="1" height="1" fill="teal"/></g>`];
  for (let level = 1; level <= levels; level += 1) {
    const uses = Array.from({ length: 10 }, (_, index) => `<use href="#l${level - 1}" x="${index}"/>`).join('');
    groups.push(`<g id="l${level}">${uses}</g>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><defs>${groups.join('')}</defs><use href="#l${levels}"/></svg>`;
}
