import type { MultipartInitResponse } from '../../types.js';
import type { InitPartUrl } from '../../../protocol/wire.js';
import type { AmzChecksumAlgorithm } from '../amz-checksum.js';
import { readChecksumSha256 } from '../checksum-metadata.js';
import { toHex } from '../encoding.js';
import { algorithmToBind } from '../multipart-checksum.js';
import { computePartSize, countParts } from '../part-size.js';
import { toJsonResponse } from '../responses.js';
import { abortMultipartUpload, createMultipartUpload } from '../s3-operations.js';
import { nowInSeconds } from '../upload-token.js';
import { tokenExpiry } from '../upload-token-lifetime.js';
import type { RouteContext, RouteFailure } from './context.js';
import { signPartUrl, type PartUrlBinding } from './part-url.js';
import { detachedStorageCall, storageCall } from './storage-call.js';
import { requireTokenCodec } from './upload-session.js';
import { applyPresignResponseHook, prepareUploadStart, type PreparedUpload } from './upload-start.js';

export const multipartInitFailure: RouteFailure = { message: 'Multipart init failed', code: 'STORAGE_ERROR' };

/** 128 random bits, hex: tells this upload's object apart from any other object under the key. */
function createUploadNonce(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * Parts 1 to `min(signParts, part count)`, signed as /multipart/sign-part signs them. None for an
 * upload bound to a checksum algorithm: each of its part URLs must carry that part's digest.
 */
async function signFirstParts(
  upload: PreparedUpload,
  binding: PartUrlBinding,
  checksumAlgorithm: AmzChecksumAlgorithm | undefined,
): Promise<InitPartUrl[] | undefined> {
  if (upload.signParts === undefined || checksumAlgorithm) return undefined;
  const count = Math.min(upload.signParts, countParts(binding.maxSize, binding.partSize));
  const partNumbers = Array.from({ length: count }, (_, index) => index + 1);
  return Promise.all(partNumbers.map(async (partNumber) => ({ partNumber, ...(await signPartUrl(upload.storage, binding, partNumber)) })));
}

/**
 * Everything after storage opened the upload. Whatever throws here (a failing
 * `onPresignResponse`, signing) would leave an upload nobody holds a token for, so it is aborted
 * before the error becomes the route's 500.
 */
async function issueSession(
  ctx: RouteContext,
  upload: PreparedUpload,
  opened: { uploadId: string; uploadNonce: string; partSize: number; checksumAlgorithm: AmzChecksumAlgorithm | undefined },
): Promise<unknown> {
  const { uploadId, uploadNonce, partSize, checksumAlgorithm } = opened;
  const issuedAt = nowInSeconds();
  const expiresAt = tokenExpiry(issuedAt, issuedAt, ctx.settings.resumeWindowSeconds);
  const token = await requireTokenCodec(ctx).sign({
    key: upload.key,
    uploadId,
    userId: upload.userId,
    minSize: upload.file.size,
    maxSize: upload.file.size,
    expiresAt,
    issuedAt,
    storageId: upload.storage.storageId,
    partSize,
    uploadNonce,
    ...(checksumAlgorithm ? { checksumAlgorithm } : {}),
  });
  const parts = await signFirstParts(upload, { key: upload.key, uploadId, maxSize: upload.file.size, partSize, expiresAt }, checksumAlgorithm);
  const payload: MultipartInitResponse = {
    key: upload.key,
    uploadId,
    partSize,
    expiresIn: expiresAt - issuedAt,
    token,
    ...(checksumAlgorithm ? { checksumAlgorithm } : {}),
    ...(parts ? { parts } : {}),
  };
  return applyPresignResponseHook(ctx, payload, { phase: 'multipart-init', key: upload.key, metadata: upload.metadata, userId: upload.userId });
}

/**
 * POST /multipart/init: opens a multipart upload and issues the token that authorizes every
 * later step. The token's size envelope is the declared size, exactly; it also binds the part size,
 * and the client's `checksumAlgorithm` when it is the bucket's (then named in the answer, and every
 * part must carry its digest in it); another or none opens the upload without one. With
 * `signParts` (and no bound algorithm) the answer carries the first part URLs too (`parts`), so
 * the client's first PUTs need no /multipart/sign-part round trip.
 */
export async function multipartInitRoute(ctx: RouteContext): Promise<Response> {
  const upload = await prepareUploadStart(ctx, 'multipart-init');
  requireTokenCodec(ctx);
  const { client, storage } = upload.storage;
  const partSize = computePartSize(upload.file.size, upload.chunkSizeBytes);
  const uploadNonce = createUploadNonce();
  const checksumAlgorithm = algorithmToBind(upload.checksumAlgorithm, storage.checksumAlgorithm);
  const uploadId = await createMultipartUpload(
    client,
    storage.bucket,
    upload.key,
    {
      type: upload.file.type,
      uploadNonce,
      checksumSha256: readChecksumSha256(upload.metadata),
      checksumAlgorithm,
    },
    storageCall(ctx),
  );
  try {
    return toJsonResponse(await issueSession(ctx, upload, { uploadId, uploadNonce, partSize, checksumAlgorithm }));
  } catch (error) {
    try {
      // Not tied to the request: the clean-up must run even when the client has gone.
      await abortMultipartUpload(client, storage.bucket, upload.key, uploadId, detachedStorageCall());
    } catch (abortError) {
      ctx.reportSwallowed(abortError, 'abort of the upload opened before multipart init failed');
    }
    throw error;
  }
}
