import type { ConnectionBudget } from './connection-budget.js';
import type { FileEntry } from '../core/file-entry.js';
import type { RequestContext } from './http.js';
import type { ResolvedOptions } from '../core/options.js';
import type { UploadFailure } from '../core/file-record.js';

/** Everything an upload strategy needs for one attempt of one file. */
export interface StrategyContext {
  entry: FileEntry;
  options: ResolvedOptions;
  /** Aborted on pause, cancel, removal or reset; `signal.reason` says which. */
  signal: AbortSignal;
  budget: ConnectionBudget;
  /** Headers and credentials for requests to the handler / token endpoint, bound to `signal`. */
  requestContext(): Promise<RequestContext>;
  /** Metadata sent with presign and init: the `metadata` prop plus per-file metadata. */
  uploadMetadata(): Record<string, unknown>;
  reportProgress(bytesUploaded: number): void;
  /** The bytes are stored and the handler checks them (`POST /complete`): state `checking`. */
  checking(): void;
  /**
   * Sends a stored single upload's completion token to the handler without waiting for the
   * answer; resolves once it is kept for a later page (background-confirmation.ts).
   */
  confirmLater(token: string): Promise<void>;
  /** What the file keeps between attempts changed (a presigned PUT): crash recovery saves it. */
  remember(): void;
  /** Sending bytes (again): state `uploading`. */
  uploading(): void;
  partUploaded(partNumber: number, size: number, inFlight: number): void;
  partRetry(partNumber: number, retry: number, delayMs: number, error: UploadFailure): void;
  resumed(skippedParts: number[]): void;
}
