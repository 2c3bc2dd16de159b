/**
 * The optional `checksum` a client sends with /presign: `{algorithm, value}`, the base64 digest
 * of the whole body in one of the algorithms S3 names in `x-amz-checksum-<algorithm>`. When the
 * bucket's `storage.checksumAlgorithm` is the same algorithm, the header is signed into the PUT
 * URL, so storage that honours it (AWS S3) refuses other bytes. Content-MD5 stays the digest every
 * S3-compatible store checks; this one adds the algorithm a bucket's own integrity policy may ask for.
 */
import { UpupError, UpupErrorCode } from '../errors.js';
import { INVALID_CONTENT_DIGEST } from './content-md5.js';

export type AmzChecksumAlgorithm = 'CRC32' | 'CRC32C' | 'SHA256';

export interface AmzChecksum {
  algorithm: AmzChecksumAlgorithm;
  /** Canonical base64 of the digest's bytes. */
  value: string;
}

/** Digest length in bytes per algorithm (CRC32 and CRC32C are 32-bit, big-endian). */
const DIGEST_BYTES: Record<AmzChecksumAlgorithm, number> = { CRC32: 4, CRC32C: 4, SHA256: 32 };
const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function invalidDigest(detail: string): UpupError {
  return new UpupError(INVALID_CONTENT_DIGEST, UpupErrorCode.BAD_REQUEST, { status: 400, cause: new Error(detail) });
}

export function isAmzChecksumAlgorithm(value: unknown): value is AmzChecksumAlgorithm {
  return typeof value === 'string' && Object.hasOwn(DIGEST_BYTES, value);
}

/** Exactly the canonical base64 of `byteCount` bytes: length first, then one pass over the characters. */
function isCanonicalBase64(text: string, byteCount: number): boolean {
  const padding = (3 - (byteCount % 3)) % 3;
  const length = Math.ceil(byteCount / 3) * 4;
  if (text.length !== length || !text.endsWith('='.repeat(padding))) return false;
  const significant = length - padding;
  // Bits of the last significant character that carry no data must be zero.
  const unusedBits = significant * 6 - byteCount * 8;
  for (let index = 0; index < significant; index += 1) {
    const digit = BASE64_ALPHABET.indexOf(text[index]!);
    if (digit < 0) return false;
    if (index === significant - 1 && (digit & ((1 << unusedBits) - 1)) !== 0) return false;
  }
  return true;
}

/** Exactly the canonical base64 of one `algorithm` digest. */
export function isCanonicalAmzDigest(value: string, algorithm: AmzChecksumAlgorithm): boolean {
  return isCanonicalBase64(value, DIGEST_BYTES[algorithm]);
}

/**
 * `undefined` when absent; otherwise `{algorithm, value}` with a known algorithm and a value that
 * is exactly that algorithm's digest in canonical base64, or 400 `Invalid content digest`.
 */
export function readAmzChecksum(value: unknown): AmzChecksum | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidDigest('checksum must be an object {algorithm, value}');
  const { algorithm, value: digest } = value as Record<string, unknown>;
  if (!isAmzChecksumAlgorithm(algorithm)) throw invalidDigest('checksum.algorithm must be CRC32, CRC32C or SHA256');
  if (typeof digest !== 'string' || !isCanonicalBase64(digest, DIGEST_BYTES[algorithm])) {
    throw invalidDigest(`checksum.value must be the base64 ${algorithm} of the body`);
  }
  return { algorithm, value: digest };
}

/** The checksum to sign: only one in the algorithm the bucket is configured for. */
export function checksumToSign(checksum: AmzChecksum | undefined, configured: AmzChecksumAlgorithm | undefined): AmzChecksum | undefined {
  return checksum && configured === checksum.algorithm ? checksum : undefined;
}

/** The header S3 reads the digest from, lower-case as it is signed. */
export function amzChecksumHeader(algorithm: AmzChecksumAlgorithm): string {
  return `x-amz-checksum-${algorithm.toLowerCase()}`;
}

/** The same digest as a PutObject, UploadPart or CompletedPart field (for the SDK). */
export function amzChecksumCommandField(checksum: AmzChecksum): { ChecksumCRC32: string } | { ChecksumCRC32C: string } | { ChecksumSHA256: string } {
  if (checksum.algorithm === 'CRC32') return { ChecksumCRC32: checksum.value };
  if (checksum.algorithm === 'CRC32C') return { ChecksumCRC32C: checksum.value };
  return { ChecksumSHA256: checksum.value };
}
