/**
 * Calls into the host's own code (`auth`, `getUserId`, `onBeforeUpload`). A deliberate
 * `UpupError` with a status keeps it; any other throw is a bug on the host's side, answered
 * 500 `Internal error` / `STORAGE_ERROR`, so a route's own failure body (`Presign failed`,
 * `Multipart init failed`) keeps meaning that a storage call failed.
 */
import { isUpupError, UpupError, UpupErrorCode } from '../errors.js';
import type { RouteFailure } from './routes/context.js';

export const INTERNAL_ERROR: RouteFailure = { message: 'Internal error', code: UpupErrorCode.STORAGE_ERROR };

export function toInternalError(cause: unknown): UpupError {
  return new UpupError(INTERNAL_ERROR.message, INTERNAL_ERROR.code, { status: 500, cause });
}

export async function callHostCode<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isUpupError(error) && error.status !== undefined) throw error;
    throw toInternalError(error);
  }
}
