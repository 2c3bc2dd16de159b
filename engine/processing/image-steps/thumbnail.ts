/**
 * The `thumbnailGenerator` step: a small copy of each raster image (GIF: its first frame), fitted
 * inside a box with the aspect ratio kept and never enlarged. It becomes `record.thumbnail.file`
 * and, as a `data:` URL, `metadata.thumbnailUrl`, which travels to the upload handler with the
 * rest of the metadata (a `blob:` URL would mean nothing on the server). The uploaded bytes are
 * not changed.
 *
 * `true` fits inside 200 × 200 at quality 0.7. The object form takes `width`, `height` and
 * `quality`; a box given one side only is square. Thumbnails are WebP (small, and transparency
 * survives); a browser that cannot write WebP gets a JPEG on white. SVG files get none: they are
 * already scalable, and rasterising one needs an `<img>`, which workers lack and which sizes
 * unsized drawings arbitrarily. Only formats whose header image-dimensions.ts reads (and the
 * pipeline checked against `maxImagePixels`) reach the decoder: an ICO, a TIFF or anything else
 * the browser might decode passes through without a thumbnail, since its declared size was never
 * read (an ICO can wrap a PNG of 20,000 × 20,000 px).
 */
import type { EngineOptions, PipelineContext, PipelineStepOutput } from '../../core/engine-options.js';
import { decodeImage, drawScaled, fitWithin } from './canvas-codec.js';
import { readImageDimensions } from './image-dimensions.js';

const DEFAULT_EDGE = 200;
const DEFAULT_QUALITY = 0.7;
const RASTER_EXTENSIONS = new Set(['jpg', 'jpeg', 'jpe', 'jfif', 'png', 'apng', 'gif', 'webp', 'bmp', 'dib', 'avif', 'ico', 'heic', 'heif']);

interface ThumbnailSettings {
  width: number;
  height: number;
  quality: number;
}

function positive(value: unknown, field: string): number {
  if (typeof value !== 'number' || !(value > 0) || value === Infinity) {
    throw new TypeError(`thumbnailGenerator.${field} must be a positive number, got ${String(value)}`);
  }
  return value;
}

function thumbnailSettings(option: EngineOptions['thumbnailGenerator']): ThumbnailSettings {
  const given = typeof option === 'object' && option !== null ? option : {};
  const width = given.width ?? given.height ?? DEFAULT_EDGE;
  const height = given.height ?? given.width ?? DEFAULT_EDGE;
  const quality = given.quality ?? DEFAULT_QUALITY;
  if (typeof quality !== 'number' || !(quality > 0 && quality <= 1)) {
    throw new TypeError(`thumbnailGenerator.quality must be a number above 0 and at most 1, got ${String(quality)}`);
  }
  return { width: positive(width, 'width'), height: positive(height, 'height'), quality };
}

/** Raster images by type, or by extension when the browser gave no type; decoding confirms. */
function mayBeRasterImage(file: File): boolean {
  const type = file.type.toLowerCase();
  if (type) return type.startsWith('image/') && !type.startsWith('image/svg');
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return extension !== undefined && RASTER_EXTENSIONS.has(extension);
}

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The thumbnail could not be read'));
    reader.readAsDataURL(blob);
  });
}

async function encodeThumbnail(image: ImageBitmap, settings: ThumbnailSettings, signal: AbortSignal): Promise<Blob> {
  const size = fitWithin(image, settings.width, settings.height);
  const transparentCapable = drawScaled(image, size);
  try {
    const webp = await transparentCapable.encode('image/webp', settings.quality);
    if (webp.type === 'image/webp') return webp;
  } finally {
    transparentCapable.release();
  }
  signal.throwIfAborted();
  const onWhite = drawScaled(image, size, { background: '#fff' });
  try {
    return await onWhite.encode('image/jpeg', settings.quality);
  } finally {
    onWhite.release();
  }
}

export async function createThumbnail({ file, options, signal }: PipelineContext): Promise<PipelineStepOutput | void> {
  if (file.size === 0 || !mayBeRasterImage(file)) return;
  const settings = thumbnailSettings(options.thumbnailGenerator);
  if (!(await readImageDimensions(file))) return;
  const image = await decodeImage(file);
  if (!image) return;
  try {
    signal.throwIfAborted();
    const thumbnail = await encodeThumbnail(image, settings, signal);
    signal.throwIfAborted();
    return { thumbnail: { file: thumbnail }, metadata: { thumbnailUrl: await toDataUrl(thumbnail) } };
  } finally {
    image.close();
  }
}
