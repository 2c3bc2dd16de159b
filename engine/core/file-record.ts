/**
 * The per-file record of the headless upload engine, its states and where a file came from, and
 * the reason codes of rejections and failures: what the event payloads (`events.ts`) and the
 * options (`types.ts`) are both made of.
 */

/** A panel the user can add files from (the `sources` prop), in the order given there. */
export type UploadSource = 'local' | 'url' | 'camera' | 'microphone' | 'screen' | 'googleDrive' | 'oneDrive' | 'dropbox' | 'box';

/** Where a file came from; the element passes its panel id, the engine uses `restored` itself. */
export type FileSource = UploadSource | 'paste' | 'drop' | 'restored' | (string & {});

/**
 * Per-file states.
 *
 * `queued` → (start) → `processing` → `uploading` → [`checking` →] [`uploaded` →] `successful`;
 * `uploading` ↔ `paused` (pause/resume, offline/online); any active state → `failed` (after the
 * retries) or `canceled` (cancel). `failed`/`canceled` → `queued` on retry. `checking` is entered
 * when the handler confirms a single upload (`POST /complete`: its checks and the host's
 * `verifyUpload`, which may take seconds); a refusal there ends in `failed` with code
 * `UPLOAD_REFUSED`. `uploaded` is only entered when `processingEndpoint` is set and the engine
 * waits for the processing stream.
 */
export type FileState = 'queued' | 'processing' | 'uploading' | 'checking' | 'paused' | 'uploaded' | 'successful' | 'failed' | 'canceled';

/** Why a file was paused: the user (pause()) or the network going offline. */
export type PauseReason = 'user' | 'offline';

/** What storage answered for a finished upload. */
export interface UploadResult {
  key: string;
  publicUrl?: string;
  downloadUrl?: string;
  etag?: string;
  /** tus: the upload URL on the tus server. */
  url?: string;
  /** `remote`: the server copied the file (a cloud-drive import, see `addRemoteFiles`). */
  strategy: 'single' | 'multipart' | 'tus' | 'remote';
}

/** Where a file added by reference lives (`addRemoteFiles`), e.g. a cloud-drive file. */
export interface RemoteFileReference {
  /** The source's name for itself, e.g. the drive slug `google-drive`. */
  provider: string;
  fileId: string;
}

/** A read-only snapshot of one file in the list. */
export interface UploadFileRecord {
  readonly id: string;
  /** The bytes that will be (or were) uploaded: after substitution and pipeline steps. */
  readonly file: File;
  /** The file as the user picked it, when a hook or step replaced it. */
  readonly originalFile: File;
  readonly name: string;
  readonly size: number;
  readonly type: string;
  readonly source: FileSource;
  readonly state: FileState;
  readonly pausedBy?: PauseReason;
  readonly bytesUploaded: number;
  /** 0..100 */
  readonly percentage: number;
  /** Smoothed upload rate while uploading, once stable (see transfer-rate.ts); otherwise absent. */
  readonly bytesPerSecond?: number;
  /** Seconds left at that rate (fractional); present exactly when `bytesPerSecond` is. */
  readonly secondsRemaining?: number;
  /** Upload attempts made so far (1 + retries). */
  readonly attempts: number;
  readonly error?: UploadFailure;
  readonly result?: UploadResult;
  /** Hex SHA-256 of the uploaded bytes (checksumVerification). */
  readonly checksum?: string;
  /** Content hash used for deduplication (`sha256:…` or `fnv1a64:…`). */
  readonly contentHash?: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly thumbnail?: { file: Blob };
  readonly processingResult?: unknown;
  readonly processingError?: UploadFailure;
  /**
   * Set for files the server copies (`addRemoteFiles`): `file` then holds no bytes, and progress
   * stays at 0 until the copy is stored, since the server reports none on the way.
   */
  readonly remote?: RemoteFileReference;
  /** Kept out of upload runs until `release(id)`, e.g. while an editor is open on it. */
  readonly held?: boolean;
}

/** Reason codes of a rejected file, decided by the check that failed. */
export type RejectionReason =
  'LIMIT_EXCEEDED' | 'TYPE_MISMATCH' | 'FILE_TOO_LARGE' | 'FILE_TOO_SMALL' | 'TOTAL_SIZE_EXCEEDED' | 'REJECTED_BY_HOOK' | 'DUPLICATE';

export interface FileRejection {
  file: File;
  reason: RejectionReason;
  /** English explanation for logs; UIs translate from `reason` and `limit`. */
  message: string;
  /** The limit that was crossed (count, bytes or the accepted types), when there is one. */
  limit?: number | string;
}

/** Codes of upload failures (`UploadFailure.code`). */
export type FailureCode =
  | 'CONFIGURATION_ERROR'
  | 'NETWORK_ERROR'
  | 'HTTP_ERROR'
  | 'PART_TIMEOUT'
  /** A handler call got no answer in `requestTimeoutMs`, or a single PUT stalled for `uploadStallTimeoutMs`. */
  | 'REQUEST_TIMEOUT'
  /** The handler or storage answered something that cannot be trusted (malformed JSON fields, a refused upload URL, a 2xx with an error body or no ETag). */
  | 'INVALID_RESPONSE'
  | 'REJECTED_BY_PREDICATE'
  | 'TOKEN_EXPIRED'
  | 'UPLOAD_GONE'
  | 'PROCESSING_TIMEOUT'
  | 'PROCESSING_ERROR'
  | 'TUS_ERROR'
  /** A server-side transfer needs the user to sign in to the source again (a drive's 401 `reauth`). */
  | 'REAUTH_REQUIRED'
  /** The browser could no longer read the file: it was changed, moved or deleted after it was chosen. */
  | 'FILE_UNREADABLE'
  /**
   * The handler refused the stored file at `POST /complete` (its size, type or digest checks, or
   * the host's `verifyUpload`); the object is deleted. Final: `serverMessage` is the server's reason
   * and `serverCode` its code, when it sent one.
   */
  | 'UPLOAD_REFUSED';

export interface UploadFailure {
  code: FailureCode;
  message: string;
  /** HTTP status when a response caused it. */
  status?: number;
  /** The `code` field of a handler failure body, e.g. `expired`, `NOT_FOUND`. */
  serverCode?: string;
  /** False when retrying cannot help (4xx from the handler, predicate rejection). */
  retryable: boolean;
  /** The handler's own words: the `error` of its failure body, when it sent one. */
  serverMessage?: string;
  /** Where it failed: a call to the upload handler (or token endpoint), or the storage upload itself. */
  from?: 'handler' | 'storage';
  /** How long the server asked to wait before trying again (`Retry-After`, capped), when it said. */
  retryAfterMs?: number;
  /**
   * A storage PUT whose body was sent but whose answer the browser could not read (a refusal
   * without CORS headers); absent when nothing reached the storage.
   */
  storageAnswered?: boolean;
}
