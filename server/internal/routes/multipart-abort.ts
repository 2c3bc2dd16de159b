import { toJsonResponse } from '../responses.js';
import { abortMultipartUpload, isDeadUploadError } from '../s3-operations.js';
import type { RouteContext, RouteFailure } from './context.js';
import { storageCall } from './storage-call.js';
import { openUploadSession } from './upload-session.js';

export const multipartAbortFailure: RouteFailure = { message: 'Multipart abort failed', code: 'STORAGE_ERROR' };

/**
 * POST /multipart/abort: storage discards the parts. Aborting an upload that no longer exists
 * succeeds too: the caller's goal (nothing left behind) holds, so a retried abort is harmless.
 */
export async function multipartAbortRoute(ctx: RouteContext): Promise<Response> {
  const { claims, storage } = await openUploadSession(ctx);
  try {
    await abortMultipartUpload(storage.client, storage.storage.bucket, claims.key, claims.uploadId, storageCall(ctx));
  } catch (error) {
    if (!isDeadUploadError(error)) throw error;
  }
  return toJsonResponse({ ok: true });
}
