/**
 * `x-amz-checksum-*` for multipart uploads. The algorithm is chosen once, at /multipart/init, and
 * bound into the upload token; from then on every part carries its digest in that algorithm: on
 * its sign-part request (signed into the part URL as a header), and again at /multipart/complete
 * (passed to CompleteMultipartUpload, where AWS S3 checks each part's digest against the one it
 * received). A token without an algorithm takes no part digest, so an upload never mixes the two.
 */
import { UpupError, UpupErrorCode } from '../errors.js';
import { INVALID_CONTENT_DIGEST } from './content-md5.js';
import { isAmzChecksumAlgorithm, isCanonicalAmzDigest, readAmzChecksum, type AmzChecksum, type AmzChecksumAlgorithm } from './amz-checksum.js';

function invalidDigest(detail: string): UpupError {
  return new UpupError(INVALID_CONTENT_DIGEST, UpupErrorCode.BAD_REQUEST, { status: 400, cause: new Error(detail) });
}

/** `checksumAlgorithm` of /multipart/init: absent, or exactly one of the algorithm names (400 otherwise). */
export function readChecksumAlgorithm(value: unknown): AmzChecksumAlgorithm | undefined {
  if (value === undefined) return undefined;
  if (!isAmzChecksumAlgorithm(value)) throw invalidDigest('checksumAlgorithm must be CRC32, CRC32C or SHA256');
  return value;
}

/** The algorithm an upload is opened with: only the one the bucket is configured for. */
export function algorithmToBind(requested: AmzChecksumAlgorithm | undefined, configured: AmzChecksumAlgorithm | undefined): AmzChecksumAlgorithm | undefined {
  return requested !== undefined && requested === configured ? requested : undefined;
}

/**
 * A part's `checksum` on sign-part and complete. With an algorithm bound in the token it is
 * required and must be in that algorithm; without one it must be absent. Anything else is 400
 * `Invalid content digest`, like a malformed digest.
 */
export function readPartChecksum(value: unknown, bound: AmzChecksumAlgorithm | undefined, partNumber: number): AmzChecksum | undefined {
  const checksum = readAmzChecksum(value);
  if (bound === undefined) {
    if (checksum) throw invalidDigest(`part ${partNumber}: this upload was opened without a checksum algorithm`);
    return undefined;
  }
  if (!checksum) throw invalidDigest(`part ${partNumber}: this upload was opened with ${bound}; every part needs its ${bound} checksum`);
  if (checksum.algorithm !== bound) throw invalidDigest(`part ${partNumber}: checksum is ${checksum.algorithm}, the upload was opened with ${bound}`);
  return checksum;
}

/** ListParts' fields for a part's digest (AWS lists them; Ceph RGW 16.2 does not). */
export interface ListedPartDigests {
  ChecksumCRC32?: string | undefined;
  ChecksumCRC32C?: string | undefined;
  ChecksumSHA256?: string | undefined;
}

/** The digest storage lists for a part in the bound algorithm; undefined when it lists none (or not a digest). */
export function readListedChecksum(part: ListedPartDigests, algorithm: AmzChecksumAlgorithm | undefined): AmzChecksum | undefined {
  if (algorithm === undefined) return undefined;
  const value = algorithm === 'CRC32' ? part.ChecksumCRC32 : algorithm === 'CRC32C' ? part.ChecksumCRC32C : part.ChecksumSHA256;
  return typeof value === 'string' && isCanonicalAmzDigest(value, algorithm) ? { algorithm, value } : undefined;
}
