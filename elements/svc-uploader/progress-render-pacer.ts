import type { UploadFileRecord } from '../../engine/index.js';

/** Renders for progress alone: at most ten a second, more than the eye follows on a progress bar. */
const PROGRESS_RENDER_INTERVAL_MS = 100;

/**
 * Paces the element's renders that only move progress. Storage reports upload progress every
 * ~50 ms per request, so a multipart upload with several parts in flight would re-render the
 * whole list dozens of times a second. A render for progress alone waits until 100 ms have passed
 * since the previous render; any other change (a state, a file added, a prop, a click) renders at
 * once and takes the waiting progress with it. The waiting render is only late, never dropped.
 */
export class ProgressRenderPacer {
  private lastRenderAt = -Infinity;
  private onlyProgressPending = false;
  private requestingProgress = false;
  private wake?: () => void;

  /** Asks for a render because progress moved (and nothing else). */
  requestProgressRender(requestUpdate: () => void): void {
    this.requestingProgress = true;
    try {
      requestUpdate();
    } finally {
      this.requestingProgress = false;
    }
  }

  /** Every update request passes here: one not made for progress cancels the wait. */
  noteUpdateRequest(isFirstPending: boolean): void {
    if (this.requestingProgress) {
      if (isFirstPending) this.onlyProgressPending = true;
      return;
    }
    this.onlyProgressPending = false;
    this.wake?.();
  }

  /** Undefined when the render may run now; otherwise resolves when it may. */
  waitForTurn(): Promise<void> | undefined {
    const waitMs = this.lastRenderAt + PROGRESS_RENDER_INTERVAL_MS - performance.now();
    if (!this.onlyProgressPending || waitMs <= 0) {
      this.rendered();
      return undefined;
    }
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = undefined;
        this.rendered();
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      this.wake = done;
    });
  }

  private rendered(): void {
    this.onlyProgressPending = false;
    this.lastRenderAt = performance.now();
  }
}

/** Whether the list differs from `before` only in progress: same files, in the same order and states. */
export function isProgressOnlyChange(before: readonly UploadFileRecord[], after: readonly UploadFileRecord[]): boolean {
  return before.length === after.length && after.every((file, index) => file.id === before[index]!.id && file.state === before[index]!.state);
}
