import { BatchIntake } from './batch-intake.js';
import { ConnectionBudget } from '../upload/connection-budget.js';
import { crashRecoveryInForce, DeferredCrashRecovery } from '../persistence/crash-recovery-loader.js';
import { restoreInto } from '../persistence/crash-restore.js';
import type { AbortCause } from './errors.js';
import type { EngineState } from './engine-state.js';
import { EventBus } from './event-bus.js';
import { ACTIVE_STATES, SETTLED_STATES, toRecord, type FileEntry } from './file-entry.js';
import { FileEntryList } from './file-entry-list.js';
import { replaceEntryFile } from './file-replacement.js';
import type { RequestContext } from '../upload/http.js';
import { forgetSessions } from '../persistence/multipart-session.js';
import { hasPendingConfirmations } from '../persistence/pending-confirmations.js';
import { clearPersistedUploads } from '../persistence/persisted-uploads.js';
import { persistenceScope, scopeIdentity } from '../persistence/persistence-scope.js';
import { forgetTusUploads } from '../persistence/tus-records.js';
import { NetworkPause } from './network-pause.js';
import { resolveOptions, type ResolvedOptions } from './options.js';
import type { RemoteFileInput } from '../upload/remote-file-types.js';
import { loadUploadMachinery, withUploadMachinery } from '../upload/upload-machinery-loader.js';
import { UploadQueue } from '../upload/upload-queue.js';
import type { AddFilesOptions, AddFilesResult, ReplaceFileResult, UploadRunSummary } from './call-results.js';
import type { EngineOptions } from './engine-options.js';
import type { EngineListener, EngineSubscribableEventName, ProgressDetail } from './events.js';
import type { FileSource, FileState, UploadFileRecord } from './file-record.js';

/**
 * Headless upload engine: owns the file list, validation, the processing pipeline, the upload
 * queue and strategies (single PUT, multipart, tus), retries, persistence and a typed event bus.
 * It renders nothing; `<svc-uploader>` renders its state and forwards user intent.
 */
export class UploadEngine {
  #resolved: ResolvedOptions;
  readonly #bus = new EventBus();
  readonly #budget: ConnectionBudget;
  readonly #entries = new FileEntryList();
  readonly #intake: BatchIntake;
  readonly #network: NetworkPause;
  #recovery?: DeferredCrashRecovery;
  readonly #queue: UploadQueue;
  readonly #initializedPlugins = new Set<string>();
  /** What intake, the queue and runner, the network pause, restore and replacement share. */
  readonly #state: EngineState;
  /** Aborts started by the last `reset()`, awaited before persisted records are cleared. */
  #discarding: Promise<unknown> = Promise.resolve();

  /** Resolves once crash recovery has put restored files back (immediately without it). */
  readonly ready: Promise<void>;

  /** @throws ConfigurationError when the options cannot work together (e.g. two targets). */
  constructor(options: EngineOptions = {}) {
    this.#resolved = resolveOptions(options);
    this.#budget = new ConnectionBudget(this.#resolved.maxConnections);
    const engine = this;
    this.#state = {
      get options() {
        return engine.#resolved;
      },
      get recovery() {
        return engine.#recovery;
      },
      bus: this.#bus,
      budget: this.#budget,
      list: this.#entries,
      setState: (entry, state) => this.#setState(entry, state),
      touch: (entry) => this.#touch(entry),
      requestContext: (signal) => this.#requestContext(signal),
      added: () => {
        this.#emitFilesChange();
        if (this.#resolved.raw.autoUpload) void this.start();
      },
      mustWaitForNetwork: () => this.#resolved.networkAware && this.#network.offline,
      pauseOffline: (entry) => this.#pauseEntry(entry, 'offline'),
      requeue: (entry) => this.#requeue(entry),
      pump: () => this.#queue.pump(),
    };
    this.#intake = new BatchIntake(this.#state);
    this.#network = new NetworkPause(this.#state);
    this.#queue = new UploadQueue(this.#state);
    this.#applyOptions();
    this.ready = this.#restoreFromCrash();
  }

  /** Current options as given (defaults not applied). */
  get options(): Readonly<EngineOptions> {
    return this.#resolved.raw;
  }

  /**
   * Merges new options in at run time; files and uploads in flight are kept. Limits apply to files
   * added afterwards; concurrency and the connection budget change immediately.
   * @throws ConfigurationError, leaving the previous options in force.
   */
  setOptions(partial: Partial<EngineOptions>): void {
    const scopeBefore = scopeIdentity(this.#resolved);
    this.#resolved = resolveOptions({ ...this.#resolved.raw, ...partial });
    this.#applyOptions();
    // A user key (or target) known only now, say after sign-in: that scope's files come back too.
    if (scopeIdentity(this.#resolved) !== scopeBefore) void this.#restoreFromCrash();
    this.#queue.pump();
  }

  /** Read-only snapshot of the list, in the order files were added. */
  get files(): readonly UploadFileRecord[] {
    return this.#entries.records();
  }

  /**
   * Combined progress of the current run as last reported by `progress`, with `bytesPerSecond` and
   * `secondsRemaining` once the rate estimate is stable; zeros when no run is going on.
   */
  get progress(): ProgressDetail {
    return this.#queue.progress;
  }

  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends EngineSubscribableEventName>(event: K, listener: EngineListener<K>): () => void {
    return this.#bus.on(event, listener);
  }

  off<K extends EngineSubscribableEventName>(event: K, listener: EngineListener<K>): void {
    this.#bus.off(event, listener);
  }

  /**
   * Filters (`onBeforeFileAdded`), validates and deduplicates files, then adds the accepted ones.
   * Calls are serialized so counts and totals see earlier batches. Starts them with `autoUpload`.
   */
  addFiles(files: File[] | FileList, source: FileSource = 'local', options?: AddFilesOptions): Promise<AddFilesResult> {
    // The upload machinery is a lazy chunk; fetching it now means it is there when the run starts.
    void loadUploadMachinery().catch(() => undefined);
    return this.#intake.addFiles(files, source, options);
  }

  /**
   * Adds files that the server copies instead of the browser uploading them (cloud-drive imports,
   * see remote-files.ts). Count, size and type limits apply as in `addFiles`; each `transfer` runs
   * when the file's turn in the queue comes. Starts them with `autoUpload`.
   */
  addRemoteFiles(files: RemoteFileInput[], source: FileSource): Promise<AddFilesResult> {
    void loadUploadMachinery().catch(() => undefined);
    return this.#intake.addRemoteFiles(files, source);
  }

  /**
   * Puts new bytes in place of a file that is queued, failed or canceled (an edited image, say).
   * The same limits as for an added file apply; a refused file leaves the old bytes in place.
   * The file is queued afresh: a failed or canceled one waits for the next `start()`.
   * @throws Error while the file is uploading, paused or done, or for a remote file.
   */
  async replaceFile(id: string, file: File): Promise<ReplaceFileResult> {
    const entry = this.#entries.find(id);
    if (!entry) throw new Error(`No file with id ${id}`);
    const result = await replaceEntryFile(this.#state, entry, file);
    this.#queue.checkComplete();
    return result;
  }

  /**
   * Keeps a queued file out of upload runs (`start()`, `autoUpload`) until `release(id)`, for
   * example while the user edits it. False when the file is not queued or already in a run.
   */
  hold(id: string): boolean {
    const entry = this.#entries.find(id);
    if (!entry || entry.state !== 'queued' || entry.inRun) return false;
    if (!entry.held) {
      entry.held = true;
      this.#touch(entry);
    }
    return true;
  }

  /** Lets a held file into runs again; with `autoUpload` it starts right away. */
  release(id: string): void {
    const entry = this.#entries.find(id);
    if (!entry?.held) return;
    entry.held = false;
    this.#touch(entry);
    if (this.#resolved.raw.autoUpload && entry.state === 'queued') void this.start();
  }

  /** Drops a file; an upload in flight is aborted and its multipart parts discarded. */
  removeFile(id: string): void {
    const entry = this.#entries.find(id);
    if (!entry) return;
    this.#discard(entry, 'removed');
    this.#entries.remove(entry);
    void this.#recovery?.forget(entry.id);
    this.#bus.emit('file-removed', { file: toRecord(entry) });
    this.#emitFilesChange();
    this.#queue.checkComplete();
  }

  /**
   * Uploads every queued file, `maxConcurrentUploads` at a time. Resolves when every file of the
   * run has settled (successful, failed or canceled); paused files keep it waiting.
   */
  start(): Promise<UploadRunSummary> {
    return this.#queue.start();
  }

  /** Pauses one file or every active one. Multipart keeps its stored parts; a single PUT restarts. */
  pause(id?: string): void {
    for (const entry of this.#targets(id)) {
      const pausable = ACTIVE_STATES.has(entry.state) || (entry.state === 'queued' && entry.inRun);
      if (!pausable) continue;
      this.#pauseEntry(entry, 'user');
    }
  }

  /** Resumes one paused file or every file paused by the user (offline pauses wait for online). */
  resume(id?: string): Promise<UploadRunSummary> {
    for (const entry of this.#targets(id)) {
      if (entry.state !== 'paused' || (id === undefined && entry.pausedBy !== 'user')) continue;
      this.#requeue(entry);
    }
    return this.#queue.continue();
  }

  /**
   * Queues failed (and canceled) files again with a fresh retry budget. Without an id, files the
   * server refused (`UPLOAD_REFUSED`) stay as they are: its verdict would not change.
   */
  retry(id?: string): Promise<UploadRunSummary> {
    for (const entry of this.#targets(id)) {
      if (entry.state !== 'failed' && entry.state !== 'canceled') continue;
      if (id === undefined && entry.error?.code === 'UPLOAD_REFUSED') continue;
      entry.error = undefined;
      entry.inRun = true;
      this.#setState(entry, 'queued');
    }
    return this.#queue.continue();
  }

  /** Cancels one file or every unfinished one; multipart sessions are aborted in storage. */
  cancel(id?: string): void {
    for (const entry of this.#targets(id)) {
      if (SETTLED_STATES.has(entry.state)) continue;
      this.#discard(entry, 'canceled');
      entry.pausedBy = undefined;
      this.#setState(entry, 'canceled');
      this.#bus.emit('file-cancel', { file: toRecord(entry) });
    }
    this.#queue.checkComplete();
  }

  /**
   * Empties the list: aborts uploads (discarding multipart parts) and removes what this uploader's
   * scope persisted (crash-recovery records, multipart resume records, tus upload URLs).
   */
  reset(): void {
    const discards = [...this.#entries].map((entry) => this.#discard(entry, 'reset'));
    this.#entries.clear();
    void this.#recovery?.clear();
    this.#discarding = Promise.allSettled(discards).then(() => this.#forgetScopeRecords());
    this.#emitFilesChange();
    this.#queue.checkComplete();
  }

  /**
   * Sign-out: empties the list as `reset()` does (aborting unfinished multipart uploads while the
   * user's credentials still work), then removes everything persisted in this browser for any
   * uploader or user: crash-recovery records (this engine's storage and the default IndexedDB
   * database), multipart resume records and tus upload URLs.
   */
  async clearPersistedUploads(): Promise<void> {
    this.reset();
    await this.#discarding;
    await this.#recovery?.clearAll();
    await clearPersistedUploads();
  }

  /** Resolves when every crash-recovery write so far has landed (immediately without it). */
  whenPersisted(): Promise<void> {
    return this.#recovery?.flush() ?? Promise.resolve();
  }

  /**
   * Detaches from the page (element disconnected): stops network listeners and aborts transfers,
   * but keeps remembered multipart sessions and crash-recovery data so a later engine resumes.
   */
  destroy(): void {
    this.#network.stop();
    this.#recovery?.close();
    for (const entry of this.#entries) this.#abortEntry(entry, 'reset');
  }

  // ——— internals ———

  #applyOptions(): void {
    const options = this.#resolved;
    this.#budget.setLimit(options.maxConnections);
    this.#network.follow(options.networkAware);
    const crashRecovery = crashRecoveryInForce(options);
    if (crashRecovery && !this.#recovery) {
      const warn = (message: string): void => this.#bus.emit('error', { code: 'STORAGE_QUOTA', message });
      const freed = (): void => void this.#restoreFromCrash();
      this.#recovery = new DeferredCrashRecovery(crashRecovery, warn, () => persistenceScope(this.#resolved), freed);
      for (const entry of this.#entries) if (!SETTLED_STATES.has(entry.state)) void this.#recovery.save(entry);
    } else if (!crashRecovery && this.#recovery) {
      void this.#recovery.clear();
      this.#recovery = undefined;
    } else if (this.#recovery) {
      // Options are applied again when an element returns to the page after destroy().
      this.#recovery.claimUnowned([...this.#entries].map((entry) => entry.id));
    }
    // Confirmations an earlier page of this scope could not deliver (it closed, the network went).
    if (options.target.kind === 'handler' && hasPendingConfirmations()) {
      void withUploadMachinery((machinery) => machinery.resumeConfirmations(this.#state)).catch(() => undefined);
    }
    for (const plugin of options.raw.plugins ?? []) {
      if (this.#initializedPlugins.has(plugin.name)) continue;
      this.#initializedPlugins.add(plugin.name);
      plugin.init?.(this.#bus.asPublicBus());
    }
  }

  #pauseEntry(entry: FileEntry, reason: 'user' | 'offline'): void {
    this.#abortEntry(entry, reason === 'user' ? 'paused-by-user' : 'paused-offline');
    entry.pausedBy = reason;
    this.#queue.resetRate();
    this.#setState(entry, 'paused');
    this.#bus.emit('file-pause', { file: toRecord(entry), reason });
  }

  /** A paused file joins the run again. */
  #requeue(entry: FileEntry): void {
    entry.pausedBy = undefined;
    entry.inRun = true;
    this.#setState(entry, 'queued');
  }

  #abortEntry(entry: FileEntry, cause: AbortCause): void {
    const controller = entry.controller;
    if (!controller) return;
    entry.controller = undefined;
    controller.abort(cause);
  }

  #setState(entry: FileEntry, state: FileState): void {
    const previous = entry.state;
    if (previous === state) return;
    entry.state = state;
    // A rate belongs to one stretch of uploading; after a pause or a retry it is measured afresh.
    if (state !== 'uploading') entry.transferRate?.reset();
    this.#touch(entry);
    this.#bus.emit('file-state-change', { file: toRecord(entry), state: entry.state, previous });
    if (state === 'successful' || state === 'canceled') void this.#recovery?.forget(entry.id);
    else void this.#recovery?.save(entry);
  }

  /** Marks the entry changed: new snapshot, new list snapshot (size recounted), one `files-change`. */
  #touch(entry: FileEntry): void {
    entry.snapshot = undefined;
    this.#entries.changed(entry);
    this.#emitFilesChange();
  }

  #emitFilesChange(): void {
    const files = this.files;
    this.#bus.emit('files-change', { files });
    this.#queue.emitProgress(files);
  }

  async #requestContext(signal: AbortSignal): Promise<RequestContext> {
    const configured = this.#resolved.raw.requestHeaders;
    const headers = typeof configured === 'function' ? await configured() : (configured ?? {});
    const traceparent = this.#resolved.raw.traceparent?.();
    return { headers: traceparent ? { ...headers, traceparent } : headers, withCredentials: this.#resolved.raw.withCredentials, signal };
  }

  /**
   * Stops the entry's attempt; the multipart session of a file that did not succeed is aborted in
   * storage (a failed file may still own one: a failed complete, a part out of retries).
   */
  #discard(entry: FileEntry, cause: AbortCause): Promise<void> {
    this.#abortEntry(entry, cause);
    if (entry.state === 'successful' || entry.state === 'canceled') return Promise.resolve();
    return withUploadMachinery(({ abortMultipart }) =>
      abortMultipart({ entry, options: this.#resolved, requestContext: () => this.#requestContext(new AbortController().signal) }),
    ).catch(() => undefined);
  }

  /** Resume records of this scope that no file of the list is using any more. */
  async #forgetScopeRecords(): Promise<void> {
    const scope = await persistenceScope(this.#resolved);
    const inUse = new Set<string>();
    for (const entry of this.#entries) if (entry.multipart) inUse.add(entry.multipart.fingerprint);
    forgetSessions(scope, inUse);
    if (this.#entries.length === 0) forgetTusUploads(scope);
  }

  #targets(id?: string): FileEntry[] {
    if (id === undefined) return [...this.#entries];
    const entry = this.#entries.find(id);
    return entry ? [entry] : [];
  }

  async #restoreFromCrash(): Promise<void> {
    if (!this.#recovery) return;
    const restored = await restoreInto(this.#state, this.#recovery);
    if (!restored) return;
    // A refused file's remembered multipart session would otherwise wait in storage for nobody.
    for (const entry of restored.refused) void this.#discard(entry, 'removed');
    if (restored.records.length === 0) return;
    this.#bus.emit('files-restore', { files: restored.records });
    this.#emitFilesChange();
    const autoResume = this.#resolved.raw.autoUpload || (this.#resolved.multipart?.autoResume ?? false);
    if (restored.continueUploads && autoResume) void this.start();
  }
}
