import { toUploadFailure } from '../core/errors.js';
import { ACTIVE_STATES, SETTLED_STATES, toRecord, type FileEntry } from '../core/file-entry.js';
import { TransferRateEstimator } from '../core/transfer-rate.js';
import { withUploadMachinery } from './upload-machinery-loader.js';
import type { EngineState } from '../core/engine-state.js';
import type { UploadRunSummary } from '../core/call-results.js';
import type { ProgressDetail } from '../core/events.js';
import type { UploadFileRecord } from '../core/file-record.js';

/**
 * The upload run: the files `start()`, `resume()` or `retry()` put in it (`entry.inRun`), started
 * `maxConcurrentUploads` at a time. The run is complete when each of its files has settled.
 */
export class UploadQueue {
  #waiters: Array<(summary: UploadRunSummary) => void> = [];
  /** Rate of the whole run; reset by a pause, going offline and the end of the run. */
  readonly #runRate = new TransferRateEstimator();
  /** The last `progress` emitted; zeros outside a run. */
  #lastProgress: ProgressDetail = { bytesUploaded: 0, bytesTotal: 0, percentage: 0 };

  readonly #state: EngineState;

  constructor(state: EngineState) {
    this.#state = state;
  }

  /** Queued files not yet in the run (nor held) join it (`upload-start`); resolves when the run completes. */
  start(): Promise<UploadRunSummary> {
    const joining = this.#state.list.filter((entry) => entry.state === 'queued' && !entry.inRun && !entry.held);
    for (const entry of joining) entry.inRun = true;
    if (joining.length > 0) this.#state.bus.emit('upload-start', { files: joining.map(toRecord) });
    return this.continue();
  }

  /** Starts what it can; resolves when the run completes. */
  continue(): Promise<UploadRunSummary> {
    const promise = new Promise<UploadRunSummary>((resolve) => this.#waiters.push(resolve));
    this.pump();
    this.checkComplete();
    return promise;
  }

  /**
   * Starts queued files of the run while slots are free (offline: parks them as paused). A file
   * being checked (its bytes stored, the handler's verdict awaited) gives its slot to the next
   * file, so a batch pays the last file's confirmation round trip rather than every one's; up to
   * `maxConcurrentUploads` checking files may wait this way, the rest hold their slots.
   */
  pump(): void {
    const list = this.#state.list;
    const limit = this.#state.options.maxConcurrentUploads;
    const running = list.filter((entry) => entry.controller);
    const checking = running.filter((entry) => entry.state === 'checking').length;
    let active = running.length - Math.min(checking, limit);
    for (const entry of list) {
      if (entry.state !== 'queued' || !entry.inRun || entry.controller) continue;
      if (this.#state.mustWaitForNetwork()) {
        this.#state.pauseOffline(entry);
        continue;
      }
      if (active >= limit) break;
      active += 1;
      const controller = new AbortController();
      entry.controller = controller;
      void this.#run(entry, controller.signal).finally(() => {
        if (entry.controller === controller) entry.controller = undefined;
        this.pump();
        this.checkComplete();
      });
    }
  }

  /**
   * Runs one file once the upload machinery is loaded. A pause or cancel while it loaded has set
   * the file's state already; a load that fails (the chunk could not be fetched) fails the file.
   */
  #run(entry: FileEntry, signal: AbortSignal): Promise<void> {
    return withUploadMachinery((machinery) => (signal.aborted ? Promise.resolve() : machinery.runEntry(this.#state, entry, signal))).catch((error: unknown) => {
      if (signal.aborted) return;
      entry.error = toUploadFailure(error);
      this.#state.setState(entry, 'failed');
      this.#state.bus.emit('file-failed', { file: toRecord(entry), error: entry.error });
    });
  }

  /** Once every file of the run has settled: `files-upload-complete`, and the waiters resolve. */
  checkComplete(): void {
    const run = this.#state.list.filter((entry) => entry.inRun);
    if (run.some((entry) => !SETTLED_STATES.has(entry.state) || entry.controller)) return;
    for (const entry of run) entry.inRun = false;
    this.#runRate.reset();
    this.#lastProgress = { bytesUploaded: 0, bytesTotal: 0, percentage: 0 };
    const files = run.map(toRecord);
    const successful = files.filter((file) => file.state === 'successful').length;
    const failed = files.filter((file) => file.state === 'failed').length;
    const summary: UploadRunSummary = { files, successful, failed };
    if (run.length > 0) this.#state.bus.emit('files-upload-complete', { files, successful, failed });
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve(summary);
  }

  /** Combined progress of the run as last emitted, with its rate and time left once stable. */
  get progress(): ProgressDetail {
    return this.#lastProgress;
  }

  /** A file paused (by the user or going offline): the run's rate no longer holds. */
  resetRate(): void {
    this.#runRate.reset();
  }

  /** `progress` over the files of the run, measured on `files` (the list just announced). */
  emitProgress(files: readonly UploadFileRecord[]): void {
    const run = files.filter((file) => this.#state.list.find(file.id)?.inRun);
    if (run.length === 0) return;
    const bytesTotal = run.reduce((sum, file) => sum + file.size, 0);
    const bytesUploaded = run.reduce((sum, file) => sum + file.bytesUploaded, 0);
    // Samples count only while some file of the run is on its way: time spent paused or waiting
    // for the connection would drag the rate down after a resume.
    const active = run.some((file) => ACTIVE_STATES.has(file.state));
    if (active) this.#runRate.record(bytesUploaded);
    else this.#runRate.reset();
    const estimate = active ? this.#runRate.estimate(bytesTotal - bytesUploaded) : {};
    this.#lastProgress = {
      bytesUploaded,
      bytesTotal,
      percentage: bytesTotal === 0 ? 100 : (bytesUploaded / bytesTotal) * 100,
      ...(estimate.bytesPerSecond === undefined ? {} : estimate),
    };
    this.#state.bus.emit('upload-progress', this.#lastProgress);
  }
}
