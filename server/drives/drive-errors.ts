/**
 * Failures of the drive routes. A provider that no longer accepts the user's tokens is not an
 * error body but the re-auth signal `401 {reauth: true, provider}`, so it has its own type.
 */
import { UpupError, UpupErrorCode } from '../errors.js';

const REAUTH_ERROR_NAME = 'DriveReauthRequiredError';

/** The provider refused the stored tokens (401) or refreshing them failed: the user must sign in again. */
export class DriveReauthRequiredError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }

  override get name(): string {
    return REAUTH_ERROR_NAME;
  }
}

/** Recognised by name, like `isUpupError`, so it survives two copies of this module. */
export function isDriveReauthRequired(value: unknown): value is DriveReauthRequiredError {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === REAUTH_ERROR_NAME;
}

/** 500 `Drive request failed`: the provider, the stream, the size cap or the bucket write failed. */
export function createDriveRequestError(cause: unknown): UpupError {
  return new UpupError('Drive request failed', UpupErrorCode.STORAGE_ERROR, { status: 500, cause });
}

/** 502 `Token exchange failed`: the provider refused the authorization code. */
export function createTokenExchangeError(cause: unknown): UpupError {
  return new UpupError('Token exchange failed', UpupErrorCode.AUTH_PROVIDER_ERROR, { status: 502, cause });
}
