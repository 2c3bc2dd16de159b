/**
 * The small pictures the file list shows for images, made by a resized decode
 * (`createImageBitmap` with `resizeWidth`/`resizeHeight`) and re-encoded, so the page never holds
 * a full-size decode of a picked photo for a 40 px row: an `<img>` of the original would keep every
 * listed image decoded at full size (a 20,000 px PNG alone takes Chromium past 4 GB).
 *
 * Images whose header declares more than `maxImagePixels` are not decoded at all and show the type
 * glyph. A few are made at a time, so adding a folder of photos does not decode them all at once.
 */
import { fitWithin } from '../engine/image-steps/canvas-codec.js';
import { DEFAULT_MAX_IMAGE_PIXELS, imageAbovePixelBudget, readImageDimensions } from '../engine/image-steps/image-dimensions.js';

/** Longest edge of a preview: the single-file card shows it 11rem high, twice that on dense screens. */
const PREVIEW_EDGE = 640;
const PREVIEW_QUALITY = 0.9;
const CONCURRENT_DECODES = 2;

/** The engine's `maxImagePixels` (undefined: the default) and a re-render once a preview is ready. */
export interface RowPreviewsHost {
  maxImagePixels(): number | undefined;
  changed(): void;
}

/** `null`: no preview (above the budget, or not decodable); the glyph stands in. */
type PreviewState = Promise<void> | Blob | null;

/** Resize options that fit the long edge in the box; one side only, so EXIF rotation keeps its aspect. */
async function resizeOptions(blob: Blob): Promise<ImageBitmapOptions> {
  const size = await readImageDimensions(blob);
  if (!size) return { resizeWidth: PREVIEW_EDGE };
  const fitted = fitWithin(size, PREVIEW_EDGE, PREVIEW_EDGE);
  return size.height > size.width ? { resizeHeight: fitted.height } : { resizeWidth: fitted.width };
}

async function encodePreview(blob: Blob): Promise<Blob | null> {
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

export class RowPreviews {
  #previews = new WeakMap<Blob, PreviewState>();
  #running = 0;
  #waiting: Array<() => void> = [];

  constructor(private readonly host: RowPreviewsHost) {}

  /** The preview when it is ready; otherwise starts it (once) and answers undefined for now. */
  get(source: Blob): Blob | undefined {
    const state = this.#previews.get(source);
    if (state === undefined) this.#previews.set(source, this.#make(source));
    return state instanceof Blob ? state : undefined;
  }

  async #make(source: Blob): Promise<void> {
    await this.#turn();
    let preview: Blob | null = null;
    try {
      const oversized = await imageAbovePixelBudget(source, this.host.maxImagePixels() ?? DEFAULT_MAX_IMAGE_PIXELS);
      if (!oversized) preview = await encodePreview(source);
    } catch {
      preview = null;
    } finally {
      this.#running -= 1;
      this.#waiting.shift()?.();
    }
    this.#previews.set(source, preview);
    this.host.changed();
  }

  #turn(): Promise<void> {
    if (this.#running < CONCURRENT_DECODES) {
      this.#running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(() => {
      this.#running += 1;
      resolve();
    }));
  }
}
