import type { MultipartSession } from '../persistence/multipart-session.js';
import type { RemoteSource } from '../upload/remote-file-types.js';
import type { KeptSinglePut } from '../upload/kept-single-put.js';
import type { TransferEstimate, TransferRateEstimator } from './transfer-rate.js';
import type { FileSource, FileState, PauseReason, UploadFailure, UploadFileRecord, UploadResult } from './file-record.js';

/** States a file does not leave by itself: done, given up, or stopped by the user. */
export const SETTLED_STATES: ReadonlySet<FileState> = new Set(['successful', 'failed', 'canceled']);
/** States in which a file holds an upload slot. */
export const ACTIVE_STATES: ReadonlySet<FileState> = new Set(['processing', 'uploading', 'checking', 'uploaded']);

/** The engine's mutable view of one file; the public face is the frozen `UploadFileRecord`. */
export interface FileEntry {
  id: string;
  file: File;
  originalFile: File;
  source: FileSource;
  state: FileState;
  pausedBy?: PauseReason;
  bytesUploaded: number;
  attempts: number;
  error?: UploadFailure;
  result?: UploadResult;
  checksum?: string;
  contentHash?: string;
  metadata: Record<string, unknown>;
  addedAt: number;
  thumbnail?: { file: Blob };
  processingResult?: unknown;
  processingError?: UploadFailure;
  /** Pipeline already ran for this file (retries and resumes do not run it again). */
  processed: boolean;
  /** Part of the current run (start() was called while it was queued). */
  inRun: boolean;
  /** Aborts the attempt in flight; its reason says why (pause, cancel, …). */
  controller?: AbortController;
  /** Multipart session kept across pauses and retries so stored parts are not re-sent. */
  multipart?: MultipartSession;
  /** A single PUT's presigned answer kept across attempts, so a retry reuses its key and URL. */
  singlePut?: KeptSinglePut;
  /** tus upload URL kept across pauses so the server-side offset is reused. */
  tusUrl?: string;
  /** A file the server copies (`addRemoteFiles`); `file` is then a placeholder without bytes. */
  remote?: RemoteSource;
  /** Not taken into runs until released (see `UploadEngine.hold`). */
  held?: boolean;
  /** Rate of the attempt in flight; reset whenever the file leaves `uploading`. */
  transferRate?: TransferRateEstimator;
  snapshot?: UploadFileRecord;
}

let sequence = 0;

/** Unique id for a file in this page (random part so restored ids never collide). */
function createFileId(): string {
  sequence += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `file-${sequence}-${random.slice(0, 8)}`;
}

export function createEntry(file: File, originalFile: File, source: FileSource, metadata: Record<string, unknown>, id = createFileId()): FileEntry {
  return {
    id,
    file,
    originalFile,
    source,
    state: 'queued',
    bytesUploaded: 0,
    attempts: 0,
    metadata,
    addedAt: Date.now(),
    processed: false,
    inRun: false,
  };
}

/** Rate and time left of an uploading file, once its estimate is stable. */
function transferEstimateOf(entry: FileEntry): TransferEstimate {
  if (entry.state !== 'uploading' || !entry.transferRate) return {};
  const estimate = entry.transferRate.estimate(entry.file.size - entry.bytesUploaded);
  return estimate.bytesPerSecond === undefined ? {} : estimate;
}

/** Frozen snapshot, cached until the entry changes (callers reset `snapshot` on change). */
export function toRecord(entry: FileEntry): UploadFileRecord {
  if (entry.snapshot) return entry.snapshot;
  const size = entry.file.size;
  const record: UploadFileRecord = {
    id: entry.id,
    file: entry.file,
    originalFile: entry.originalFile,
    name: entry.file.name,
    size,
    type: entry.file.type,
    source: entry.source,
    state: entry.state,
    pausedBy: entry.pausedBy,
    bytesUploaded: entry.bytesUploaded,
    percentage: size === 0 ? (entry.state === 'successful' ? 100 : 0) : Math.min(100, (entry.bytesUploaded / size) * 100),
    ...transferEstimateOf(entry),
    attempts: entry.attempts,
    error: entry.error,
    result: entry.result,
    checksum: entry.checksum,
    contentHash: entry.contentHash,
    metadata: Object.freeze({ ...entry.metadata }),
    thumbnail: entry.thumbnail,
    processingResult: entry.processingResult,
    processingError: entry.processingError,
    ...(entry.remote ? { remote: entry.remote.reference } : {}),
    ...(entry.held ? { held: true } : {}),
  };
  entry.snapshot = Object.freeze(record);
  return entry.snapshot;
}
