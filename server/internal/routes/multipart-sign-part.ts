import { UpupError, UpupErrorCode } from '../../errors.js';
import type { MultipartSignPartResponse } from '../../types.js';
import { MAX_PARTS } from '../part-size.js';
import { toJsonResponse } from '../responses.js';
import { presignUploadPart, UPLOAD_URL_EXPIRES_IN } from '../s3-operations.js';
import type { RouteContext, RouteFailure } from './context.js';
import { openUploadSession } from './upload-session.js';
import { applyPresignResponseHook } from './upload-start.js';

export const multipartSignPartFailure: RouteFailure = { message: 'Multipart sign failed', code: 'STORAGE_ERROR' };

function readPartNumber(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_PARTS) {
    throw new UpupError('Invalid part number', UpupErrorCode.BAD_REQUEST, { status: 400, cause: new Error(`partNumber must be a whole number from 1 to ${MAX_PARTS}`) });
  }
  return value;
}

/** POST /multipart/sign-part: a presigned URL for one part; key and upload id come from the token only. */
export async function multipartSignPartRoute(ctx: RouteContext): Promise<Response> {
  const { body, claims, storage } = await openUploadSession(ctx);
  const partNumber = readPartNumber(body.partNumber);
  const uploadUrl = await presignUploadPart(storage.client, storage.storage.bucket, claims.key, claims.uploadId, partNumber);
  const payload: MultipartSignPartResponse = { uploadUrl, expiresIn: UPLOAD_URL_EXPIRES_IN };
  const response = await applyPresignResponseHook(ctx, payload, { phase: 'multipart-sign-part', key: claims.key, userId: claims.userId });
  return toJsonResponse(response);
}
