import { UpupError, UpupErrorCode } from '../../errors.js';
import { readContentMd5 } from '../content-md5.js';
import { readPartChecksum } from '../multipart-checksum.js';
import { countParts } from '../part-size.js';
import { toJsonResponse } from '../responses.js';
import { INVALID_UPLOAD_TOKEN, type UploadTokenClaims } from '../upload-token.js';
import type { RouteContext, RouteFailure } from './context.js';
import { signPartUrl } from './part-url.js';
import { openUploadSession } from './upload-session.js';
import { applyPresignResponseHook } from './upload-start.js';

export const multipartSignPartFailure: RouteFailure = { message: 'Multipart sign failed', code: 'STORAGE_ERROR' };

/** The part size is what bounds each part URL; a token without one could sign parts of any length. */
function requirePartSize(claims: UploadTokenClaims): number {
  if (claims.partSize !== undefined) return claims.partSize;
  throw new UpupError(INVALID_UPLOAD_TOKEN, 'malformed', {
    status: 403,
    cause: new Error('upload token refused: it binds no part size (issued before parts were bound)'),
  });
}

/** Whole numbers from 1 to the file's part count: the token's size and part size fix how many parts exist. */
function readPartNumber(value: unknown, partCount: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > partCount) {
    throw new UpupError('Invalid part number', UpupErrorCode.BAD_REQUEST, {
      status: 400,
      cause: new Error(`partNumber must be a whole number from 1 to ${partCount}`),
    });
  }
  return value;
}

/**
 * POST /multipart/sign-part: a presigned URL for one part; key and upload id come from the token
 * only, and the URL accepts exactly that part's bytes (`partSize`, the last part its remainder).
 * Without `contentMd5` no `uploadHeaders`: the only header the signature covers besides host is
 * Content-Length, which the browser sets itself from the body (scripts may not set it). With it,
 * the part's `Content-MD5` is signed too and returned as a header the PUT must carry. When the
 * token binds a checksum algorithm, `checksum` (that part's digest in it) is required and signed
 * as `x-amz-checksum-<algorithm>`, also returned in `uploadHeaders`.
 */
export async function multipartSignPartRoute(ctx: RouteContext): Promise<Response> {
  const { body, claims, storage } = await openUploadSession(ctx);
  const partSize = requirePartSize(claims);
  const partNumber = readPartNumber(body.partNumber, countParts(claims.maxSize, partSize));
  const contentMd5 = readContentMd5(body.contentMd5);
  const checksum = readPartChecksum(body.checksum, claims.checksumAlgorithm, partNumber);
  const payload = await signPartUrl(storage, { ...claims, partSize }, partNumber, { contentMd5, checksum });
  const response = await applyPresignResponseHook(ctx, payload, { phase: 'multipart-sign-part', key: claims.key, userId: claims.userId });
  return toJsonResponse(response);
}
