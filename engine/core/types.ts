/**
 * Public types of the headless upload engine: options (the uploader props the engine acts on plus
 * the headless-only options) and what its calls return. The per-file record, its states and the
 * reason codes of rejections and failures are in `file-record.ts`, the events and their payloads
 * in `events.ts`; both are re-exported here.
 */
import type { EngineEventBus } from './events.js';
import type { FileRejection, FileSource, FileState, UploadFileRecord } from './file-record.js';

export type * from './file-record.js';
export type * from './events.js';

/** Size units accepted by `maxFileSize`, `minFileSize` and `maxTotalFileSize` (powers of 1024). */
export type SizeUnit = 'B' | 'KB' | 'MB' | 'GB' | 'TB' | 'PB' | 'EB' | 'ZB' | 'YB';

/** A size limit as the uploader props express it, e.g. `{size: 20, unit: 'MB'}`. */
export interface FileSizeLimit {
  size: number;
  unit: SizeUnit;
}

/** `client`: the browser asks a token endpoint for URLs; `server`: it talks only to the handler. */
export type UploadMode = 'client' | 'server';

/** Resumable multipart through the handler's `/multipart/*` routes. */
export interface MultipartResumableOptions {
  protocol: 'multipart';
  /** Files of at least this many bytes go multipart; smaller ones use one PUT. Default 5 MiB. */
  thresholdBytes?: number;
  /** Requested part size (the handler raises it to at least 5 MiB). Default 8 MiB. */
  chunkSizeBytes?: number;
  /** Remember the session (token, key, part size) so a reload can continue it. Default true. */
  persist?: boolean;
  /** Delays (ms) before each retry of one part; its length is the number of part retries. Default [0, 1000, 3000]. */
  retryDelays?: number[];
  /** A part with no upload progress for this long is aborted and retried. Default 30000. */
  partTimeoutMs?: number;
  /** Parts of one file in flight at once, within the global connection budget. Default 6. */
  maxConcurrentParts?: number;
  /** Continue a remembered session of the same file, skipping stored parts. Default true. */
  autoResume?: boolean;
  /**
   * How long a remembered session stays usable, counted from its init: the handler's
   * `multipartResumeWindowSeconds`. Older records are ignored and removed. Default 86400.
   */
  resumeWindowSeconds?: number;
}

/** tus 1.0 through tus-js-client (loaded on first use). */
export interface TusResumableOptions {
  protocol: 'tus';
  endpoint: string;
  chunkSizeBytes?: number;
  retryDelays?: number[];
  storeFingerprintForResuming?: boolean;
  removeFingerprintOnSuccess?: boolean;
  headers?: Record<string, string>;
  metadata?: Record<string, string>;
  parallelUploads?: number;
  /** How long a remembered upload URL stays usable, counted from its creation. Default 86400. */
  resumeWindowSeconds?: number;
}

export type ResumableOptions = MultipartResumableOptions | TusResumableOptions;

/** Object form of `imageCompression` accepted by the engine. */
export interface ImageCompressionOptions {
  quality?: number;
  maxWidthOrHeight?: number;
  maxSizeMB?: number;
}

/** Object form of `thumbnailGenerator` accepted by the engine. */
export interface ThumbnailOptions {
  width?: number;
  height?: number;
  quality?: number;
}

/** The `cors` prop; in client mode `dangerouslyAutoConfigure` is forwarded to the token endpoint. */
export interface CorsOptions {
  dangerouslyAutoConfigure?: boolean;
  allowedOrigins: string[];
  allowedMethods?: string[];
  allowedHeaders?: string[];
  maxAgeSeconds?: number;
}

/** What `onBeforeFileAdded` may answer: false rejects, a File substitutes, true/undefined accepts. */
export type BeforeFileAddedResult = boolean | File | undefined | void;

/** Input of `isSuccessfulCall`: the storage (or tus) response of an upload. */
export interface StorageResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

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

/** Fixed stages of the processing pipeline, in the order they run. */
export type PipelineStage = 'heic' | 'exif' | 'compression' | 'thumbnail' | 'custom' | 'hashing';

/** What a pipeline step may hand back: a replacement file, metadata to merge, a thumbnail. */
export interface PipelineStepOutput {
  file?: File;
  metadata?: Record<string, unknown>;
  thumbnail?: { file: Blob };
  checksum?: string;
}

export interface PipelineContext {
  file: File;
  record: UploadFileRecord;
  options: Readonly<EngineOptions>;
  signal: AbortSignal;
}

/** One step of the processing pipeline. */
export interface PipelineStep {
  name: string;
  /** Stage that fixes its position; steps of the same stage keep their list order. Default `custom`. */
  stage?: PipelineStage;
  /** Main-thread implementation (always required: it is the fallback). */
  run(context: PipelineContext): Promise<PipelineStepOutput | void> | PipelineStepOutput | void;
  /** Optional off-main-thread implementation; on a throw or after `workerTimeoutMs` `run` is used. */
  runInWorker?(context: PipelineContext): Promise<PipelineStepOutput | void>;
}

/** A plugin receives the event bus once, when the engine is constructed. */
export interface EnginePlugin {
  name: string;
  init?(bus: EngineEventBus): void;
}

/**
 * Options of the engine: the uploader props it acts on (names, types and defaults as in the
 * contract) plus the upload targets and the headless-only options. Presentation props
 * (theme, icons, i18n, …) belong to the element and are not read here.
 */
export interface EngineOptions {
  // Upload targets
  /** Storage provider label sent to the token endpoint (client mode). */
  provider?: string;
  /** Host token endpoint (client mode): POST file metadata, answers a presigned PUT. */
  uploadEndpoint?: string;
  /** The upload handler's mount URL (server mode), e.g. `/api/upload`. */
  serverUrl?: string;
  /** Default `client`; `server` when only `serverUrl` is set. */
  mode?: UploadMode;

  // Behaviour
  autoUpload?: boolean;
  onBeforeFileAdded?: (file: File) => BeforeFileAddedResult | Promise<BeforeFileAddedResult>;
  /** Compact layout: forces `maxFiles` to 1. */
  mini?: boolean;

  // Files and validation
  maxFiles?: number;
  allowedFileTypes?: string | string[];
  maxFileSize?: FileSizeLimit;
  minFileSize?: FileSizeLimit;
  maxTotalFileSize?: FileSizeLimit;
  contentDeduplication?: boolean;

  // Processing pipeline
  imageCompression?: boolean | ImageCompressionOptions;
  heicConversion?: boolean;
  stripExifData?: boolean;
  thumbnailGenerator?: boolean | ThumbnailOptions;
  checksumVerification?: boolean;
  /**
   * With `checksumVerification`, single PUTs also send the file's digest in this
   * `x-amz-checksum-*` algorithm, and multipart uploads each part's; the handler signs it when
   * the bucket's `checksumAlgorithm` matches.
   */
  checksumAlgorithm?: 'CRC32' | 'CRC32C' | 'SHA256';
  webWorker?: boolean;
  processingEndpoint?: string;
  processingTimeout?: number;

  // Upload and reliability
  maxRetries?: number;
  maxConcurrentUploads?: number;
  resumable?: ResumableOptions;
  crashRecovery?: boolean | CrashRecoveryOptions;
  /**
   * The signed-in user (or any host-chosen key): persisted uploads are scoped to it, so files,
   * multipart sessions and tus uploads saved under one key are never restored or resumed under
   * another. Stored only as part of a SHA-256 hash.
   */
  persistenceKey?: string;
  /** Which uploader of the page this is (the element passes its `id` or `name`); part of the same scope. */
  uploaderId?: string;
  networkAware?: boolean;
  metadata?: Record<string, unknown>;
  cors?: CorsOptions;

  // Headless only
  plugins?: EnginePlugin[];
  pipeline?: PipelineStep[];
  workerTimeoutMs?: number;
  isSuccessfulCall?: (response: StorageResponse) => boolean | Promise<boolean>;
  /** Connections the engine keeps open at once across all files and parts. Default 6. */
  maxConnections?: number;
  /** Extra headers on every request to `serverUrl` / `uploadEndpoint` (e.g. a fresh bearer token). */
  requestHeaders?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** W3C `traceparent` sent on every handler call (e.g. from the page's tracer), so the handler's spans join the browser's trace. */
  traceparent?: () => string | undefined;
  /** Send cookies on requests to `serverUrl` / `uploadEndpoint`. Default: same-origin only. */
  withCredentials?: boolean;
  /** Base delay (ms) of whole-file retries: each waits a random time up to `retryBaseDelayMs · 2^n`. Default 1000. */
  retryBaseDelayMs?: number;
  /** Cap (ms) of the whole-file backoff and of any `Retry-After` the handler or storage sends. Default 30000. */
  retryMaxDelayMs?: number;
  /** A call to `serverUrl` / `uploadEndpoint` with no complete answer after this long fails (retryable `REQUEST_TIMEOUT`); `/multipart/complete` gets ten times as long. Default 30000. */
  requestTimeoutMs?: number;
  /** A single PUT with no upload progress, or no answer after the last byte, for this long fails (retryable `REQUEST_TIMEOUT`). Default 30000. */
  uploadStallTimeoutMs?: number;
  /**
   * Origins (`http://storage.lan:9000`) to which the engine may PUT over plain `http:`. Upload URLs
   * must otherwise be `https:`, or `http:` to loopback or to the page's own origin.
   */
  allowedUploadOrigins?: string[];
  /**
   * `<svc-uploader>` link import: milliseconds a link may stay silent (no answer, no new bytes)
   * before the import gives up with `URL_TIMEOUT`. Default 30000.
   */
  urlImportTimeout?: number;
  /**
   * Images above this many pixels (by the size their header declares) are never decoded: the
   * decoding pipeline steps (HEIC conversion, compression, thumbnails) skip them with a
   * `pipeline-error` coded `IMAGE_TOO_LARGE`, and `<svc-uploader>` shows the type glyph and no
   * editor for them. The file itself uploads unchanged. Default 50,000,000 (50 MP, 200 MB decoded).
   */
  maxImagePixels?: number;
}

/** What `addFiles` resolves with. */
export interface AddFilesResult {
  added: UploadFileRecord[];
  rejected: FileRejection[];
}

/** Options of one `addFiles` call. */
export interface AddFilesOptions {
  /**
   * Files of the batch to keep out of upload runs (even with `autoUpload`) until `release(id)`;
   * asked once per accepted file, with every accepted file of the batch.
   */
  hold?: (file: UploadFileRecord, accepted: readonly UploadFileRecord[]) => boolean;
}

/** What `replaceFile` resolves with: the updated record, or why the new bytes were refused. */
export type ReplaceFileResult = { replaced: UploadFileRecord; rejected?: undefined } | { replaced?: undefined; rejected: FileRejection };

/** What `start()` resolves with once every file of the run has settled. */
export interface UploadRunSummary {
  files: readonly UploadFileRecord[];
  successful: number;
  failed: number;
}
