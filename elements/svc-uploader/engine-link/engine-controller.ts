/**
 * The element's hold on its engine, as a controller (after Lit's `Task`): it owns the deferred
 * load, the subscription to the engine's events and the teardown, and keeps what the element
 * renders from the engine (the list, run progress, connectivity, refused files). The element asks
 * it for state; engine changes reach the screen through the render pacer, the user's calls at once.
 */
import type { PropertyValues, ReactiveController } from 'lit';
import type { EngineOptions, FileRejection, UploadEngine, UploadFileRecord, UploadRunSummary } from '../../../engine/index.js';
import type { Announcer } from '../engine-views/announcer.js';
import type { SvcUploaderEventDetail, SvcUploaderEventName } from '../events.js';
import { ENGINE_PROP_NAMES } from '../properties.js';
import { RenderPacer } from '../render-pacer.js';
import type { EngineLink, UploaderHost } from '../uploader-host.js';
import { DeferredEngine, whenIdle, type EngineModule } from './deferred-engine.js';

// Loaded after the drop zone is painted (deferred-engine.ts); calls made before wait for it.
export class EngineController extends DeferredEngine implements ReactiveController, EngineLink {
  /** A failed load of the engine's chunk was reported (once, however many uses tried it). */
  #loadReported = false;
  #files: readonly UploadFileRecord[] = [];
  #progress = 0;
  #online = typeof navigator === 'undefined' || navigator.onLine;
  /** Refused files since the notice was dismissed; appended in place, as a batch may refuse thousands. */
  #rejections: FileRejection[] = [];
  #configurationError?: string;
  /** The live region's wording, which arrives with the engine: every announced event comes from it. */
  #announcer?: Announcer;
  // Renders the engine causes run at most ten times a second (progress alone four times).
  readonly #pacer: RenderPacer;
  #painted = false;

  readonly #host: UploaderHost;
  readonly #element: UploaderHost['element'];
  /** Hears when files left or joined the list, to let go of what was kept for removed ones. */
  readonly #listChanged: (files: readonly UploadFileRecord[]) => void;

  constructor(host: UploaderHost, listChanged: (files: readonly UploadFileRecord[]) => void) {
    super();
    this.#host = host;
    this.#element = host.element;
    this.#listChanged = listChanged;
    // Added first, so a render has counted as one for the pacer before this controller looks.
    this.#pacer = new RenderPacer(host.element);
    host.element.addController(this);
  }

  /** The list as the element shows it (the engine's, as of its last change). */
  get files(): readonly UploadFileRecord[] {
    return this.#files;
  }

  get progress(): number {
    return this.#progress;
  }

  get online(): boolean {
    return this.#online;
  }

  get rejections(): FileRejection[] {
    return this.#rejections;
  }

  /** The live region's wording, once the engine has arrived. */
  get announcer(): Announcer | undefined {
    return this.#announcer;
  }

  /** Pauses one file, or every active one; `svc-upload-pause` names the files this paused. */
  pause(id?: string): Promise<void> {
    return this.command((engine) => {
      const before = new Set(engine.files.filter((file) => file.state === 'paused').map((file) => file.id));
      engine.pause(id);
      const paused = engine.files.filter((file) => file.state === 'paused' && !before.has(file.id));
      if (paused.length > 0) this.#host.dispatch('svc-upload-pause', { files: paused });
    });
  }

  /** Resumes one paused file, or every file the user paused; `svc-upload-resume` names them. */
  resume(id?: string): Promise<UploadRunSummary> {
    return this.command((engine) => {
      const paused = engine.files.filter((file) => file.state === 'paused' && (id === undefined ? file.pausedBy === 'user' : file.id === id));
      const run = engine.resume(id);
      if (paused.length > 0) this.#host.dispatch('svc-upload-resume', { files: paused });
      return run;
    });
  }

  /** The refused-files notice was dismissed, or the list emptied. */
  clearRejections(): void {
    this.#rejections = [];
  }

  /**
   * A call of the page or the user on the engine: what it changed renders at once, as the answer
   * to a click should, not with the next paced render (render-pacer.ts).
   */
  command<Result>(call: (engine: UploadEngine) => Result | Promise<Result>): Promise<Result> {
    return this.run((engine) => {
      const result = call(engine);
      this.#element.requestUpdate();
      return result;
    });
  }

  /** For what only runs once files are listed, hence once the engine is there. */
  loaded(): UploadEngine {
    const engine = this.current;
    if (!engine) throw new Error('The upload engine has not loaded yet');
    return engine;
  }

  /** Starts loading the engine; a failure is reported once, and a later use tries again. */
  loadQuietly(): void {
    if (this.created || this.#loadReported) return;
    void this.load().catch((error: unknown) => {
      if (this.#loadReported) return;
      this.#loadReported = true;
      this.#host.dispatch('svc-error', { scope: 'engine', code: 'ENGINE_LOAD_FAILED', message: String(error) });
    });
  }

  /** An engine change waiting for its paced render (at most 250 ms), for `updateComplete`. */
  get waiting(): Promise<void> | undefined {
    return this.#pacer.waiting;
  }

  /** An event the element fired: the live region says it with the next paced render, like the change it describes. */
  announce<Name extends SvcUploaderEventName>(name: Name, detail: SvcUploaderEventDetail<Name>): void {
    const translator = this.#host.translator;
    const announcer = this.#announcer;
    if (!announcer) return;
    if (announcer.onEvent(name, detail, translator)) this.#pacer.requestRender();
    // Plural messages arrive with intl-messageformat; the announcement is worded once it has.
    if (translator.pending) void translator.ready().then(() => announcer.onEvent(name, detail, translator) && this.#pacer.requestRender());
  }

  /** Before each render: the next announcement shows, and changed engine props reach the engine. */
  willUpdate(changed: PropertyValues): void {
    this.#announcer?.advance();
    if (this.created) {
      if (ENGINE_PROP_NAMES.some((name) => changed.has(name))) this.#applyOptions();
      return;
    }
    // Built at once when another uploader of the page has loaded the engine's code already.
    // Restoring files after a reload is what the page shows first, so it does not wait for idle.
    if (!this.current && this.#element.crashRecovery) this.loadQuietly();
  }

  hostUpdated(): void {
    // The next announcement waiting its turn goes out with the next paced render.
    if (this.#announcer?.waiting) this.#pacer.requestRender();
    if (this.#painted) return;
    this.#painted = true;
    // An element removed before the page was idle has no use for an engine.
    whenIdle(() => this.#element.isConnected && this.loadQuietly());
  }

  hostConnected(): void {
    // Back on the page after a removal: the engine's network watch is attached again.
    if (this.created && this.#element.hasUpdated) this.#applyOptions();
  }

  hostDisconnected(): void {
    // A move within the page disconnects and reconnects in one task; only a real removal stops uploads.
    queueMicrotask(() => {
      if (!this.#element.isConnected && this.created) this.current!.destroy();
    });
  }

  /** The engine's share of the props, as they are now. */
  #options(): EngineOptions {
    const element = this.#element;
    const options: Record<string, unknown> = {};
    for (const name of ENGINE_PROP_NAMES) options[name] = element[name];
    // Which uploader of the page this is: part of the scope of what it persists.
    options['uploaderId'] = element.id || element.getAttribute('name') || undefined;
    return options as EngineOptions;
  }

  protected override createEngine({ UploadEngine, bridgeEngineEvents, Announcer }: EngineModule): UploadEngine {
    this.#announcer = new Announcer();
    let engine: UploadEngine;
    try {
      engine = new UploadEngine(this.#options());
    } catch (error) {
      // A working element either way; the options apply as soon as the host fixes them.
      engine = new UploadEngine({});
      this.#reportConfigurationError(error);
    }
    this.#files = engine.files;
    // Built outside an update when its code arrives: what it holds (restored files) shows now.
    this.#element.requestUpdate();
    bridgeEngineEvents(engine, {
      emit: (name, detail) => this.#host.dispatch(name, detail),
      onEngineChange: ({ files, listChanged, progress, online }) => {
        if (files) {
          this.#files = files;
          // Progress alone removes no file: nothing to let go of.
          if (listChanged ?? true) this.#listChanged(files);
        }
        if (progress !== undefined) this.#progress = progress;
        if (online !== undefined) this.#online = online;
        const progressOnly = online === undefined && (files === undefined || listChanged === false);
        this.#pacer.requestRender(progressOnly);
      },
      onRejected: (rejection) => {
        this.#rejections.push(rejection);
        this.#pacer.requestRender();
      },
      allowedFileTypesText: () => [this.#element.allowedFileTypes ?? '*'].flat().join(','),
    });
    return engine;
  }

  #applyOptions(): void {
    try {
      this.current!.setOptions(this.#options());
      this.#configurationError = undefined;
    } catch (error) {
      this.#reportConfigurationError(error);
    }
  }

  /** Reported once per distinct problem, not again on every later property change. */
  #reportConfigurationError(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (message === this.#configurationError) return;
    this.#configurationError = message;
    this.#host.dispatch('svc-error', { scope: 'configuration', code: 'CONFIGURATION_ERROR', message });
  }
}
