/**
 * One row preview (see row-previews.ts): the image's declared size first, nothing above the pixel
 * budget, else a resized decode re-encoded as a small WebP. A lazy chunk, loaded with the first
 * picture in the list.
 */
import { imageAbovePixelBudget, readImageDimensions } from '../../engine/processing/image-steps/image-dimensions.js';

/** Longest edge of a preview: the single-file card shows it 11rem high, twice that on dense screens. */
const PREVIEW_EDGE = 640;
const PREVIEW_QUALITY = 0.9;

/** Resize options that fit the long edge in the box, never enlarging; one side only, so EXIF rotation keeps its aspect. */
async function resizeOptions(blob: Blob): Promise<ImageBitmapOptions> {
  const size = await readImageDimensions(blob);
  if (!size) return { resizeWidth: PREVIEW_EDGE };
  const scale = Math.min(1, PREVIEW_EDGE / Math.max(size.width, size.height));
  return size.height > size.width
    ? { resizeHeight: Math.max(1, Math.round(size.height * scale)) }
    : { resizeWidth: Math.max(1, Math.round(size.width * scale)) };
}

/** What the list shows for an image above `maxPixels`: nothing decoded, the type glyph. */
export const ABOVE_PIXEL_BUDGET = 'above-pixel-budget';

/** The preview; null when the browser cannot decode the image; ABOVE_PIXEL_BUDGET when its header declares more than `maxPixels`. */
export async function createRowPreview(blob: Blob, maxPixels: number): Promise<Blob | null | typeof ABOVE_PIXEL_BUDGET> {
  if (await imageAbovePixelBudget(blob, maxPixels)) return ABOVE_PIXEL_BUDGET;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image', resizeQuality: 'medium', ...(await resizeOptions(blob)) });
  } catch {
    return null;
  }
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    return await canvas.convertToBlob({ type: 'image/webp', quality: PREVIEW_QUALITY });
  } finally {
    bitmap.close();
  }
}
