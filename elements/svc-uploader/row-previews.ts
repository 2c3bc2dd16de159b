/**
 * The small pictures the file list shows for images, made by a resized decode
 * (`createImageBitmap` with `resizeWidth`/`resizeHeight`) and re-encoded, so the page never holds
 * a full-size decode of a picked photo for a 40 px row: an `<img>` of the original would keep every
 * listed image decoded at full size (a 20,000 px PNG alone takes Chromium past 4 GB).
 *
 * Images whose header declares more than `maxImagePixels` are not decoded at all and show the type
 * glyph. A few are made at a time, so adding a folder of photos does not decode them all at once;
 * the decoding code (row-preview-image.ts) is loaded with the first picture.
 */
import { DEFAULT_MAX_IMAGE_PIXELS } from '../../engine/processing/image-steps/pixel-budget.js';

const CONCURRENT_DECODES = 2;

/** The engine's `maxImagePixels` (undefined: the default) and a re-render once a preview is ready. */
export interface RowPreviewsHost {
  maxImagePixels(): number | undefined;
  changed(): void;
}

/** `null`: no preview (above the budget, or not decodable); the glyph stands in. */
type PreviewState = Promise<void> | Blob | null;

export class RowPreviews {
  #previews = new WeakMap<Blob, PreviewState>();
  /** Images whose header declares more than `maxImagePixels`: the editor is not offered for them either. */
  #abovePixelBudget = new WeakSet<Blob>();
  #running = 0;
  #waiting: Array<() => void> = [];

  readonly #host: RowPreviewsHost;

  constructor(host: RowPreviewsHost) {
    this.#host = host;
  }

  /** The preview when it is ready; otherwise starts it (once) and answers undefined for now. */
  get(source: Blob): Blob | undefined {
    const state = this.#previews.get(source);
    if (state === undefined) this.#previews.set(source, this.#make(source));
    return state instanceof Blob ? state : undefined;
  }

  /** Whether the image was judged above the budget (or undecodable): nothing should decode it whole. */
  refused(source: Blob): boolean {
    return this.#previews.get(source) === null;
  }

  /** Whether the image's header was read and declares more than `maxImagePixels`. */
  abovePixelBudget(source: Blob): boolean {
    return this.#abovePixelBudget.has(source);
  }

  async #make(source: Blob): Promise<void> {
    await this.#turn();
    let preview: Blob | null = null;
    try {
      const { createRowPreview, ABOVE_PIXEL_BUDGET } = await import('./row-preview-image.js');
      const made = await createRowPreview(source, this.#host.maxImagePixels() ?? DEFAULT_MAX_IMAGE_PIXELS);
      if (made === ABOVE_PIXEL_BUDGET) this.#abovePixelBudget.add(source);
      else preview = made;
    } catch {
      preview = null;
    } finally {
      this.#running -= 1;
      this.#waiting.shift()?.();
    }
    this.#previews.set(source, preview);
    this.#host.changed();
  }

  #turn(): Promise<void> {
    if (this.#running < CONCURRENT_DECODES) {
      this.#running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.#waiting.push(() => {
        this.#running += 1;
        resolve();
      }),
    );
  }
}
