/** What `crashRecovery` stores and where: the storage a host may bring and the entries it keeps. */
import type { FileSource, FileState } from '../core/file-record.js';
import type { KeptSinglePut } from '../upload/kept-single-put.js';

/** Key-value store used for crash recovery; the default lives in IndexedDB. */
export interface CrashRecoveryStorage {
  /** Every stored entry; `value` holds the file blob and its session state. */
  getAll(): Promise<CrashRecoveryEntry[]>;
  put(entry: CrashRecoveryEntry): Promise<void>;
  delete(id: string): Promise<void>;
  clear(): Promise<void>;
}

/** One recovered file: the bytes themselves (not just a name) plus what the engine knew. */
export interface CrashRecoveryEntry {
  id: string;
  blob: Blob;
  name: string;
  type: string;
  lastModified: number;
  source: FileSource;
  state: FileState;
  metadata: Record<string, unknown>;
  /** When the file joined the list (restores keep the list order). */
  addedAt: number;
  savedAt: number;
  /** Hashed scope of the uploader that saved it (see `persistenceKey`); only that scope restores it. */
  scope?: string;
  /**
   * The presigned single PUT the file was sent with, completion token included: a restored file
   * asks `/complete` about it before sending anything again, so an upload stored (or being
   * checked) when the page went away is confirmed rather than stored a second time.
   */
  singlePut?: KeptSinglePut;
}

export interface CrashRecoveryOptions {
  /**
   * Custom storage (headless only). Default: an IndexedDB database named `svc-uploader-recovery`.
   * It must hand back every field it was given, `scope` included: an entry without the engine's
   * scope is not restored.
   */
  storage?: CrashRecoveryStorage;
  /** Entries older than this are swept on start-up. Default 24 hours. */
  ttlMs?: number;
  /** Files larger than this are not stored (their state still is not). Default 512 MiB. */
  maxFileBytes?: number;
}
