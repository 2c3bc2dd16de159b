/** The upload options of the engine: where files go (`mode`), resumable uploads, CORS, and what a storage answer looks like to `isSuccessfulCall`. */
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

/** The `cors` prop; in client mode `dangerouslyAutoConfigure` is forwarded to the token endpoint. */
export interface CorsOptions {
  dangerouslyAutoConfigure?: boolean;
  allowedOrigins: string[];
  allowedMethods?: string[];
  allowedHeaders?: string[];
  maxAgeSeconds?: number;
}

/** Input of `isSuccessfulCall`: the storage (or tus) response of an upload. */
export interface StorageResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
