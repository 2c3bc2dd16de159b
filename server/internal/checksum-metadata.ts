/**
 * The whole-file SHA-256 a client computed (`checksumVerification`: `metadata.checksumSha256`),
 * stored on the object as `x-amz-meta-checksum-sha256` so readers can compare what they download
 * with what the user chose. Storage does not verify it (Content-MD5 is what storage checks); it
 * is kept only in its exact form, 64 lower-case hex digits, and otherwise left out, since client
 * metadata is opaque and a host may use the field for something else.
 */

/** Object metadata name: S3 serves it as the `x-amz-meta-checksum-sha256` header. */
export const CHECKSUM_SHA256_METADATA = 'checksum-sha256';

const SHA256_HEX_LENGTH = 64;

function isLowerHex(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false;
  }
  return true;
}

export function readChecksumSha256(metadata: Record<string, unknown> | undefined): string | undefined {
  const value = metadata?.['checksumSha256'];
  return typeof value === 'string' && value.length === SHA256_HEX_LENGTH && isLowerHex(value) ? value : undefined;
}
