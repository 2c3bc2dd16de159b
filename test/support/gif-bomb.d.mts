/** A GIF89a whose logical screen and one frame (at 0, 0) have the given sizes; the frame is one colour. */
export function gifWithFrame(sizes: { screenWidth?: number; screenHeight?: number; frameWidth: number; frameHeight: number }): Uint8Array<ArrayBuffer>;
/** An SVG of about 1 KB whose nested `<use>` fan out to 10^levels shapes (7 by default). */
export function useFanOutSvg(levels?: number): string;
