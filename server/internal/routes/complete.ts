/**
 * POST /complete: the end of a single upload. The client presents the completion token /presign
 * gave it once its PUT succeeded; the handler checks with storage that this upload's object is
 * there as it was signed (size, type, digests), asks the host's verdict, runs the after-commit
 * hooks once, and answers like /multipart/complete.
 */
import { UpupError, UpupErrorCode } from '../../errors.js';
import {
  completeOnceAfterRead,
  isCompletionBusy,
  toCompletionBusyResponse,
  type CompletionOutcome,
  type CompletionTarget,
} from '../completion/complete-once.js';
import { toCompletedPayload } from '../completion/completed-payload.js';
import { deleteRefusedObject, finalizeStoredUpload } from '../completion/finalize-upload.js';
import { markerKeyFor } from '../completion/marker-store.js';
import { findMismatch } from '../completion/object-check.js';
import type { CompletionTokenClaims, CompletionTokenCodec } from '../completion-token.js';
import { assertTokenOwner } from '../identity.js';
import { assertSameStorage, resolveRequestStorage } from '../request-storage.js';
import { toJsonResponse } from '../responses.js';
import { readStoredObject } from '../s3-operations.js';
import type { RouteContext, RouteFailure } from './context.js';
import { detachedStorageCall } from './storage-call.js';
import { readRequestBody } from './upload-session.js';

export const completeFailure: RouteFailure = { message: 'Upload completion failed', code: 'STORAGE_ERROR' };
const UPLOAD_NOT_FOUND = 'Upload not found';
function requireCompletionCodec(ctx: RouteContext): CompletionTokenCodec {
  if (!ctx.settings.completionCodec) throw new Error('uploadTokenSecret is missing or shorter than 16 characters');
  return ctx.settings.completionCodec;
}

function uploadNotFound(detail: string): UpupError {
  return new UpupError(UPLOAD_NOT_FOUND, UpupErrorCode.NOT_FOUND, { status: 404, cause: new Error(detail) });
}

/**
 * Reads the stored object while claiming the completion (see completeOnceAfterRead). Under the
 * claim no outcome is recorded yet, so an object that is missing or another upload's was never
 * this upload's to complete: 404. (One refused and deleted, or accepted and moved by a hook, has
 * its recorded outcome, which the claim answers with.)
 */
function completeStoredUpload(ctx: RouteContext, claims: CompletionTokenClaims, target: CompletionTarget): Promise<CompletionOutcome> {
  const { storage } = target;
  const readObject = () => readStoredObject(storage.client, storage.storage.bucket, claims.key, detachedStorageCall(), claims.checksum !== undefined);
  return completeOnceAfterRead(ctx, target, readObject, async (reading) => {
    const stored = await reading;
    // The nonce is this upload's id; an object with another one was written by another upload of the key.
    if (!stored || (stored.uploadNonce !== undefined && stored.uploadNonce !== claims.uploadId)) {
      throw uploadNotFound(stored ? 'the object under the key belongs to another upload' : 'no object under the key');
    }
    const mismatch = findMismatch(claims, stored);
    if (mismatch) {
      await deleteRefusedObject(ctx, storage, claims.key);
      return { kind: 'refused', refusal: mismatch };
    }
    return finalizeStoredUpload(ctx, storage, {
      key: claims.key,
      size: stored.size,
      ...(stored.etag ? { etag: stored.etag } : {}),
      userId: claims.userId,
      source: 'single',
      uploadId: claims.uploadId,
      ...(claims.metadata ? { metadata: claims.metadata } : {}),
      ...(stored.contentType ? { type: stored.contentType } : {}),
    });
  });
}

export async function completeRoute(ctx: RouteContext): Promise<Response> {
  const body = await readRequestBody(ctx);
  const claims = await requireCompletionCodec(ctx).verify(body.token);
  await assertTokenOwner(ctx.settings.config, ctx.req, claims);
  const storage = await resolveRequestStorage(ctx.settings, ctx.req, { userId: claims.userId, metadata: undefined }, ctx.telemetry);
  assertSameStorage(storage, claims.storageId);
  const markerKey = await markerKeyFor(ctx.settings.completion.markerPrefix, claims.key, 'single', claims.uploadId);
  const target: CompletionTarget = { storage, markerKey, key: claims.key, uploadId: claims.uploadId, source: 'single' };
  let outcome: CompletionOutcome;
  try {
    outcome = await completeStoredUpload(ctx, claims, target);
  } catch (error) {
    if (isCompletionBusy(error)) return toCompletionBusyResponse();
    throw error;
  }
  return toJsonResponse(await toCompletedPayload(ctx, storage, outcome));
}
