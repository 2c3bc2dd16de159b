/**
 * The crop box over the image: drag it to move, drag a corner to resize, drag on the image outside
 * it to draw a new one; with the keyboard, arrows move it by 1% of the image, Shift + arrows resize
 * it from its end corner and Home selects the whole image again.
 *
 * Positions are percentages of the displayed image, so the box stays on the same pixels whatever
 * size the image is shown at. They are physical (left/top) on purpose: the photo is not mirrored in
 * right-to-left pages, so neither is the box, and arrow keys keep their visual meaning there.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import type { Translate } from '../sources/source-panel.js';
import { displaySize, moveCrop, resetCrop, resizeCrop, type CropCorner, type CropRect, type EditState } from './edit-state.js';

const CORNERS: readonly CropCorner[] = ['nw', 'ne', 'sw', 'se'];
/** A press that moves less than this (CSS px) is a click, not the start of a new crop. */
const DRAW_THRESHOLD = 4;

export interface CropHost {
  current(): EditState;
  update(state: EditState): void;
}

interface Drag {
  readonly pointerId: number;
  readonly mode: 'move' | 'resize' | 'draw';
  readonly corner: CropCorner;
  readonly startX: number;
  readonly startY: number;
  readonly start: EditState;
  /** Displayed-image pixels per CSS pixel, measured when the drag began. */
  readonly scaleX: number;
  readonly scaleY: number;
  /** Where a new crop starts (image pixels), for `draw`. */
  readonly originX: number;
  readonly originY: number;
}

function percentBox(state: EditState, crop: CropRect): Record<string, string> {
  const { width, height } = displaySize(state);
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return { left: percent(crop.x, width), top: percent(crop.y, height), width: percent(crop.width, width), height: percent(crop.height, height) };
}

export class CropInteraction {
  readonly #host: CropHost;
  #drag: Drag | undefined;

  constructor(host: CropHost) {
    this.#host = host;
  }

  get dragging(): boolean {
    return this.#drag !== undefined;
  }

  /** The shade and the box; `interactive` is false on tabs other than crop (the box is then only shown). */
  render(t: Translate, hintId: string, interactive: boolean): TemplateResult {
    const state = this.#host.current();
    const position = styleMap(percentBox(state, state.crop));
    const box = interactive
      ? html`<div class="editor-crop-box" part="editor-crop-box" role="group" tabindex="0" style=${position}
          aria-label=${t('edit.cropArea')} aria-describedby=${hintId} @keydown=${this.#onKeyDown}>
          ${CORNERS.map(
            (corner) => html`<span class="editor-crop-handle" part="editor-crop-handle" data-corner=${corner}
            title=${t('edit.cropHandle', { corner })} aria-hidden="true"></span>`,
          )}
        </div>
        <p id=${hintId} hidden>${t('edit.cropHint')}</p>`
      : html`<div class="editor-crop-box editor-crop-box-static" style=${position}></div>`;
    return html`<div class="editor-crop-layer" ?data-interactive=${interactive} ?data-dragging=${this.dragging}
        @pointerdown=${interactive ? this.#onPointerDown : nothing} @pointermove=${this.#onPointerMove}
        @pointerup=${this.#onPointerEnd} @pointercancel=${this.#onPointerEnd} @lostpointercapture=${this.#onPointerEnd}>
        <div class="editor-crop-shade-clip"><div class="editor-crop-shade" style=${position}></div></div>
        ${box}
      </div>`;
  }

  #onPointerDown = (event: PointerEvent) => {
    if (this.#drag || event.button !== 0 || !event.isPrimary) return;
    const layer = event.currentTarget as HTMLElement;
    const target = event.target as Element;
    const handle = target.closest<HTMLElement>('[data-corner]');
    const box = target.closest<HTMLElement>('.editor-crop-box');
    const rect = layer.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    const state = this.#host.current();
    const { width, height } = displaySize(state);
    const scaleX = width / rect.width;
    const scaleY = height / rect.height;
    const clampTo = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value)));
    this.#drag = {
      pointerId: event.pointerId,
      mode: handle ? 'resize' : box ? 'move' : 'draw',
      corner: (handle?.dataset['corner'] as CropCorner | undefined) ?? 'se',
      startX: event.clientX,
      startY: event.clientY,
      start: state,
      scaleX,
      scaleY,
      originX: clampTo((event.clientX - rect.left) * scaleX, width),
      originY: clampTo((event.clientY - rect.top) * scaleY, height),
    };
    layer.setPointerCapture(event.pointerId);
    // Focus follows the pointer so arrow keys continue from here; no focus ring for a mouse press.
    layer.querySelector<HTMLElement>('.editor-crop-box')?.focus({ preventScroll: true, focusVisible: false } as FocusOptions);
    // Keeps the page from selecting text or starting a native drag of the canvas.
    event.preventDefault();
  };

  #onPointerMove = (event: PointerEvent) => {
    const drag = this.#drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const cssX = event.clientX - drag.startX;
    const cssY = event.clientY - drag.startY;
    const dx = cssX * drag.scaleX;
    const dy = cssY * drag.scaleY;
    if (drag.mode === 'move') {
      this.#host.update(moveCrop(drag.start, dx, dy));
    } else if (drag.mode === 'resize') {
      this.#host.update(resizeCrop(drag.start, drag.corner, dx, dy));
    } else if (Math.hypot(cssX, cssY) >= DRAW_THRESHOLD) {
      const corner: CropCorner = `${dy < 0 ? 'n' : 's'}${dx < 0 ? 'w' : 'e'}`;
      const seed = { ...drag.start, crop: { x: drag.originX, y: drag.originY, width: 0, height: 0 } };
      this.#host.update(resizeCrop(seed, corner, dx, dy));
    }
  };

  #onPointerEnd = (event: PointerEvent) => {
    if (!this.#drag || event.pointerId !== this.#drag.pointerId) return;
    this.#drag = undefined;
    const layer = event.currentTarget as HTMLElement;
    if (layer.hasPointerCapture(event.pointerId)) layer.releasePointerCapture(event.pointerId);
    // Re-render once more so the layer loses its dragging look.
    this.#host.update(this.#host.current());
  };

  #onKeyDown = (event: KeyboardEvent) => {
    const state = this.#host.current();
    if (event.key === 'Home') {
      event.preventDefault();
      this.#host.update(resetCrop(state));
      return;
    }
    const { width, height } = displaySize(state);
    const stepX = Math.max(1, Math.round(width / 100));
    const stepY = Math.max(1, Math.round(height / 100));
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [-stepX, 0],
      ArrowRight: [stepX, 0],
      ArrowUp: [0, -stepY],
      ArrowDown: [0, stepY],
    };
    const step = steps[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const [dx, dy] = step;
    if (!event.shiftKey) {
      this.#host.update(moveCrop(state, dx, dy));
      return;
    }
    // The end corner is bottom-right in left-to-right text and bottom-left in right-to-left text;
    // the arrow still moves that edge the way it points.
    const rtl = getComputedStyle(event.currentTarget as Element).direction === 'rtl';
    this.#host.update(resizeCrop(state, rtl ? 'sw' : 'se', dx, dy));
  };
}
