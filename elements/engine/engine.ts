import { ConnectionBudget } from './connection-budget.js';
import { findDuplicate } from './deduplication.js';
import { CrashRecovery, toRestoredEntries } from './crash-recovery.js';
import type { AbortCause } from './errors.js';
import { EventBus } from './event-bus.js';
import { createEntry, toRecord, type FileEntry } from './file-entry.js';
import type { RequestContext } from './http.js';
import { abortMultipart } from './multipart.js';
import { isOnline, watchNetwork } from './network-watch.js';
import { resolveOptions, type ResolvedOptions } from './options.js';
import { toRemotePlaceholder, type RemoteFileInput } from './remote-files.js';
import { runEntry, type RunnerHost } from './upload-runner.js';
import { checkRestrictions, runBeforeFileAdded } from './validation.js';
import type {
  AddFilesResult,
  EngineEventMap,
  EngineEventName,
  EngineListener,
  EngineOptions,
  FileRejection,
  FileSource,
  FileState,
  UploadFileRecord,
  UploadRunSummary,
} from './types.js';

const SETTLED: ReadonlySet<FileState> = new Set(['successful', 'failed', 'canceled']);
const ACTIVE: ReadonlySet<FileState> = new Set(['processing', 'uploading', 'uploaded']);

/**
 * Headless upload engine: owns the file list, validation, the processing pipeline, the upload
 * queue and strategies (single PUT, multipart, tus), retries, persistence and a typed event bus.
 * It renders nothing; `<svc-uploader>` renders its state and forwards user intent.
 */
export class UploadEngine {
  private resolved: ResolvedOptions;
  private readonly bus = new EventBus();
  private readonly budget: ConnectionBudget;
  private entries: FileEntry[] = [];
  private filesSnapshot?: readonly UploadFileRecord[];
  private online = isOnline();
  private stopWatchingNetwork?: () => void;
  private recovery?: CrashRecovery;
  private addQueue: Promise<unknown> = Promise.resolve();
  private runWaiters: Array<(summary: UploadRunSummary) => void> = [];
  private readonly initializedPlugins = new Set<string>();
  private readonly host: RunnerHost;

  /** Resolves once crash recovery has put restored files back (immediately without it). */
  readonly ready: Promise<void>;

  /** @throws ConfigurationError when the options cannot work together (e.g. two targets). */
  constructor(options: EngineOptions = {}) {
    this.resolved = resolveOptions(options);
    this.budget = new ConnectionBudget(this.resolved.maxConnections);
    const engine = this;
    this.host = {
      get options() {
        return engine.resolved;
      },
      bus: this.bus,
      budget: this.budget,
      setState: (entry, state) => this.setState(entry, state),
      touch: (entry) => this.touch(entry),
      requestContext: (signal) => this.requestContext(signal),
    };
    this.applyOptions();
    this.ready = this.restoreFromCrash();
  }

  /** Current options as given (defaults not applied). */
  get options(): Readonly<EngineOptions> {
    return this.resolved.raw;
  }

  /**
   * Merges new options in at run time; files and uploads in flight are kept. Limits apply to files
   * added afterwards; concurrency and the connection budget change immediately.
   * @throws ConfigurationError, leaving the previous options in force.
   */
  setOptions(partial: Partial<EngineOptions>): void {
    this.resolved = resolveOptions({ ...this.resolved.raw, ...partial });
    this.applyOptions();
    this.pump();
  }

  /** Read-only snapshot of the list, in the order files were added. */
  get files(): readonly UploadFileRecord[] {
    this.filesSnapshot ??= Object.freeze(this.entries.map(toRecord));
    return this.filesSnapshot;
  }

  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends EngineEventName>(event: K, listener: EngineListener<K>): () => void {
    return this.bus.on(event, listener);
  }

  off<K extends EngineEventName>(event: K, listener: EngineListener<K>): void {
    this.bus.off(event, listener);
  }

  /**
   * Filters (`onBeforeFileAdded`), validates and deduplicates files, then adds the accepted ones.
   * Calls are serialized so counts and totals see earlier batches. Starts them with `autoUpload`.
   */
  addFiles(files: File[] | FileList, source: FileSource = 'local'): Promise<AddFilesResult> {
    const batch = Array.from(files);
    const result = this.addQueue.then(() => this.addBatch(batch, source));
    this.addQueue = result.catch(() => undefined);
    return result;
  }

  /**
   * Adds files that the server copies instead of the browser uploading them (cloud-drive imports,
   * see remote-files.ts). Count, size and type limits apply as in `addFiles`; each `transfer` runs
   * when the file's turn in the queue comes. Starts them with `autoUpload`.
   */
  addRemoteFiles(files: RemoteFileInput[], source: FileSource): Promise<AddFilesResult> {
    const remotes = [...files];
    const result = this.addQueue.then(() => this.addBatch(remotes.map(toRemotePlaceholder), source, remotes));
    this.addQueue = result.catch(() => undefined);
    return result;
  }

  /** Drops a file; an upload in flight is aborted and its multipart parts discarded. */
  removeFile(id: string): void {
    const entry = this.find(id);
    if (!entry) return;
    this.abortEntry(entry, 'removed');
    if (!SETTLED.has(entry.state)) void abortMultipart(this.strategyTarget(entry));
    this.entries = this.entries.filter((candidate) => candidate !== entry);
    this.filesSnapshot = undefined;
    void this.recovery?.forget(entry.id);
    this.bus.emit('file-removed', { file: toRecord(entry) });
    this.emitFilesChange();
    this.checkRunComplete();
  }

  /**
   * Uploads every queued file, `maxConcurrentUploads` at a time. Resolves when every file of the
   * run has settled (successful, failed or canceled); paused files keep it waiting.
   */
  start(): Promise<UploadRunSummary> {
    const joining = this.entries.filter((entry) => entry.state === 'queued' && !entry.inRun);
    for (const entry of joining) entry.inRun = true;
    if (joining.length > 0) this.bus.emit('upload-start', { files: joining.map(toRecord) });
    return this.continueRun();
  }

  /** Pauses one file or every active one. Multipart keeps its stored parts; a single PUT restarts. */
  pause(id?: string): void {
    for (const entry of this.targets(id)) {
      const pausable = ACTIVE.has(entry.state) || (entry.state === 'queued' && entry.inRun);
      if (!pausable) continue;
      this.pauseEntry(entry, 'user');
    }
  }

  /** Resumes one paused file or every file paused by the user (offline pauses wait for online). */
  resume(id?: string): Promise<UploadRunSummary> {
    for (const entry of this.targets(id)) {
      if (entry.state !== 'paused' || (id === undefined && entry.pausedBy !== 'user')) continue;
      entry.pausedBy = undefined;
      entry.inRun = true;
      this.setState(entry, 'queued');
    }
    return this.continueRun();
  }

  /** Queues failed (and canceled) files again with a fresh retry budget. */
  retry(id?: string): Promise<UploadRunSummary> {
    for (const entry of this.targets(id)) {
      if (entry.state !== 'failed' && entry.state !== 'canceled') continue;
      entry.error = undefined;
      entry.inRun = true;
      this.setState(entry, 'queued');
    }
    return this.continueRun();
  }

  /** Cancels one file or every unfinished one; multipart sessions are aborted in storage. */
  cancel(id?: string): void {
    for (const entry of this.targets(id)) {
      if (SETTLED.has(entry.state)) continue;
      this.abortEntry(entry, 'canceled');
      void abortMultipart(this.strategyTarget(entry));
      entry.pausedBy = undefined;
      this.setState(entry, 'canceled');
      this.bus.emit('file-canceled', { file: toRecord(entry) });
    }
    this.checkRunComplete();
  }

  /** Empties the list: aborts uploads (discarding multipart parts) and clears crash recovery. */
  reset(): void {
    for (const entry of this.entries) {
      this.abortEntry(entry, 'reset');
      if (!SETTLED.has(entry.state)) void abortMultipart(this.strategyTarget(entry));
    }
    this.entries = [];
    this.filesSnapshot = undefined;
    void this.recovery?.clear();
    this.emitFilesChange();
    this.checkRunComplete();
  }

  /** Resolves when every crash-recovery write so far has landed (immediately without it). */
  whenPersisted(): Promise<void> {
    return this.recovery?.flush() ?? Promise.resolve();
  }

  /**
   * Detaches from the page (element disconnected): stops network listeners and aborts transfers,
   * but keeps remembered multipart sessions and crash-recovery data so a later engine resumes.
   */
  destroy(): void {
    this.stopWatchingNetwork?.();
    this.stopWatchingNetwork = undefined;
    for (const entry of this.entries) this.abortEntry(entry, 'reset');
  }

  // ——— internals ———

  private applyOptions(): void {
    const options = this.resolved;
    this.budget.setLimit(options.maxConnections);
    if (options.networkAware && !this.stopWatchingNetwork) {
      this.stopWatchingNetwork = watchNetwork((online) => this.onNetworkChange(online));
    } else if (!options.networkAware && this.stopWatchingNetwork) {
      this.stopWatchingNetwork();
      this.stopWatchingNetwork = undefined;
    }
    if (options.crashRecovery && !this.recovery) {
      this.recovery = new CrashRecovery(options.crashRecovery, (message) => this.bus.emit('error', { code: 'STORAGE_QUOTA', message }));
      for (const entry of this.entries) if (!SETTLED.has(entry.state)) void this.recovery.save(entry);
    } else if (!options.crashRecovery && this.recovery) {
      void this.recovery.clear();
      this.recovery = undefined;
    }
    for (const plugin of options.raw.plugins ?? []) {
      if (this.initializedPlugins.has(plugin.name)) continue;
      this.initializedPlugins.add(plugin.name);
      plugin.init?.(this.bus.asPublicBus());
    }
  }

  /** `remotes[i]`, when given, is what `batch[i]` (a placeholder) stands for. */
  private async addBatch(batch: File[], source: FileSource, remotes?: RemoteFileInput[]): Promise<AddFilesResult> {
    const added: UploadFileRecord[] = [];
    const rejected: FileRejection[] = [];
    const reject = (rejection: FileRejection): void => {
      rejected.push(rejection);
      this.bus.emit('file-rejected', rejection);
    };
    for (const [index, candidate] of batch.entries()) {
      const remote = remotes?.[index];
      // A host filter or a content hash would look at bytes a remote placeholder does not have.
      const filtered = remote ? { accepted: true as const, file: candidate } : await runBeforeFileAdded(candidate, this.resolved.raw.onBeforeFileAdded);
      if (!filtered.accepted) {
        reject(filtered.rejection);
        continue;
      }
      const file = filtered.file;
      const totalBytes = this.entries.reduce((sum, entry) => sum + entry.file.size, 0);
      const restriction = checkRestrictions(file, this.resolved, { count: this.entries.length, totalBytes });
      if (restriction) {
        reject(restriction);
        continue;
      }
      const hash = this.resolved.raw.contentDeduplication && !remote ? await findDuplicate(file, this.entries) : undefined;
      if (hash?.duplicate) {
        reject({ file, reason: 'DUPLICATE', message: `${file.name} has the same content as ${hash.duplicate.file.name}` });
        continue;
      }
      const entry = createEntry(file, candidate, source, {});
      if (hash) entry.contentHash = hash.value;
      if (remote) entry.remote = { reference: remote.reference, transfer: remote.transfer };
      this.entries.push(entry);
      this.filesSnapshot = undefined;
      void this.recovery?.save(entry);
      added.push(toRecord(entry));
      this.bus.emit('file-added', { file: toRecord(entry) });
    }
    if (added.length > 0) this.emitFilesChange();
    if (added.length > 0 && this.resolved.raw.autoUpload) void this.start();
    return { added, rejected };
  }

  private continueRun(): Promise<UploadRunSummary> {
    const promise = new Promise<UploadRunSummary>((resolve) => this.runWaiters.push(resolve));
    this.pump();
    this.checkRunComplete();
    return promise;
  }

  /** Starts queued files of the run while slots are free (offline: parks them as paused). */
  private pump(): void {
    let active = this.entries.filter((entry) => entry.controller).length;
    for (const entry of this.entries) {
      if (entry.state !== 'queued' || !entry.inRun || entry.controller) continue;
      if (this.resolved.networkAware && !this.online) {
        this.pauseEntry(entry, 'offline');
        continue;
      }
      if (active >= this.resolved.maxConcurrentUploads) break;
      active += 1;
      const controller = new AbortController();
      entry.controller = controller;
      void runEntry(this.host, entry, controller.signal).finally(() => {
        if (entry.controller === controller) entry.controller = undefined;
        this.pump();
        this.checkRunComplete();
      });
    }
  }

  private checkRunComplete(): void {
    const run = this.entries.filter((entry) => entry.inRun);
    if (run.some((entry) => !SETTLED.has(entry.state) || entry.controller)) return;
    for (const entry of run) entry.inRun = false;
    const files = run.map(toRecord);
    const successful = files.filter((file) => file.state === 'successful').length;
    const failed = files.filter((file) => file.state === 'failed').length;
    const summary: UploadRunSummary = { files, successful, failed };
    if (run.length > 0) this.bus.emit('files-upload-complete', { files, successful, failed });
    const waiters = this.runWaiters;
    this.runWaiters = [];
    for (const resolve of waiters) resolve(summary);
  }

  private pauseEntry(entry: FileEntry, reason: 'user' | 'offline'): void {
    this.abortEntry(entry, reason === 'user' ? 'paused-by-user' : 'paused-offline');
    entry.pausedBy = reason;
    this.setState(entry, 'paused');
    this.bus.emit('file-paused', { file: toRecord(entry), reason });
  }

  private onNetworkChange(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    const affected: string[] = [];
    for (const entry of this.entries) {
      if (!online && entry.inRun && (ACTIVE.has(entry.state) || entry.state === 'queued')) {
        this.pauseEntry(entry, 'offline');
        affected.push(entry.id);
      } else if (online && entry.state === 'paused' && entry.pausedBy === 'offline') {
        entry.pausedBy = undefined;
        entry.inRun = true;
        this.setState(entry, 'queued');
        affected.push(entry.id);
      }
    }
    this.bus.emit('network-change', { online, paused: online ? [] : affected, resumed: online ? affected : [] });
    if (online) this.pump();
  }

  private abortEntry(entry: FileEntry, cause: AbortCause): void {
    const controller = entry.controller;
    if (!controller) return;
    entry.controller = undefined;
    controller.abort(cause);
  }

  private setState(entry: FileEntry, state: FileState): void {
    const previous = entry.state;
    if (previous === state) return;
    entry.state = state;
    this.touch(entry);
    this.bus.emit('file-state-change', { file: toRecord(entry), previous });
    if (state === 'successful' || state === 'canceled') void this.recovery?.forget(entry.id);
    else void this.recovery?.save(entry);
  }

  /** Marks the entry changed: new snapshot, new list snapshot, one `files-change`. */
  private touch(entry: FileEntry): void {
    entry.snapshot = undefined;
    this.filesSnapshot = undefined;
    this.emitFilesChange();
  }

  private emitFilesChange(): void {
    const files = this.files;
    this.bus.emit('files-change', { files });
    const run = files.filter((file) => this.find(file.id)?.inRun);
    if (run.length === 0) return;
    const bytesTotal = run.reduce((sum, file) => sum + file.size, 0);
    const bytesUploaded = run.reduce((sum, file) => sum + file.bytesUploaded, 0);
    this.bus.emit('progress', { bytesUploaded, bytesTotal, percentage: bytesTotal === 0 ? 100 : (bytesUploaded / bytesTotal) * 100 });
  }

  private async requestContext(signal: AbortSignal): Promise<RequestContext> {
    const configured = this.resolved.raw.requestHeaders;
    const headers = typeof configured === 'function' ? await configured() : (configured ?? {});
    return { headers, withCredentials: this.resolved.raw.withCredentials, signal };
  }

  private strategyTarget(entry: FileEntry): { entry: FileEntry; options: ResolvedOptions; requestContext: () => Promise<RequestContext> } {
    return { entry, options: this.resolved, requestContext: () => this.requestContext(new AbortController().signal) };
  }

  private find(id: string): FileEntry | undefined {
    return this.entries.find((entry) => entry.id === id);
  }

  private targets(id?: string): FileEntry[] {
    if (id === undefined) return [...this.entries];
    const entry = this.find(id);
    return entry ? [entry] : [];
  }

  private async restoreFromCrash(): Promise<void> {
    if (!this.recovery) return;
    const restored = await this.recovery.restore().catch(() => []);
    if (restored.length === 0) return;
    const { entries, continueUploads } = toRestoredEntries(restored.filter((saved) => !this.find(saved.id)));
    this.entries.push(...entries);
    const records = entries.map(toRecord);
    this.filesSnapshot = undefined;
    this.bus.emit('files-restored', { files: records });
    this.emitFilesChange();
    const autoResume = this.resolved.raw.autoUpload || (this.resolved.multipart?.autoResume ?? false);
    if (continueUploads && autoResume) void this.start();
  }
}

export type { EngineEventMap };
