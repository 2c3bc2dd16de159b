/**
 * What the handler tells an observer: one per request, with its route, status and duration, the
 * storage calls it made and the uploads it started, finished, refused or aborted. Metrics
 * (`svc-uploader/server/prometheus`), traces (`svc-uploader/server/opentelemetry`) and the failure
 * log (`createFailureLog`) are observers; a host can write its own. An observer's throw is ignored:
 * observing never changes a response.
 */

/** How a file reached the bucket. */
export type UploadPath = 'single' | 'multipart' | 'drive-transfer';

export type UploadOutcome = 'started' | 'completed' | 'refused' | 'aborted';

export interface UploadEvent {
  path: UploadPath;
  outcome: UploadOutcome;
  /** For `refused`: the failure code the client saw, else `http_<status>`. */
  reason?: string;
  /** For `completed`: the size of the stored object. */
  bytes?: number;
}

export interface ObservedRequest {
  req: Request;
  /** Same value as the response's `x-svc-request-id`. */
  requestId: string;
}

export interface StorageCallResult {
  /** `ok`, or the storage error's code (`NoSuchUpload`, `AccessDenied`, `TimeoutError`...). */
  outcome: string;
  durationMs: number;
}

export interface RequestResult {
  /** The route pattern (`/presign`, `/files/:provider/transfer`), `unmatched` when none matched. */
  route: string;
  method: string;
  status: number;
  /** The failure code the client saw, when there is one. */
  code?: string;
  durationMs: number;
  /** The real cause of a failure (never sent to the client). */
  error?: unknown;
}

export interface RequestObserver {
  /** A storage call begins (`operation` is the S3 operation: `CreateMultipartUpload`...); the returned function hears its end. */
  storageCall?(operation: string): ((result: StorageCallResult) => void) | undefined;
  upload?(event: UploadEvent): void;
  /** The response is ready. */
  end?(result: RequestResult): void;
}

export interface HandlerObserver {
  /** A request arrived; return what observes it, or nothing. */
  observeRequest(request: ObservedRequest): RequestObserver | undefined;
}
