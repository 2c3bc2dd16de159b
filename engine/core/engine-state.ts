import type { DeferredCrashRecovery } from '../persistence/crash-recovery-loader.js';
import type { ConnectionBudget } from '../upload/connection-budget.js';
import type { RequestContext } from '../upload/http.js';
import type { EventBus } from './event-bus.js';
import type { FileEntry } from './file-entry.js';
import type { FileEntryList } from './file-entry-list.js';
import type { FileState } from './file-record.js';
import type { ResolvedOptions } from './options.js';

/**
 * The engine as its collaborators see it (intake, the upload queue and runner, the network pause,
 * crash restore, file replacement): one object that `UploadEngine` builds once and hands to each,
 * so they read the same list, bus and options instead of each declaring its own view of the
 * engine. `options` and `recovery` are read when needed, as `setOptions` replaces both.
 */
export interface EngineState {
  readonly options: ResolvedOptions;
  readonly recovery: DeferredCrashRecovery | undefined;
  readonly list: FileEntryList;
  readonly bus: EventBus;
  /** Storage connections shared by every file and part. */
  readonly budget: ConnectionBudget;
  setState(entry: FileEntry, state: FileState): void;
  /** The entry changed without a new state: list listeners hear of it. */
  touch(entry: FileEntry): void;
  requestContext(signal: AbortSignal): Promise<RequestContext>;
  /** A batch added files: the engine announces the new list (and starts them with `autoUpload`). */
  added(): void;
  /** True when files about to start must wait for the connection instead. */
  mustWaitForNetwork(): boolean;
  pauseOffline(entry: FileEntry): void;
  /** Puts a paused file back in the queue of the run. */
  requeue(entry: FileEntry): void;
  /** Starts queued files while slots are free. */
  pump(): void;
}
