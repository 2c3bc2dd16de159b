/**
 * Virtualised rendering of long file lists: past `VIRTUALIZE_AFTER` files only the rows in (and
 * just around) the scrolled viewport exist in the DOM, each placed at its own offset in a list as
 * tall as all rows together, so scrolling, the scrollbar and `aria-setsize`/`aria-posinset` behave
 * as for the full list. The row with keyboard focus is kept rendered even when scrolled away, so
 * focus is never lost to the page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Up to this many files every row is rendered (screen readers can browse them all). */
const VIRTUALIZE_AFTER = 100;
/** Rows rendered beyond each edge of the viewport, so Tab and fast scrolling find rows ready. */
const OVERSCAN = 8;
/** Until the list has been measured: a typical row and viewport, in CSS pixels. */
const ASSUMED_ROW = 60;
const ASSUMED_VIEWPORT = 420;

export interface ListWindow {
  virtual: boolean;
  /** Rendered rows: `[start, end)`, plus `focused` when it lies outside. */
  start: number;
  end: number;
  focused?: number;
  rowSize: number;
}

interface ListHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class ListWindowController implements ReactiveController {
  #host: ListHost;
  #scrollTop = 0;
  #viewport = ASSUMED_VIEWPORT;
  #rowSize = ASSUMED_ROW;
  #shownKey = '';
  focusedId: string | undefined;

  constructor(host: ListHost) {
    this.#host = host;
    host.addController(this);
  }

  /** Which rows of a list of `count` to render; `focusedIndex` is where the focused row is. */
  compute(count: number, focusedIndex: number): ListWindow {
    if (count <= VIRTUALIZE_AFTER) return { virtual: false, start: 0, end: count, rowSize: this.#rowSize };
    const first = Math.min(count - 1, Math.floor(this.#scrollTop / this.#rowSize));
    const start = Math.max(0, first - OVERSCAN);
    const end = Math.min(count, first + Math.ceil(this.#viewport / this.#rowSize) + OVERSCAN);
    const focused = focusedIndex >= 0 && (focusedIndex < start || focusedIndex >= end) ? focusedIndex : undefined;
    return { virtual: true, start, end, focused, rowSize: this.#rowSize };
  }

  readonly onScroll = (event: Event): void => {
    const scroller = event.currentTarget as HTMLElement;
    this.#scrollTop = scroller.scrollTop;
    this.#viewport = scroller.clientHeight || this.#viewport;
    this.#renderIfMoved();
  };

  readonly onFocusIn = (event: FocusEvent): void => {
    this.focusedId = (event.target as Element).closest<HTMLElement>('[data-file-id]')?.dataset.fileId;
  };

  readonly onFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget as Node | null;
    if (!next || !(event.currentTarget as Node).contains(next)) this.focusedId = undefined;
  };

  /** Measures the real row height and viewport once rows exist (fonts and tokens change them). */
  hostUpdated(): void {
    const scroller = this.#host.renderRoot.querySelector<HTMLElement>('.file-list-viewport.is-virtual');
    if (!scroller) return;
    const row = scroller.querySelector<HTMLElement>('.file-row');
    const rowSize = row?.offsetHeight || this.#rowSize;
    const viewport = scroller.clientHeight || this.#viewport;
    if (rowSize === this.#rowSize && viewport === this.#viewport) return;
    this.#rowSize = rowSize;
    this.#viewport = viewport;
    this.#renderIfMoved();
  }

  /** Re-renders only when the window moves by a whole row, not for every scrolled pixel. */
  #renderIfMoved(): void {
    const key = `${Math.floor(this.#scrollTop / this.#rowSize)}:${Math.ceil(this.#viewport / this.#rowSize)}:${this.#rowSize}`;
    if (key === this.#shownKey) return;
    this.#shownKey = key;
    this.#host.requestUpdate();
  }
}
