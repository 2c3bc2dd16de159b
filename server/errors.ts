/**
 * The one error type of the server module. Route code throws it with the HTTP status the client
 * should see; the handler turns it into the failure body `{ error, code? }`. Hooks throw it to
 * reject an upload with their own message and code.
 *
 * Recognise it with {@link isUpupError}, never `instanceof`: a host can end up with two copies of
 * this module (two bundles, a linked package), and `instanceof` fails across copies.
 */
export const UpupErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  AUTH_REQUIRED: 'AUTH_REQUIRED',
  AUTH_DENIED: 'AUTH_DENIED',
  PRESIGN_FAILED: 'PRESIGN_FAILED',
  STORAGE_ERROR: 'STORAGE_ERROR',
  NOT_FOUND: 'NOT_FOUND',
  AUTH_PROVIDER_ERROR: 'AUTH_PROVIDER_ERROR',
  /** Thrown at construction (and by the standalone utilities) for an unusable configuration. */
  CONFIG_ERROR: 'CONFIG_ERROR',
  /** Thrown by `s3GeneratePresignedUrl` when the file is above `fileParams.maxFileSize`. */
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  /** Thrown by `s3GeneratePresignedUrl` when the file does not match `fileParams.accept`. */
  FILE_TYPE_NOT_ALLOWED: 'FILE_TYPE_NOT_ALLOWED',
} as const;

export type UpupErrorCode = (typeof UpupErrorCode)[keyof typeof UpupErrorCode];

/** Codes of a refused upload token (lower case on the wire, as clients match them). */
export type UploadTokenErrorCode = 'malformed' | 'bad_signature' | 'expired';

export interface UpupErrorOptions {
  /** HTTP status of the response this error becomes; the route decides when absent. */
  status?: number;
  /** The real cause; it reaches `hooks.onError`, never the client. */
  cause?: unknown;
}

export class UpupError extends Error {
  /** Sent as `code` in the failure body; absent for the plain validation rejections. */
  readonly code: UpupErrorCode | UploadTokenErrorCode | (string & {}) | undefined;
  readonly status: number | undefined;

  constructor(message: string, code?: UpupErrorCode | UploadTokenErrorCode | (string & {}), options: UpupErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
  }

  override get name(): string {
    return 'UpupError';
  }
}

/** True for an `UpupError` from any copy of this module (checked by name, not by class). */
export function isUpupError(value: unknown): value is UpupError {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'UpupError';
}

/** A configuration error: thrown at construction and by the standalone utilities. */
export function createConfigError(message: string): UpupError {
  return new UpupError(message, UpupErrorCode.CONFIG_ERROR);
}
