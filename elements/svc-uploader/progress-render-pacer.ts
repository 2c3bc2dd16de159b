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

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Progress moved, nothing else: render now if the last render is old enough, else once it is. */
  requestRender(): void {
    // A timer left running after a removal only asks a detached element to update: harmless.
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.host.requestUpdate();
    }, this.#lastRenderAt + PROGRESS_RENDER_INTERVAL_MS - performance.now());
  }

  hostUpdated(): void {
    this.#lastRenderAt = performance.now();
  }
}

/** Whether the list differs from `before` only in progress: same files, in the same order and states. */
export function isProgressOnlyChange(before: readonly UploadFileRecord[], after: readonly UploadFileRecord[]): boolean {
  return before.length === after.length && after.every((file, index) => file.id === before[index]!.id && file.state === before[index]!.state);
}
