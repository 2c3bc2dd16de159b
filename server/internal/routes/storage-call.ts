/**
 * Every storage call a route makes ends when the request does (the client went away) or when its
 * time is up, whichever comes first; a hung storage endpoint then costs one 500, not a request
 * that never answers. The SDK itself waits forever by default.
 */
import { createDeadlineSignal } from '../deadline-signal.js';
import type { StorageCallOptions } from '../s3-operations.js';
import type { RouteContext } from './context.js';

/** Create, list, abort, head: small requests that answer in well under a second when storage is healthy. */
const STORAGE_CALL_TIMEOUT_MS = 30_000;
/**
 * CompleteMultipartUpload assembles the object and, on AWS, can take minutes for a large one
 * (storage keeps the connection alive meanwhile), so it gets more time.
 */
export const STORAGE_COMMIT_TIMEOUT_MS = 10 * 60_000;

export function storageCall(ctx: RouteContext, timeoutMs = STORAGE_CALL_TIMEOUT_MS): StorageCallOptions {
  return { abortSignal: createDeadlineSignal(timeoutMs, ctx.req.signal) };
}

/**
 * For calls that must finish whether or not the client waits (work under a completion claim, which
 * other requests may share): only their own time limit.
 */
export function detachedStorageCall(timeoutMs = STORAGE_CALL_TIMEOUT_MS): StorageCallOptions {
  return { abortSignal: createDeadlineSignal(timeoutMs) };
}
