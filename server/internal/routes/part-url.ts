/**
 * How one part URL is signed, shared by /multipart/sign-part and the first parts /multipart/init
 * signs ahead: the URL accepts exactly that part's bytes (Content-Length is signed) and never
 * outlives the token that authorized it.
 */
import type { MultipartSignPartResponse } from '../../types.js';
import { amzChecksumHeader, type AmzChecksum } from '../amz-checksum.js';
import { partLength } from '../part-size.js';
import type { RequestStorage } from '../request-storage.js';
import { presignUploadPart, UPLOAD_URL_EXPIRES_IN } from '../s3-operations.js';
import { nowInSeconds } from '../upload-token.js';

/** What of the upload a part URL is bound to, as the token carries it. */
export interface PartUrlBinding {
  key: string;
  uploadId: string;
  /** The upload's declared size: with the part size it fixes each part's length. */
  maxSize: number;
  partSize: number;
  /** Epoch seconds at which the token expires. */
  expiresAt: number;
}

/** A part URL never outlives the token that authorized it: at most one hour, at least one second. */
function partUrlLifetime(expiresAt: number): number {
  return Math.max(1, Math.min(UPLOAD_URL_EXPIRES_IN, expiresAt - nowInSeconds()));
}

/**
 * Signs part `partNumber` (already checked to be within the part count). With `contentMd5` and
 * `checksum`, those digests are signed too and returned as headers the PUT must carry.
 */
export async function signPartUrl(
  storage: RequestStorage,
  binding: PartUrlBinding,
  partNumber: number,
  digests: { contentMd5?: string | undefined; checksum?: AmzChecksum | undefined } = {},
): Promise<MultipartSignPartResponse> {
  const { contentMd5, checksum } = digests;
  const expiresIn = partUrlLifetime(binding.expiresAt);
  const contentLength = partLength(partNumber, binding.maxSize, binding.partSize);
  const part = { uploadId: binding.uploadId, partNumber, contentLength, contentMd5, checksum };
  const uploadUrl = await presignUploadPart(storage.signer, storage.storage.bucket, binding.key, part, expiresIn);
  const uploadHeaders: Record<string, string> = {
    ...(contentMd5 ? { 'Content-MD5': contentMd5 } : {}),
    ...(checksum ? { [amzChecksumHeader(checksum.algorithm)]: checksum.value } : {}),
  };
  return { uploadUrl, ...(Object.keys(uploadHeaders).length > 0 ? { uploadHeaders } : {}), expiresIn };
}
