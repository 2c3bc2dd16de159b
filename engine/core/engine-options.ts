/**
 * Options of the engine and the shapes they take. The processing pipeline's step types live here too:
 * a step's context carries the options and the options carry the steps, so they are one topic.
 */
import type { EngineEventBus } from './events.js';
import type { UploadFileRecord } from './file-record.js';
import type { FileSizeLimit } from './file-limits.js';
import type { CorsOptions, ResumableOptions, StorageResponse, UploadMode } from '../upload/upload-options.js';
import type { CrashRecoveryOptions } from '../persistence/crash-recovery-types.js';

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

/** What `onBeforeFileAdded` may answer: false rejects, a File substitutes, true/undefined accepts. */
export type BeforeFileAddedResult = boolean | File | undefined | void;

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
