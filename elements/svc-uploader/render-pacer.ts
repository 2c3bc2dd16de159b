import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Renders for engine changes: at most ten a second, more than the eye follows on a list. */
const RENDER_INTERVAL_MS = 100;

/**
 * Paces the renders the engine causes. Storage reports upload progress every ~50 ms per request,
 * and during a run files change state in separate tasks (a part stored, a file completing, the
 * next one starting): rendering each would redraw the list dozens of times a second. A change
 * renders at once when the previous render is 100 ms old or more; otherwise it waits until it is,
 * together with every change that arrives meanwhile, and shows the latest state of all of them.
 * A waiting render is late, never dropped. Changes the user makes (a prop, a click, a drag)
 * render at once as before; they do not go through here.
 */
export class RenderPacer implements ReactiveController {
  #lastRenderAt = Number.NEGATIVE_INFINITY;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The engine changed since the last render: what the waiting render is for. */
  #unshown = false;
  #waiting?: { promise: Promise<void>; settle: () => void };

  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** The engine changed: render now if the last render is old enough, else once it is. */
  requestRender(): void {
    this.#unshown = true;
    if (this.#timer !== undefined) return this.#wait();
    const wait = this.#lastRenderAt + RENDER_INTERVAL_MS - performance.now();
    // Lit renders in a microtask: every change of this task joins that render.
    if (wait <= 0) return this.#host.requestUpdate();
    this.#schedule(wait);
  }

  /** Any render shows every change so far: whoever waited for one (`updateComplete`) need wait no longer. */
  hostUpdated(): void {
    this.#lastRenderAt = performance.now();
    this.#unshown = false;
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
   * state then, so this one is not needed, or (the engine changed again since) waits its 100 ms
   * from that render, rather than following it within a few milliseconds.
   */
  readonly #due = (): void => {
    this.#timer = undefined;
    const wait = this.#lastRenderAt + RENDER_INTERVAL_MS - performance.now();
    if (this.#unshown && wait > 0) return this.#schedule(wait);
    if (this.#unshown) this.#host.requestUpdate();
    this.#settle();
  };
}
