import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Renders for engine changes: at most ten a second, more than the eye follows on a list. */
const RENDER_INTERVAL_MS = 100;
/**
 * Renders for progress alone: four a second. The bars glide between readings (their fill's
 * transition lasts about as long), and figures that change ten times a second cannot be read;
 * each render also restarts the bars' transitions, which costs the main thread frames of its own.
 */
const PROGRESS_INTERVAL_MS = 250;

/**
 * Paces the renders the engine causes. Storage reports upload progress every ~50 ms per request,
 * and during a run files change state in separate tasks (a part stored, a file completing, the
 * next one starting): rendering each would redraw the list dozens of times a second. A change
 * renders at once when the previous render is 100 ms old or more (250 ms for progress alone);
 * otherwise it waits until it is, together with every change that arrives meanwhile, and shows
 * the latest state of all of them: a state change arriving while progress waits brings the render
 * forward to its own 100 ms. A waiting render is late, never dropped. Changes the user makes (a
 * prop, a click, a drag) render at once as before; they do not go through here.
 */
export class RenderPacer implements ReactiveController {
  #lastRenderAt = Number.NEGATIVE_INFINITY;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The shortest interval among the engine's changes since the last render; undefined when none waits. */
  #unshownInterval: number | undefined;
  #waiting?: { promise: Promise<void>; settle: () => void };

  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /**
   * The engine changed: render now if the last render is old enough, else once it is.
   * `progressOnly`: the change moved progress and nothing else (no state, file or text).
   */
  requestRender(progressOnly = false): void {
    const interval = progressOnly ? PROGRESS_INTERVAL_MS : RENDER_INTERVAL_MS;
    if (this.#unshownInterval !== undefined && this.#unshownInterval <= interval) return this.#wait();
    this.#unshownInterval = interval;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const wait = this.#lastRenderAt + interval - performance.now();
    // Lit renders in a microtask: every change of this task joins that render.
    if (wait <= 0) return this.#host.requestUpdate();
    this.#schedule(wait);
  }

  /** Any render shows every change so far: whoever waited for one (`updateComplete`) need wait no longer. */
  hostUpdated(): void {
    this.#lastRenderAt = performance.now();
    this.#unshownInterval = undefined;
    this.#settle();
  }

  /** Settles once the waiting render has been asked for (or found unneeded); undefined when none waits. */
  get waiting(): Promise<void> | undefined {
    return this.#waiting?.promise;
  }

  // A timer left running after a removal only asks a detached element to update: harmless.
  #schedule(wait: number): void {
    this.#wait();
    this.#timer = setTimeout(this.#due, wait);
  }

  #wait(): void {
    if (this.#waiting) return;
    let settle = (): void => undefined;
    const promise = new Promise<void>((resolve) => (settle = resolve));
    this.#waiting = { promise, settle };
  }

  #settle(): void {
    this.#waiting?.settle();
    this.#waiting = undefined;
  }

  /**
   * A render for the user's change may have run while this one waited: it showed the engine's
   * state then, so this one is not needed, or (the engine changed again since) waits its interval
   * from that render, rather than following it within a few milliseconds.
   */
  readonly #due = (): void => {
    this.#timer = undefined;
    if (this.#unshownInterval === undefined) return this.#settle();
    const wait = this.#lastRenderAt + this.#unshownInterval - performance.now();
    if (wait > 0) return this.#schedule(wait);
    this.#host.requestUpdate();
    this.#settle();
  };
}
