import type { DeferredCrashRecovery } from '../persistence/crash-recovery-loader.js';
import { findDuplicate } from './deduplication.js';
import type { EventBus } from './event-bus.js';
import { createEntry, toRecord } from './file-entry.js';
import type { FileEntryList } from './file-entry-list.js';
import { MainThreadSlicer } from './main-thread-yield.js';
import type { ResolvedOptions } from './options.js';
import type { RemoteFileInput } from '../upload/remote-file-types.js';
import { toRemotePlaceholder } from '../upload/remote-files.js';
import { checkRestrictions, runBeforeFileAdded } from './validation.js';
import type { AddFilesOptions, AddFilesResult, FileRejection, FileSource, UploadFileRecord } from './types.js';

/** What intake needs from the engine; options and recovery are read per file, as they may change. */
export interface IntakeHost {
  readonly options: ResolvedOptions;
  readonly recovery: DeferredCrashRecovery | undefined;
  readonly list: FileEntryList;
  readonly bus: EventBus;
  /** A batch added files: the engine announces the new list (and starts them with `autoUpload`). */
  added(): void;
}

/**
 * How files join the list: `onBeforeFileAdded`, the restrictions, then deduplication, file by
 * file in that order. Batches are taken one after another, so limits see earlier batches.
 *
 * A batch of thousands of files is taken in slices with the main thread handed back in between
 * (see main-thread-yield.ts): refusing 10,000 files over `maxFiles` used to block the page for
 * minutes in one task. Nothing is awaited per file unless a host filter or content hashing asks
 * for it, so listeners see one update per slice rather than one per file.
 */
export class BatchIntake {
  #queue: Promise<unknown> = Promise.resolve();

  readonly #host: IntakeHost;

  constructor(host: IntakeHost) {
    this.#host = host;
  }

  addFiles(files: File[] | FileList, source: FileSource, options: AddFilesOptions = {}): Promise<AddFilesResult> {
    const batch = Array.from(files);
    return this.#enqueue(() => this.#take(batch, source, undefined, options.hold));
  }

  addRemoteFiles(files: RemoteFileInput[], source: FileSource): Promise<AddFilesResult> {
    const remotes = [...files];
    return this.#enqueue(() => this.#take(remotes.map(toRemotePlaceholder), source, remotes));
  }

  #enqueue(work: () => Promise<AddFilesResult>): Promise<AddFilesResult> {
    const result = this.#queue.then(work);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /** `remotes[i]`, when given, is what `batch[i]` (a placeholder) stands for. */
  async #take(batch: File[], source: FileSource, remotes?: RemoteFileInput[], hold?: AddFilesOptions['hold']): Promise<AddFilesResult> {
    const { list, bus } = this.#host;
    const added: UploadFileRecord[] = [];
    const rejected: FileRejection[] = [];
    const reject = (rejection: FileRejection): void => {
      rejected.push(rejection);
      bus.emit('file-reject', rejection);
    };
    const slicer = new MainThreadSlicer();
    for (const [index, candidate] of batch.entries()) {
      if (slicer.due()) await slicer.yield();
      const remote = remotes?.[index];
      const hook = this.#host.options.raw.onBeforeFileAdded;
      // A host filter or a content hash would look at bytes a remote placeholder does not have.
      const filtered = remote || !hook ? { accepted: true as const, file: candidate } : await runBeforeFileAdded(candidate, hook);
      if (!filtered.accepted) {
        reject(filtered.rejection);
        continue;
      }
      const file = filtered.file;
      const restriction = checkRestrictions(file, this.#host.options, { count: list.length, totalBytes: list.totalBytes });
      if (restriction) {
        reject(restriction);
        continue;
      }
      const hash = this.#host.options.raw.contentDeduplication && !remote ? await findDuplicate(file, list.withSize(file.size)) : undefined;
      if (hash?.duplicate) {
        reject({ file, reason: 'DUPLICATE', message: `${file.name} has the same content as ${hash.duplicate.file.name}` });
        continue;
      }
      const entry = createEntry(file, candidate, source, {});
      if (hash) entry.contentHash = hash.value;
      if (remote) entry.remote = { reference: remote.reference, transfer: remote.transfer };
      list.add(entry);
      void this.#host.recovery?.save(entry);
      added.push(toRecord(entry));
      bus.emit('file-add', { file: toRecord(entry) });
    }
    // Held before the list is announced, so `autoUpload` leaves them out of the run it starts.
    const kept = hold ? this.#holdAccepted(added, hold) : added;
    if (added.length > 0) this.#host.added();
    return { added: kept, rejected };
  }

  #holdAccepted(added: UploadFileRecord[], hold: NonNullable<AddFilesOptions['hold']>): UploadFileRecord[] {
    return added.map((record) => {
      const entry = this.#host.list.find(record.id);
      if (!entry || !hold(record, added)) return record;
      entry.held = true;
      entry.snapshot = undefined;
      this.#host.list.changed(entry);
      return toRecord(entry);
    });
  }
}
