/**
 * Decoding, scaling and encoding of raster images with the browser's own codecs, shared by the
 * compression and thumbnail steps. Images are decoded with their EXIF orientation applied, so
 * every encode holds upright pixels; an encode is a fresh canvas image and carries no metadata.
 * OffscreenCanvas is used where it exists (it also works in workers), else a detached `<canvas>`.
 */

export interface ImageSize {
  width: number;
  height: number;
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** Long edge of the copy in which transparency is looked for: reading every pixel of a photo costs too much. */
const ALPHA_SAMPLE_EDGE = 256;

/**
 * The decoded image, upright, or `undefined` when the browser cannot decode the bytes (a damaged
 * file, or a format it has no decoder for such as HEIC outside Safari): such files are not ours to touch.
 */
export async function decodeImage(file: Blob): Promise<ImageBitmap | undefined> {
  if (typeof createImageBitmap !== 'function') throw new Error('This browser cannot decode images (no createImageBitmap)');
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return undefined;
  }
}

/** The largest size inside `maxWidth` × `maxHeight` with the image's aspect ratio; never larger than the image. */
export function fitWithin(image: ImageSize, maxWidth: number, maxHeight: number): ImageSize {
  const factor = Math.min(1, maxWidth / image.width, maxHeight / image.height);
  if (factor >= 1) return { width: image.width, height: image.height };
  return { width: Math.max(1, Math.round(image.width * factor)), height: Math.max(1, Math.round(image.height * factor)) };
}

function createCanvas(width: number, height: number, readBack = false): { canvas: OffscreenCanvas | HTMLCanvasElement; context: Canvas2D } {
  const canvas: OffscreenCanvas | HTMLCanvasElement =
    typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d', readBack ? { willReadFrequently: true } : undefined) as Canvas2D | null;
  if (!context) throw new Error('A 2D canvas is not available');
  return { canvas, context };
}

function releaseCanvas(canvas: OffscreenCanvas | HTMLCanvasElement): void {
  // Large canvases keep their memory until collected; Safari counts them against a hard limit.
  canvas.width = 0;
  canvas.height = 0;
}

/**
 * Whether any pixel is not fully opaque, looked for in a copy at most 256 px long: a transparent
 * area of a few source pixels may average away, and then the image is treated as opaque.
 */
export function hasTransparency(image: ImageBitmap): boolean {
  const size = fitWithin(image, ALPHA_SAMPLE_EDGE, ALPHA_SAMPLE_EDGE);
  const { canvas, context } = createCanvas(size.width, size.height, true);
  try {
    context.drawImage(image, 0, 0, size.width, size.height);
    const pixels = context.getImageData(0, 0, size.width, size.height).data;
    for (let index = 3; index < pixels.length; index += 4) {
      if (pixels[index]! < 255) return true;
    }
    return false;
  } finally {
    releaseCanvas(canvas);
  }
}

/** A drawn image that can be encoded several times (at falling qualities) before it is released. */
export interface ScaledImage {
  readonly width: number;
  readonly height: number;
  /** Encodes the canvas; the blob's `type` is what the browser actually wrote (PNG when it cannot write `type`). */
  encode(type: string, quality?: number): Promise<Blob>;
  release(): void;
}

export interface DrawOptions {
  /** Painted under the image, for formats without transparency (JPEG): white instead of black. */
  background?: string;
}

/** Draws the image scaled to `size` with the browser's best smoothing. */
export function drawScaled(image: ImageBitmap, size: ImageSize, options: DrawOptions = {}): ScaledImage {
  const { canvas, context } = createCanvas(size.width, size.height);
  if (options.background) {
    context.fillStyle = options.background;
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, size.width, size.height);
  return {
    width: size.width,
    height: size.height,
    encode: (type, quality) => encodeCanvas(canvas, type, quality),
    release: () => releaseCanvas(canvas),
  };
}

function encodeCanvas(canvas: OffscreenCanvas | HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))), type, quality);
  });
}

/** `photo.png` written as JPEG becomes `photo.jpg`; a name without an extension gets one. */
export function nameForType(name: string, type: string): string {
  const extension = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }[type];
  if (!extension) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem}.${extension}`;
}
