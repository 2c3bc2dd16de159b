/**
 * A repeated /multipart/complete for an upload that already committed. When the first answer is
 * lost (a dropped connection, a proxy timeout), the client retries; storage no longer knows the
 * upload id, yet the object is stored. The object carries the nonce its init wrote into its
 * metadata, so the handler can tell "this upload's object" from anything else under the key
 * without keeping any state of its own.
 */
import { isUpupError } from '../../errors.js';
import type { MultipartCompleteResponse } from '../../types.js';
import { toPublicUrl } from '../object-key.js';
import { presignGetObject, readStoredObject } from '../s3-operations.js';
import type { RouteContext } from './context.js';
import { storageCall } from './storage-call.js';
import { DEAD_UPLOAD_MESSAGE, type UploadSession } from './upload-session.js';

export function isDeadUploadFailure(error: unknown): boolean {
  return isUpupError(error) && error.status === 404 && error.message === DEAD_UPLOAD_MESSAGE;
}

/** The 200 payload of a committed upload; the download URL is signed afresh each time. */
export async function toCompletePayload(ctx: RouteContext, session: UploadSession, etag: string | undefined): Promise<MultipartCompleteResponse> {
  const { claims, storage } = session;
  const downloadUrl = await presignGetObject(storage.client, storage.storage.bucket, claims.key, ctx.settings.downloadUrlExpiresIn);
  const publicUrl = toPublicUrl(storage.storage.publicUrlBase, claims.key);
  return { key: claims.key, downloadUrl, ...(publicUrl ? { publicUrl } : {}), ...(etag ? { etag } : {}) };
}

/**
 * The payload of the first answer when the object under the token's key is this upload's
 * (same nonce, size inside the signed envelope); undefined otherwise, and for tokens that carry
 * no nonce. The after-commit hooks ran with the first answer and do not run again.
 */
export async function findCommittedUpload(ctx: RouteContext, session: UploadSession): Promise<MultipartCompleteResponse | undefined> {
  const { claims, storage } = session;
  if (claims.uploadNonce === undefined) return undefined;
  const stored = await readStoredObject(storage.client, storage.storage.bucket, claims.key, storageCall(ctx));
  if (!stored || stored.uploadNonce !== claims.uploadNonce) return undefined;
  if (stored.size < claims.minSize || stored.size > claims.maxSize) return undefined;
  return toCompletePayload(ctx, session, stored.etag);
}
