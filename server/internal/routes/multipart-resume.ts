import { UpupError } from '../../errors.js';
import type { MultipartResumeResponse } from '../../types.js';
import { toJsonResponse } from '../responses.js';
import { isDeadUploadError, listAllParts } from '../s3-operations.js';
import { nowInSeconds } from '../upload-token.js';
import { tokenExpiry } from '../upload-token-lifetime.js';
import type { RouteContext, RouteFailure } from './context.js';
import { storageCall } from './storage-call.js';
import { bindSession, deadUploadError, readRequestBody, requireTokenCodec, verifySessionToken } from './upload-session.js';

export const multipartResumeFailure: RouteFailure = { message: 'Multipart resume failed', code: 'STORAGE_ERROR' };

/**
 * POST /multipart/resume: the one route that accepts an expired token. The window is measured
 * from the original init (`issuedAt`, carried through every re-issue), so resuming cannot
 * extend it. The upload id never leaves the signed token. With a checksum algorithm bound at init
 * the answer names it, and each part carries the digest storage lists for it (AWS lists them;
 * storage that lists none leaves the client to send the digests it kept).
 */
export async function multipartResumeRoute(ctx: RouteContext): Promise<Response> {
  const body = await readRequestBody(ctx);
  const claims = await verifySessionToken(ctx, body, true);
  const now = nowInSeconds();
  const closesAt = claims.issuedAt + ctx.settings.resumeWindowSeconds;
  if (now >= closesAt) {
    throw new UpupError('Upload resume window has expired', 'expired', { status: 403, cause: new Error(`resume window closed at ${closesAt}, now ${now}`) });
  }
  const { storage } = await bindSession(ctx, body, claims);
  let parts;
  try {
    parts = await listAllParts(storage.client, storage.storage.bucket, claims.key, claims.uploadId, storageCall(ctx), claims.checksumAlgorithm);
  } catch (error) {
    // A dead upload is 404, never 500: clients drop the session on a 4xx and retry later on a 5xx.
    if (isDeadUploadError(error)) throw deadUploadError(error);
    throw error;
  }
  // Never past the window: a token re-issued near its close expires when the window does.
  const token = await requireTokenCodec(ctx).sign({ ...claims, expiresAt: tokenExpiry(now, claims.issuedAt, ctx.settings.resumeWindowSeconds) });
  const payload: MultipartResumeResponse = {
    key: claims.key,
    token,
    parts,
    ...(claims.checksumAlgorithm ? { checksumAlgorithm: claims.checksumAlgorithm } : {}),
  };
  return toJsonResponse(payload);
}
