/**
 * The element's engine, loaded after the drop zone is painted: the engine's code (engine.ts with
 * its options, queue, intake, validation and pipeline) is not needed to show an empty uploader, so
 * it arrives on idle, when a user heads for the element, or at once when a script needs it. Calls
 * made before it has arrived wait and run in the order they were made; once it is there (and
 * nothing is still waiting) they go straight through in the same turn, as with a static import.
 */
import type { UploadEngine } from '../../../engine/core/engine.js';
import { lazyModule } from '../../../engine/core/lazy-module.js';
import { withEnglish } from '../../i18n/english-messages.js';

export type EngineModule = typeof import('../engine-views/engine-chunk.js');

/**
 * The rest of English comes with it: everything the engine brings to the screen (the list,
 * refusals, failures, announcements) is worded from the first time it shows. English that fails to
 * load does not hold the engine back: the translator asks for it again when a message needs it.
 */
const engineModule = lazyModule(() => withEnglish(import('../engine-views/engine-chunk.js')));

/** One load for the page; a failed one (offline, a deploy removed the chunk) is tried again next time. */
function loadEngineModule(): Promise<EngineModule> {
  return engineModule.load();
}

/**
 * Runs `callback` when the browser is idle after the current frames (or within `timeoutMs` on a
 * busy page); browsers without `requestIdleCallback` get a short timer instead.
 */
export function whenIdle(callback: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: timeoutMs });
  else setTimeout(callback, 200);
}

export abstract class DeferredEngine {
  #engine: UploadEngine | undefined;
  #loading: Promise<UploadEngine> | undefined;
  /** Calls made before the engine arrived that have not run yet. */
  #waiting = 0;

  /** Builds and wires the engine once its module is there; it runs once. */
  protected abstract createEngine(module: EngineModule): UploadEngine;

  /** The engine, built now if its module is already on the page (another uploader loaded it); otherwise undefined. */
  get current(): UploadEngine | undefined {
    const loaded = engineModule.loaded;
    if (!this.#engine && loaded) this.#engine = this.createEngine(loaded);
    return this.#engine;
  }

  /** The engine's module once it has arrived: what the element renders from it. */
  get module(): EngineModule | undefined {
    return engineModule.loaded;
  }

  /** True once the engine exists, without building it. */
  get created(): boolean {
    return this.#engine !== undefined;
  }

  /** The engine, loading its module first if needed; rejects when the module cannot be fetched. */
  load(): Promise<UploadEngine> {
    const current = this.current;
    if (current) return Promise.resolve(current);
    this.#loading ??= loadEngineModule().then(
      () => this.current!,
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }

  /** Runs `use` with the engine: in this turn when it is there and no earlier call waits, in order after the load otherwise. */
  run<T>(use: (engine: UploadEngine) => T | Promise<T>): Promise<T> {
    const current = this.current;
    if (current && this.#waiting === 0) return Promise.resolve(use(current));
    this.#waiting++;
    return this.load().then(
      (engine) => {
        this.#waiting--;
        return use(engine);
      },
      (error: unknown) => {
        this.#waiting--;
        throw error;
      },
    );
  }
}
