/**
 * Public types of the server module: the handler configuration and its hooks; the bodies it sends
 * come from protocol/wire.ts.
 */
import type { DriveProvidersConfig, DriveRouteOptions, DriveTokenStore } from './drives/types.js';
import type { CompletionConfig } from './internal/completion/completion-settings.js';
import type { HandlerObserver } from './observers.js';
import type { MultipartInitResponse, MultipartSignPartResponse, PresignedUrlResponse } from '../protocol/wire.js';

// The bodies the handler sends are declared once, with the browser side that reads them.
export type { CompletionConfig } from './internal/completion/completion-settings.js';
export type {
  CompleteUploadRequest,
  CompleteUploadResponse,
  FailureBody,
  MultipartAbortResponse,
  MultipartCompleteResponse,
  MultipartInitResponse,
  MultipartResumeResponse,
  MultipartSignPartResponse,
  PresignedUrlResponse,
  UploadedPart,
} from '../protocol/wire.js';

export interface StorageCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** An S3-compatible bucket. `type` is a label (`aws`, `r2`, `minio`, `s3`, ...); it selects nothing. */
export interface StorageConfig {
  type: string;
  bucket: string;
  region: string;
  /** Where the handler sends its own storage calls. Omitted: the provider's default for `region`. */
  endpoint?: string;
  /**
   * Where browsers reach the same storage, when that differs from `endpoint`: the endpoint of the
   * URLs the handler signs for them (uploads, parts, downloads). For a handler that calls storage
   * by an internal name (`http://minio:9000` in Docker Compose, a VPC endpoint, a private link)
   * while browsers reach it at a public one. Whatever sits in front must pass the browser's `Host`
   * header through unchanged: it is part of the signature. Omitted: `endpoint`.
   */
  browserEndpoint?: string;
  forcePathStyle?: boolean;
  /** Omitted: the AWS SDK's default credential chain (environment, instance role, ...). */
  credentials?: StorageCredentials;
  /** When set, responses carry `publicUrl = publicUrlBase + '/' + key`. */
  publicUrlBase?: string;
  /**
   * With `checksumVerification` (and the same `checksumAlgorithm`) on the client, also sign the
   * body's digest in this algorithm into single-PUT and part URLs as `x-amz-checksum-<algorithm>`
   * (AWS S3 checks it; Ceph RGW ignores it); drive transfers send it on every PUT and part they
   * write. Content-MD5 is signed either way. Omitted: no `x-amz-checksum-*` header.
   */
  checksumAlgorithm?: 'CRC32' | 'CRC32C' | 'SHA256';
}

export interface StorageResolverContext {
  /** The resolved user id, `null` when anonymous. */
  userId: string | null;
  /** The client's `metadata` on /presign and /multipart/init; `undefined` on the continuation routes. */
  metadata: Record<string, unknown> | undefined;
}

/** Chooses the bucket per request. It must give the same bucket for the continuations of an upload. */
export type StorageResolver = (req: Request, ctx: StorageResolverContext) => StorageConfig | Promise<StorageConfig>;

export interface UploadFileInfo {
  name: string;
  type: string;
  size: number;
}

export interface KeyStrategyContext {
  /** As the client sent it, except `type`, which is normalised; `file.name` is raw client text. */
  file: UploadFileInfo;
  /**
   * `file.name` made safe for a key: its last path segment, letters, digits, `.`, `-`, `_`
   * only, no leading dot, at most 200 bytes. The default key uses it.
   */
  safeName: string;
  userId: string | null;
  metadata: Record<string, unknown> | undefined;
}

/** Returns the object key. The client never proposes one. */
export type KeyStrategy = (ctx: KeyStrategyContext) => string | Promise<string>;

/** `transfer`: POST /files/:provider/transfer, with the file as the provider describes it. */
export type UploadStartPhase = 'presign' | 'multipart-init' | 'transfer';

export interface BeforeUploadContext {
  req: Request;
  phase: UploadStartPhase;
  file: UploadFileInfo;
  metadata: Record<string, unknown> | undefined;
}

export type PresignResponsePhase = 'presign' | 'multipart-init' | 'multipart-sign-part';

export interface PresignResponseContext {
  req: Request;
  phase: PresignResponsePhase;
  /** The key in the payload. */
  key: string;
  /** Absent for `multipart-sign-part`. */
  metadata?: Record<string, unknown>;
  userId: string | null;
}

export type PresignResponsePayload = PresignedUrlResponse | MultipartInitResponse | MultipartSignPartResponse;

/** How a stored object got there: /complete after a single PUT, /multipart/complete, or a drive transfer. */
export type UploadSource = 'single' | 'multipart' | 'drive';

/** A file that is durable in the bucket. */
export interface UploadedFileEvent {
  /** The request that completed the upload (its client may have gone since). */
  req: Request;
  requestId: string;
  key: string;
  /** Bytes stored. */
  size: number;
  etag?: string;
  userId: string | null;
  /** `single` after /complete; `multipart` after /multipart/complete; `drive` after a drive transfer. */
  source: UploadSource;
  /**
   * Identifies this upload, the same on every request that completes it: the multipart upload id,
   * the id in a single upload's completion token, a fresh id per drive transfer. The hooks run
   * once per upload; a host that must never act twice (a crash can repeat a hook) keys on it.
   */
  uploadId: string;
  /** The client's `metadata` from /presign (when it was at most 16 KiB of JSON); absent for multipart and drive uploads. */
  metadata?: Record<string, unknown>;
  /** Drive slug when `source` is `drive`. */
  provider?: string;
  /** The file name, for drive transfers. */
  name?: string;
  /** The stored object's content type, as storage reports it. */
  type?: string;
}

/** `true` accepts, `false` refuses, `{key}` accepts the object the hook moved to `key`. */
export type UploadVerdict = boolean | { key: string };

/** What `verifyUpload` sees: the stored upload, and the bucket it is in (the resolved one, with a resolver). */
export interface VerifyUploadContext extends UploadedFileEvent {
  storage: StorageConfig;
}

/** What `hooks.onError` receives for every failure, including swallowed hook errors. */
export interface UploadErrorRecord {
  /** Same value as the response's `x-svc-request-id`. */
  requestId: string;
  /** The route pattern (`/multipart/complete`, `/auth/:provider`, ...) or the request path when none matched. */
  route: string;
  method: string;
  /** Status of the response sent; for a swallowed hook error, the status of the (successful) response. */
  status: number;
  code?: string;
  /** The message the client saw (or would have seen). */
  message: string;
  /** The real cause: a storage error, a thrown hook error, a token verification detail. */
  error: unknown;
  /** Set for errors that did not change the response, e.g. `onFileUploaded` for a throwing hook. */
  swallowedFrom?: string;
}

export interface UploadHooks {
  /** Runs on /presign and /multipart/init after the size and type checks. `false` rejects (403). */
  onBeforeUpload?: (ctx: BeforeUploadContext) => boolean | void | Promise<boolean | void>;
  /**
   * The verdict on a stored object, before it counts (/complete, /multipart/complete, drive
   * transfers). `true` accepts; `{key}` accepts the object the hook moved to that key (quarantine);
   * `false` refuses: the object is deleted and the client gets 403 `Upload rejected`. A thrown
   * `UpupError` refuses with its message, code and 4xx status (403 when it has none). Any other
   * throw, or another result, keeps the object and answers 500 `Internal error`; the verdict is
   * asked again when the client repeats the completion. Not bounded in time.
   */
  verifyUpload?: (upload: VerifyUploadContext) => UploadVerdict | Promise<UploadVerdict>;
  /** Once per stored object, after the verdict accepted it (all three ways in). A throw is logged and swallowed. */
  onFileUploaded?: (file: UploadedFileEvent) => unknown;
  /** Right after `onFileUploaded`, with the same event. A throw is logged and swallowed. */
  onUploadComplete?: (file: UploadedFileEvent) => unknown;
  /** May replace the body of /presign, /multipart/init and /multipart/sign-part. */
  onPresignResponse?: (payload: PresignResponsePayload, ctx: PresignResponseContext) => PresignResponsePayload | void | Promise<PresignResponsePayload | void>;
  /** Receives every failure with its real cause. Its own throws are ignored. */
  onError?: (record: UploadErrorRecord) => unknown;
}

export interface CorsConfig {
  /** Concrete origins (`https://app.example.com`) and/or `*`. */
  allowedOrigins: string[];
  /** Preflight `Access-Control-Allow-Methods`; default `GET, POST, OPTIONS`. */
  allowedMethods?: string[];
  /** Preflight `Access-Control-Allow-Headers`; default `Content-Type, Authorization`. */
  allowedHeaders?: string[];
  /** Preflight `Access-Control-Max-Age`; default 600. */
  maxAgeSeconds?: number;
}

export interface HealthConfig {
  /** Adds `uploadTokenFingerprint` (first 8 hex characters of SHA-256 of the secret). Default false. */
  exposeSecretFingerprint?: boolean;
}

export interface AuthGateContext {
  /** The matched route pattern, e.g. `/presign` or `/auth/:provider/cb`; the path when none matched. */
  route: string;
}

export interface UploadHandlerConfig {
  storage: StorageConfig | StorageResolver;
  /**
   * HMAC key of multipart upload tokens; at least 16 characters. Without it, multipart routes fail.
   * A list rotates keys: the first signs new tokens, every entry verifies (each at least 16 characters).
   */
  uploadTokenSecret?: string | readonly string[];
  /** Global gate before every route except OPTIONS and GET /health; `false` gives 401 `Unauthorized`. */
  auth?: (req: Request, ctx: AuthGateContext) => boolean | Promise<boolean>;
  /** Stable subject id of the caller, or null. Never return the literal `default`. */
  getUserId?: (req: Request) => string | null | undefined | Promise<string | null | undefined>;
  /** Opens /presign and /multipart/init to callers without an identity. */
  allowAnonymousUploads?: boolean;
  /** Bytes; no limit when omitted. */
  maxFileSize?: number;
  /** Exact MIME types or `family/*` patterns; all types when omitted. */
  allowedTypes?: string[];
  keyStrategy?: KeyStrategy;
  cors?: CorsConfig;
  /**
   * Absolute URL where browsers reach the handler (`https://app.example.com`); its origin is the
   * handler's own origin for the cross-site check and drive redirect URIs. Default: the request URL's.
   */
  publicUrl?: string;
  /**
   * Behind a proxy that sets them, read the handler's own origin from `Forwarded` or
   * `X-Forwarded-Proto` / `X-Forwarded-Host` (the last entry, written by the nearest proxy).
   * Default false; `publicUrl` wins when both are set.
   */
  trustProxy?: boolean;
  health?: HealthConfig;
  /**
   * Milliseconds a client has to send a whole JSON request body, counted from when the route
   * starts reading it; a body still arriving then is refused with 408 `Request body timeout`.
   * Default 30000.
   */
  requestBodyTimeoutMs?: number;
  /** Seconds after init during which /multipart/resume works; default 86400; 0 removes the route. */
  multipartResumeWindowSeconds?: number;
  /** Lifetime of signed download URLs in seconds; default 259200 (3 days). */
  downloadUrlExpiresIn?: number;
  /**
   * The `Content-Disposition` and `Cache-Control` a single upload's object is stored with; they are
   * signed into its PUT URL, so storage refuses a PUT that sends other values. Default `inline`
   * and `private` (see docs/server.md, "Security model").
   */
  storedObjectHeaders?: StoredObjectHeadersConfig;
  hooks?: UploadHooks;
  /** Completion markers: where they live and how long a claim holds (see docs/server.md, "Completion"). */
  completion?: CompletionConfig;
  /** OAuth clients of the cloud drives, keyed `googleDrive`, `oneDrive`, `dropbox`, `box`. */
  providers?: DriveProvidersConfig;
  tokenStore?: DriveTokenStore;
  /** Lets drive routes run without a user id (all callers share one anonymous namespace). */
  allowAnonymous?: boolean;
  /** Timeouts and the transfer bound of the drive routes (see docs/drives.md). */
  drives?: DriveRouteOptions;
  /**
   * What sees every request: metrics, traces, failure log lines (see docs/operations.md). None by
   * default; the metrics and tracing observers come from their own entry points, so their
   * libraries load only when a host imports them.
   */
  observers?: readonly HandlerObserver[];
}

export type UploadHandler = (req: Request) => Promise<Response>;

export interface HealthResponse {
  status: 'ok' | 'degraded';
  checks: {
    config: 'ok' | 'incomplete';
    storage: 'ok' | 'error' | 'skipped';
  };
  summary: {
    storageType: string;
    anonymousUploads: boolean;
    anonymousDrives: boolean;
    driveProviders: number;
    uploadTokenTtlSeconds: number;
  };
  uploadTokenFingerprint?: string;
}

/** `storedObjectHeaders`: header values exactly as stored on the object. */
export interface StoredObjectHeadersConfig {
  contentDisposition?: string;
  cacheControl?: string;
}
