/**
 * Whether an image is beyond what the editor opens, judged without decoding it: by its size in
 * bytes at once, and by the pixel size its header declares once something (the list's picture)
 * has read it. The Edit action is not offered for such an image; opening one anyway (a script's
 * `editFile`, or a header nobody has read yet) is refused by the editor itself.
 */

/**
 * The most bytes a pixel takes in a format the editor opens: 16-bit RGBA PNG with nothing
 * compressed. A file above `maxImagePixels` times this holds more pixels than the budget, or is
 * mostly something besides pixels that the editor would read whole for nothing.
 */
const MOST_BYTES_PER_PIXEL = 8;

export function isAboveEditByteBudget(bytes: number, maxPixels: number): boolean {
  return bytes > maxPixels * MOST_BYTES_PER_PIXEL;
}
