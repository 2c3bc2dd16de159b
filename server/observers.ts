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

/** The part of a drive provider a call went to: its token endpoint, its API, a file download or a token revocation. */
export type ProviderOperation = 'token' | 'api' | 'download' | 'revoke';

export interface ProviderCallResult {
  /** `ok` (a 2xx or 3xx answer), `http_<status>`, `timeout`, `aborted` (the client left) or `network_error`. */
  outcome: string;
  /** Until the answer's headers: a download's body is not included. */
  durationMs: number;
}

/** A drive sign-in: `started` when the consent redirect is answered, `finished` when the tokens are stored. */
export interface SignInEvent {
  provider: string;
  outcome: 'started' | 'finished' | 'refused';
  /** For `refused`: `provider_error` (the user declined, or the provider failed), `missing_code`, `invalid_state`, `other_browser`, or the failure code the client saw, else `http_<status>`. */
  reason?: string;
}

/** A drive transfer takes one of the handler's transfer slots, gives it back, or is refused because none is free (503 `TRANSFER_BUSY`). */
export interface TransferSlotEvent {
  provider: string;
  change: 'taken' | 'released' | 'refused';
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
  /** A drive provider call begins; the returned function hears its end. */
  providerCall?(provider: string, operation: ProviderOperation): ((result: ProviderCallResult) => void) | undefined;
  upload?(event: UploadEvent): void;
  signIn?(event: SignInEvent): void;
  transferSlot?(event: TransferSlotEvent): void;
  /** The response is ready. */
  end?(result: RequestResult): void;
}

export interface HandlerObserver {
  /** A request arrived; return what observes it, or nothing. */
  observeRequest(request: ObservedRequest): RequestObserver | undefined;
}
