/**
 * Images the browser suites draw for themselves: a canvas split red | blue, so orientation shows in
 * the pixels, encoded by the browser, and BMP, which no canvas can write.
 */

/** A canvas painted red on its left half and blue on its right, so orientation shows in the pixels. */
export function twoColourCanvas(width = 40, height = 20): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, width / 2, height);
  context.fillStyle = '#0000ff';
  context.fillRect(width / 2, 0, width / 2, height);
  return canvas;
}

export async function canvasFile(canvas: HTMLCanvasElement, name: string, type = 'image/png', quality?: number): Promise<File> {
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((result) => resolve(result!), type, quality));
  return new File([blob], name, { type });
}

export function twoColourImage(name = 'photo.png', width = 40, height = 20, type = 'image/png'): Promise<File> {
  return canvasFile(twoColourCanvas(width, height), name, type);
}

/** An uncompressed 24-bit BMP of these pixels (bottom-up rows, as BMP stores them). */
export function bmpFrom({ width, height, data: pixels }: ImageData): Uint8Array<ArrayBuffer> {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const out = new Uint8Array(54 + rowBytes * height);
  const view = new DataView(out.buffer);
  out.set([0x42, 0x4d]); // "BM"
  view.setUint32(2, out.length, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  view.setUint32(34, rowBytes * height, true);
  for (let y = 0; y < height; y += 1) {
    const row = 54 + (height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x += 1) {
      const source = (y * width + x) * 4;
      out[row + x * 3] = pixels[source + 2]!;
      out[row + x * 3 + 1] = pixels[source + 1]!;
      out[row + x * 3 + 2] = pixels[source]!;
    }
  }
  return out;
}

/** A BMP red on its left half and blue on its right. */
export function twoColourBmp(name: string, width = 40, height = 20): File {
  const canvas = twoColourCanvas(width, height);
  return new File([bmpFrom(canvas.getContext('2d')!.getImageData(0, 0, width, height))], name, { type: 'image/bmp' });
}
