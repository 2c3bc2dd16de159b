import type { PresignedUrlResponse } from '../../types.js';
import { checksumToSign } from '../amz-checksum.js';
import { readChecksumSha256 } from '../checksum-metadata.js';
import { toPublicUrl } from '../object-key.js';
import { toJsonResponse } from '../responses.js';
import { presignGetObject, presignPutObject, UPLOAD_URL_EXPIRES_IN } from '../s3-operations.js';
import type { RouteContext, RouteFailure } from './context.js';
import { applyPresignResponseHook, prepareUploadStart } from './upload-start.js';

export const presignFailure: RouteFailure = { message: 'Presign failed', code: 'PRESIGN_FAILED' };

/** POST /presign: one presigned PUT for a small file, plus a signed download URL. */
export async function presignRoute(ctx: RouteContext): Promise<Response> {
  const upload = await prepareUploadStart(ctx, 'presign');
  const { client, storage } = upload.storage;
  const { uploadUrl, uploadHeaders } = await presignPutObject(client, storage.bucket, upload.key, {
    ...upload.file,
    contentMd5: upload.contentMd5,
    checksum: checksumToSign(upload.checksum, storage.checksumAlgorithm),
    checksumSha256: readChecksumSha256(upload.metadata),
  });
  const downloadUrl = await presignGetObject(client, storage.bucket, upload.key, ctx.settings.downloadUrlExpiresIn);
  const publicUrl = toPublicUrl(storage.publicUrlBase, upload.key);
  const payload: PresignedUrlResponse = {
    key: upload.key,
    uploadUrl,
    ...(Object.keys(uploadHeaders).length > 0 ? { uploadHeaders } : {}),
    expiresIn: UPLOAD_URL_EXPIRES_IN,
    downloadUrl,
    ...(publicUrl ? { publicUrl } : {}),
  };
  const body = await applyPresignResponseHook(ctx, payload, { phase: 'presign', key: upload.key, metadata: upload.metadata, userId: upload.userId });
  return toJsonResponse(body);
}
