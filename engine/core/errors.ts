import type { FailureCode, UploadFailure } from './types.js';

/** Thrown for options that cannot work together (two targets, a mode without its target, …). */
export class ConfigurationError extends Error {
  readonly code = 'CONFIGURATION_ERROR' as const;
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

/** An upload failure as an Error, so it can travel through promise chains. */
export class UploadFailureError extends Error implements UploadFailure {
  readonly code: FailureCode;
  readonly status?: number;
  readonly serverCode?: string;
  readonly retryable: boolean;
  /** How long the server asked to wait (`Retry-After`, already capped); read by the retry loops. */
  readonly retryAfterMs?: number;
  readonly serverMessage?: string;
  readonly from?: 'handler' | 'storage';
  readonly storageAnswered?: boolean;

  constructor(failure: UploadFailure) {
    super(failure.message);
    this.name = 'UploadFailureError';
    this.code = failure.code;
    this.status = failure.status;
    this.serverCode = failure.serverCode;
    this.retryable = failure.retryable;
    this.retryAfterMs = failure.retryAfterMs;
    this.serverMessage = failure.serverMessage;
    this.from = failure.from;
    this.storageAnswered = failure.storageAnswered;
  }

  toFailure(): UploadFailure {
    const failure: UploadFailure = { code: this.code, message: this.message, retryable: this.retryable };
    if (this.status !== undefined) failure.status = this.status;
    if (this.serverCode !== undefined) failure.serverCode = this.serverCode;
    if (this.serverMessage !== undefined) failure.serverMessage = this.serverMessage;
    if (this.from !== undefined) failure.from = this.from;
    if (this.retryAfterMs !== undefined) failure.retryAfterMs = this.retryAfterMs;
    if (this.storageAnswered) failure.storageAnswered = true;
    return failure;
  }
}

/**
 * A file the browser can no longer read. Chromium keeps a chosen file's size and time and refuses
 * to read it once they changed (or it is gone), with NotReadableError or NotFoundError; sending
 * it again cannot help, adding it again does.
 */
export function fileUnreadableFailure(): UploadFailureError {
  return new UploadFailureError({
    code: 'FILE_UNREADABLE',
    message: 'The file could not be read: it was changed, moved or deleted after it was chosen',
    retryable: false,
  });
}

function isFileReadError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotReadableError' || error.name === 'NotFoundError');
}

/** Normalizes anything thrown during an upload into a failure description. */
export function toUploadFailure(error: unknown): UploadFailure {
  if (error instanceof UploadFailureError) return error.toFailure();
  if (isFileReadError(error)) return fileUnreadableFailure().toFailure();
  if (error instanceof ConfigurationError) {
    return { code: 'CONFIGURATION_ERROR', message: error.message, retryable: false };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'NETWORK_ERROR', message, retryable: true };
}

/** The server's wish for the next retry carried by a failure, when it said one. */
export function retryHintOf(error: unknown): { retryAfterMs?: number; serverCode?: string } | undefined {
  if (!(error instanceof UploadFailureError)) return undefined;
  return { retryAfterMs: error.retryAfterMs, serverCode: error.serverCode };
}

/** Reasons an in-flight attempt is aborted on purpose (not failures). */
export type AbortCause = 'paused-by-user' | 'paused-offline' | 'canceled' | 'removed' | 'reset';

export function isAbortCause(value: unknown): value is AbortCause {
  return value === 'paused-by-user' || value === 'paused-offline' || value === 'canceled' || value === 'removed' || value === 'reset';
}
