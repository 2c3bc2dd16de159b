import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { UploadFileRecord } from '../../engine/index.js';

/** Renders for progress alone: at most ten a second, more than the eye follows on a progress bar. */
const PROGRESS_RENDER_INTERVAL_MS = 100;

/**
 * Paces the element's renders that only move progress. Storage reports upload progress every
 * ~50 ms per request, so a multipart upload with several parts in flight would re-render the
 * whole list dozens of times a second. A render for progress alone waits until 100 ms have passed
 * since the previous render; any other change (a state, a file added, a prop, a click) renders at
 * once as before, and shows the latest progress with it. A waiting render is late, never dropped.
 */
export class ProgressRenderPacer implements ReactiveController {
  #lastRenderAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Progress moved since the last render: what the waiting render is for. */
  #unshown = false;
  #waiting?: { promise: Promise<void>; settle: () => void };

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Progress moved, nothing else: render now if the last render is old enough, else once it is. */
  requestRender(): void {
    this.#unshown = true;
    this.#schedule();
  }

  hostUpdated(): void {
    this.#lastRenderAt = performance.now();
    this.#unshown = false;
  }

  /** Settles once the waiting render has been asked for (or found unneeded); undefined when none waits. */
  get waiting(): Promise<void> | undefined {
    return this.#waiting?.promise;
  }

  // A timer left running after a removal only asks a detached element to update: harmless.
  #schedule(): void {
    if (!this.#waiting) {
      let settle = (): void => undefined;
      const promise = new Promise<void>((resolve) => (settle = resolve));
      this.#waiting = { promise, settle };
    }
    this.#timer ??= setTimeout(this.#due, this.#lastRenderAt + PROGRESS_RENDER_INTERVAL_MS - performance.now());
  }

  #settle(): void {
    this.#waiting?.settle();
    this.#waiting = undefined;
  }

  /**
   * A render for another change may have run while this one waited: it showed the progress then,
   * so this one is not needed, or (progress moved again since) waits its 100 ms from that render,
   * rather than following it within a few milliseconds.
   */
  readonly #due = (): void => {
    this.#timer = undefined;
    if (this.#unshown && performance.now() - this.#lastRenderAt < PROGRESS_RENDER_INTERVAL_MS) return this.#schedule();
    if (this.#unshown) this.host.requestUpdate();
    this.#settle();
  };
}

/** Whether the list differs from `before` only in progress: same files, in the same order and states. */
export function isProgressOnlyChange(before: readonly UploadFileRecord[], after: readonly UploadFileRecord[]): boolean {
  return before.length === after.length && after.every((file, index) => file.id === before[index]!.id && file.state === before[index]!.state);
}
