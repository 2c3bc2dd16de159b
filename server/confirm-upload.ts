/**
 * `confirmUpload`: the end of an upload signed by `s3GeneratePresignedUrl`, for a host that writes
 * its own token endpoint. It does what the handler's /complete checks (this upload's object is
 * there, with the size and type that were signed) and tells the first confirmation from a
 * repeat, with the same conditional marker the handler writes, so the host's own code runs once.
 */
import { createConfigError, UpupError, UpupErrorCode } from './errors.js';
import { DEFAULT_MARKER_PREFIX, createMarker, deleteStoredObject, markerKeyFor } from './internal/completion/marker-store.js';
import { findMismatch } from './internal/completion/object-check.js';
import { detachedStorageCall } from './internal/routes/storage-call.js';
import { readStoredObject } from './internal/s3-operations.js';
import { getS3Client } from './internal/storage-config.js';
import { readCompletionSecret, toUtilityStorage, type S3GeneratePresignedUrlParams } from './presign-utility.js';

export type ConfirmUploadParams = Pick<S3GeneratePresignedUrlParams, 'bucketName' | 'provider' | 's3ClientConfig'> & {
  /** The `completionSecret` given to `s3GeneratePresignedUrl`. */
  completionSecret: string | readonly string[];
};

export interface ConfirmedUpload {
  key: string;
  size: number;
  type: string;
  etag?: string;
  /** The upload's id, the same on every confirmation of it: key your own records on it. */
  uploadId: string;
  /**
   * True for exactly one confirmation of the upload (a conditional write decides, whatever the
   * number of servers); false for every repeat. Run your own after-upload code when it is true.
   * At most once: a process that dies between this answer and its own code does not get it again.
   */
  firstConfirmation: boolean;
}

/**
 * Checks `completionToken` (403 `Invalid upload token`), finds the upload's object (404 `Upload
 * not found`, code `NOT_FOUND`: nothing PUT yet, or another upload's object under the key), and
 * compares it with what was signed: a different size or type deletes it and throws 403
 * (`Upload size outside signed envelope`, `Upload type does not match the signed type`). Throws
 * `UpupError`s with a `status`, so an endpoint can answer `{error, code}` with it.
 */
export async function confirmUpload(params: ConfirmUploadParams, completionToken: unknown): Promise<ConfirmedUpload> {
  const storage = toUtilityStorage(params);
  const codec = readCompletionSecret(params.completionSecret);
  if (!codec) throw createConfigError('confirmUpload needs the completionSecret given to s3GeneratePresignedUrl');
  const claims = await codec.verify(completionToken);
  const client = getS3Client(storage);
  const stored = await readStoredObject(client, storage.bucket, claims.key, detachedStorageCall());
  if (!stored || (stored.uploadNonce !== undefined && stored.uploadNonce !== claims.uploadId)) {
    throw new UpupError('Upload not found', UpupErrorCode.NOT_FOUND, { status: 404 });
  }
  const mismatch = findMismatch(claims, stored);
  if (mismatch) {
    await deleteStoredObject(client, storage.bucket, claims.key, detachedStorageCall());
    throw new UpupError(mismatch.message, mismatch.code, { status: mismatch.status });
  }
  const markerKey = await markerKeyFor(DEFAULT_MARKER_PREFIX, claims.key, 'single', claims.uploadId);
  const created = await createMarker(
    client,
    storage.bucket,
    markerKey,
    { v: 1, state: 'done', key: claims.key, uploadId: claims.uploadId, source: 'single', size: stored.size, ...(stored.etag ? { etag: stored.etag } : {}) },
    detachedStorageCall(),
  );
  return {
    key: claims.key,
    size: stored.size,
    type: stored.contentType ?? claims.type,
    ...(stored.etag ? { etag: stored.etag } : {}),
    uploadId: claims.uploadId,
    firstConfirmation: created !== undefined,
  };
}
