/**
 * The preview on the stage: the downscaled image drawn turned and mirrored into a canvas whose
 * backing store matches the device pixels it is shown at (sharp on high-density screens, redrawn
 * when the frame resizes). Colour is not drawn here: the view sets CSS `filter` on the canvas, so
 * moving a slider costs nothing. The crop is an overlay, so moving it costs no draw either.
 */
import { displaySize, type EditState } from './edit-state.js';
import { drawEdited } from './render-image.js';

export class PreviewCanvas {
  readonly #source: CanvasImageSource;
  #canvas: HTMLCanvasElement | undefined;
  #observer: ResizeObserver | undefined;
  #state: EditState | undefined;
  #size = { width: 0, height: 0 };
  #drawn = '';

  constructor(source: CanvasImageSource) {
    this.#source = source;
  }

  /** For lit's `ref`: the canvas the view rendered (or undefined when it went away). */
  readonly attach = (element: Element | undefined): void => {
    if (element === this.#canvas) return;
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#canvas = element instanceof HTMLCanvasElement ? element : undefined;
    this.#drawn = '';
    if (!this.#canvas) return;
    this.#observer = new ResizeObserver(([entry]) => entry && this.#resized(entry));
    try {
      this.#observer.observe(this.#canvas, { box: 'device-pixel-content-box' });
    } catch {
      // Safari before 15.4 knows no device-pixel box; the content box times the ratio is close.
      this.#observer.observe(this.#canvas);
    }
  };

  /**
   * Shows this state (draws only when the turn or mirror changed). A quarter turn of a non-square
   * image reshapes the canvas box: the resize that follows draws at the new size, so drawing now, at
   * the old one, would be thrown away.
   */
  show(state: EditState): void {
    this.#state = state;
    const shown = displaySize(state);
    const { width, height } = this.#size;
    const reshaping = width > 0 && height > 0 && Math.abs(shown.width / shown.height - width / height) > 0.02 * (width / height);
    if (!reshaping) this.#draw();
  }

  dispose(): void {
    this.attach(undefined);
  }

  #resized(entry: ResizeObserverEntry): void {
    const device = entry.devicePixelContentBoxSize?.[0];
    const ratio = globalThis.devicePixelRatio || 1;
    this.#size = device
      ? { width: device.inlineSize, height: device.blockSize }
      : { width: Math.round(entry.contentRect.width * ratio), height: Math.round(entry.contentRect.height * ratio) };
    this.#draw();
  }

  #draw(): void {
    const canvas = this.#canvas;
    const state = this.#state;
    if (!canvas || !state || this.#size.width === 0 || this.#size.height === 0) return;
    const { width, height } = this.#size;
    const key = `${state.rotation}|${state.flipX}|${state.flipY}|${width}|${height}`;
    if (key === this.#drawn) return;
    this.#drawn = key;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return;
    drawEdited(context, this.#source, state, { x: 0, y: 0, ...displaySize(state) }, width, height);
  }
}
