import type { MultipartInitResponse } from '../../types.js';
import { computePartSize } from '../part-size.js';
import { toJsonResponse } from '../responses.js';
import { createMultipartUpload } from '../s3-operations.js';
import { nowInSeconds, UPLOAD_TOKEN_TTL_SECONDS } from '../upload-token.js';
import type { RouteContext, RouteFailure } from './context.js';
import { requireTokenCodec } from './upload-session.js';
import { applyPresignResponseHook, prepareUploadStart } from './upload-start.js';

export const multipartInitFailure: RouteFailure = { message: 'Multipart init failed', code: 'STORAGE_ERROR' };

/**
 * POST /multipart/init: opens a multipart upload and issues the token that authorizes every
 * later step. The token's size envelope is the declared size, exactly.
 */
export async function multipartInitRoute(ctx: RouteContext): Promise<Response> {
  const upload = await prepareUploadStart(ctx, 'multipart-init');
  const codec = requireTokenCodec(ctx);
  const { client, storage, storageId } = upload.storage;
  const partSize = computePartSize(upload.file.size, upload.chunkSizeBytes);
  const uploadId = await createMultipartUpload(client, storage.bucket, upload.key, upload.file.type);
  const issuedAt = nowInSeconds();
  const token = await codec.sign({
    key: upload.key,
    uploadId,
    userId: upload.userId,
    minSize: upload.file.size,
    maxSize: upload.file.size,
    expiresAt: issuedAt + UPLOAD_TOKEN_TTL_SECONDS,
    issuedAt,
    storageId,
  });
  const payload: MultipartInitResponse = { key: upload.key, uploadId, partSize, expiresIn: UPLOAD_TOKEN_TTL_SECONDS, token };
  const body = await applyPresignResponseHook(ctx, payload, { phase: 'multipart-init', key: upload.key, metadata: upload.metadata, userId: upload.userId });
  return toJsonResponse(body);
}
