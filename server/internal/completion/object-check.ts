/**
 * Whether a single upload's object is what its PUT URL was signed for: size, type and the digests
 * the completion token carries. Shared by /complete and `confirmUpload`.
 */
import type { CompletionTokenClaims } from '../completion-token.js';
import { toHex } from '../encoding.js';
import type { StoredObjectSummary } from '../s3-operations.js';
import type { MarkerRefusal } from './marker-store.js';

const SIZE_OUTSIDE_ENVELOPE = 'Upload size outside signed envelope';
const TYPE_MISMATCH = 'Upload type does not match the signed type';
const DIGEST_MISMATCH = 'Upload digest does not match the signed digest';

function md5Hex(contentMd5: string): string {
  return toHex(Uint8Array.from(atob(contentMd5), (character) => character.charCodeAt(0)));
}

/**
 * What differs between the object and what its PUT URL was signed for. Storage that checks
 * signatures cannot store anything else through that URL, so this catches storage that does not
 * (and objects written around the URL). A digest storage does not report is not compared; an ETag
 * is an MD5 only for an object that is not encrypted with SSE-KMS or a customer key.
 */
export function findMismatch(claims: CompletionTokenClaims, stored: StoredObjectSummary): MarkerRefusal | undefined {
  if (stored.size !== claims.size) return { status: 403, message: SIZE_OUTSIDE_ENVELOPE };
  if (claims.type !== '' && (stored.contentType ?? '').toLowerCase() !== claims.type.toLowerCase()) return { status: 403, message: TYPE_MISMATCH };
  const digestDiffers =
    (claims.checksumSha256 !== undefined && stored.checksumSha256 !== undefined && stored.checksumSha256 !== claims.checksumSha256) ||
    (claims.checksum !== undefined &&
      stored.checksums[claims.checksum.algorithm] !== undefined &&
      stored.checksums[claims.checksum.algorithm] !== claims.checksum.value) ||
    (claims.contentMd5 !== undefined &&
      !stored.etagIsNotMd5 &&
      /^"?[0-9a-f]{32}"?$/.test(stored.etag ?? '') &&
      stored.etag!.replace(/"/g, '') !== md5Hex(claims.contentMd5));
  return digestDiffers ? { status: 403, message: DIGEST_MISMATCH } : undefined;
}
