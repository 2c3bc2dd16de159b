/**
 * Public types of the server module: the handler configuration and its hooks; the bodies it sends
 * come from protocol/wire.ts.
 */
import type { DriveProvidersConfig, DriveRouteOptions, DriveTokenStore } from './drives/types.js';
import type { MultipartInitResponse, MultipartSignPartResponse, PresignedUrlResponse } from '../protocol/wire.js';

// The bodies the handler sends are declared once, with the browser side that reads them.
export type {
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
  endpoint?: string;
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

/** A file that is durable in the bucket. */
export interface UploadedFileEvent {
  req: Request;
  requestId: string;
  key: string;
  /** Bytes stored. */
  size: number;
  etag?: string;
  userId: string | null;
  /** `multipart` after /multipart/complete; `drive` after a drive transfer. */
  source: 'multipart' | 'drive';
  /** Drive slug when `source` is `drive`. */
  provider?: string;
  name?: string;
  type?: string;
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
  /** After /multipart/complete commits and after a drive transfer. A throw is logged and swallowed. */
  onFileUploaded?: (file: UploadedFileEvent) => unknown;
  /** After /multipart/complete commits. A throw is logged and swallowed. */
  onUploadComplete?: (file: UploadedFileEvent) => unknown;
  /** May replace the body of /presign, /multipart/init and /multipart/sign-part. */
  onPresignResponse?: (
    payload: PresignResponsePayload,
    ctx: PresignResponseContext,
  ) => PresignResponsePayload | void | Promise<PresignResponsePayload | void>;
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
  hooks?: UploadHooks;
  /** OAuth clients of the cloud drives, keyed `googleDrive`, `oneDrive`, `dropbox`, `box`. */
  providers?: DriveProvidersConfig;
  tokenStore?: DriveTokenStore;
  /** Lets drive routes run without a user id (all callers share one anonymous namespace). */
  allowAnonymous?: boolean;
  /** Timeouts and the transfer bound of the drive routes (see docs/drives.md). */
  drives?: DriveRouteOptions;
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
