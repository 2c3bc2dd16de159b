import type { PresignedUrlResponse } from '../../types.js';
import { checksumToSign } from '../amz-checksum.js';
import { readChecksumSha256 } from '../checksum-metadata.js';
import { COMPLETION_TOKEN_TTL_SECONDS, createSingleUploadId, metadataToCarry } from '../completion-token.js';
import { toPublicUrl } from '../object-key.js';
import { toJsonResponse } from '../responses.js';
import { presignGetObject, presignPutObject, UPLOAD_URL_EXPIRES_IN } from '../s3-operations.js';
import { nowInSeconds } from '../upload-token.js';
import type { RouteContext, RouteFailure } from './context.js';
import { applyPresignResponseHook, prepareUploadStart, type PreparedUpload } from './upload-start.js';

export const presignFailure: RouteFailure = { message: 'Presign failed', code: 'PRESIGN_FAILED' };

/** The completion token for /complete: what the PUT URL was signed for, bound to the owner and bucket. */
function signCompletionToken(
  ctx: RouteContext,
  upload: PreparedUpload,
  uploadId: string,
  signed: { checksumSha256: string | undefined; checksum: ReturnType<typeof checksumToSign> },
): Promise<string> | undefined {
  const codec = ctx.settings.completionCodec;
  if (!codec) return undefined;
  const issuedAt = nowInSeconds();
  const metadata = metadataToCarry(upload.metadata);
  return codec.sign({
    key: upload.key,
    uploadId,
    userId: upload.userId,
    size: upload.file.size,
    type: upload.file.type,
    issuedAt,
    expiresAt: issuedAt + COMPLETION_TOKEN_TTL_SECONDS,
    ...(upload.storage.storageId === undefined ? {} : { storageId: upload.storage.storageId }),
    ...(upload.contentMd5 ? { contentMd5: upload.contentMd5 } : {}),
    ...(signed.checksumSha256 ? { checksumSha256: signed.checksumSha256 } : {}),
    ...(signed.checksum ? { checksum: signed.checksum } : {}),
    ...(metadata ? { metadata } : {}),
  });
}

/**
 * With no verdict to wait for, /complete can only confirm what storage already accepted under the
 * signed URL (size and type are signed): the client need not wait for it.
 */
function confirmsInBackground(ctx: RouteContext): boolean {
  return ctx.settings.completion.confirmInBackground && ctx.settings.hooks.verifyUpload === undefined;
}

/**
 * POST /presign: one presigned PUT for a small file, plus a signed download URL and, with an
 * `uploadTokenSecret`, the completion token the client sends to /complete once the PUT succeeded.
 * The upload's id is signed into the object's metadata (moved into the URL's query, so the
 * browser sends no extra header), so /complete can tell this upload's object from another one
 * written under the same key.
 */
export async function presignRoute(ctx: RouteContext): Promise<Response> {
  const upload = await prepareUploadStart(ctx, 'presign');
  const { signer, storage } = upload.storage;
  const uploadId = ctx.settings.completionCodec ? createSingleUploadId() : undefined;
  const checksum = checksumToSign(upload.checksum, storage.checksumAlgorithm);
  const checksumSha256 = readChecksumSha256(upload.metadata);
  const { uploadUrl, uploadHeaders } = await presignPutObject(
    signer,
    storage.bucket,
    upload.key,
    { ...upload.file, contentMd5: upload.contentMd5, checksum, checksumSha256, uploadNonce: uploadId, ...ctx.settings.storedObjectHeaders },
    UPLOAD_URL_EXPIRES_IN,
  );
  const downloadUrl = await presignGetObject(signer, storage.bucket, upload.key, ctx.settings.downloadUrlExpiresIn);
  const publicUrl = toPublicUrl(storage.publicUrlBase, upload.key);
  const completionToken = uploadId === undefined ? undefined : await signCompletionToken(ctx, upload, uploadId, { checksumSha256, checksum });
  const payload: PresignedUrlResponse = {
    key: upload.key,
    uploadUrl,
    ...(Object.keys(uploadHeaders).length > 0 ? { uploadHeaders } : {}),
    expiresIn: UPLOAD_URL_EXPIRES_IN,
    downloadUrl,
    ...(publicUrl ? { publicUrl } : {}),
    ...(completionToken ? { completionToken } : {}),
    ...(completionToken && confirmsInBackground(ctx) ? { completionMode: 'background' as const } : {}),
  };
  const body = await applyPresignResponseHook(ctx, payload, { phase: 'presign', key: upload.key, metadata: upload.metadata, userId: upload.userId });
  return toJsonResponse(body);
}
