/**
 * Where a progress bar's fill stands (`--_fill`), and whether it glides there. A glide is a
 * composited transition, yet Chromium runs about six main-thread frames to start and finish each
 * one, and a bar renders up to four times a second. With a large file each render moves the fill
 * a few pixels, where a glide looks much like a jump but kept the page busy for the whole upload;
 * a step under one point jumps (`data-snap` turns the transition off for that change), and larger
 * steps glide.
 */
import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

/** Percentage points: one point is 4 px on a 400 px bar, a step that reads as the bar moving on. */
const SMALLEST_GLIDE = 1;

class ProgressFillDirective extends Directive {
  #shown: number | undefined;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('progressFill() belongs on the fill element');
  }

  render(_percent: number | undefined): typeof noChange {
    return noChange;
  }

  override update(part: ElementPart, [percent]: [number | undefined]): typeof noChange {
    if (percent === this.#shown) return noChange;
    const fill = part.element as HTMLElement;
    if (percent === undefined) {
      fill.style.removeProperty('--_fill');
    } else {
      const step = this.#shown === undefined ? Infinity : Math.abs(percent - this.#shown);
      fill.toggleAttribute('data-snap', step < SMALLEST_GLIDE);
      fill.style.setProperty('--_fill', `${percent}%`);
    }
    this.#shown = percent;
    return noChange;
  }
}

/** `<div class="progress-fill" ${progressFill(percent)}>`: `undefined` leaves the fill to CSS (an indeterminate bar). */
export const progressFill = directive(ProgressFillDirective);
