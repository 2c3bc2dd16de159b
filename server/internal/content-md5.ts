/**
 * The optional `contentMd5` a client sends with /presign and /multipart/sign-part: the base64
 * MD5 of the body it is about to PUT. Signed into the upload URL as `Content-MD5`, it lets
 * storage itself refuse a body that changed on the way (`400 BadDigest`), which a signature over
 * the URL alone cannot do.
 */
import { UpupError, UpupErrorCode } from '../errors.js';

/** Base64 of 16 bytes: 22 significant characters and `==`. */
const MD5_BASE64_LENGTH = 24;
const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Of the 22nd character only the top two bits carry data; the rest must be zero (canonical base64). */
const LAST_CHARACTER_LOW_BITS = 0b1111;

export const INVALID_CONTENT_DIGEST = 'Invalid content digest';

function invalidDigest(detail: string): UpupError {
  return new UpupError(INVALID_CONTENT_DIGEST, UpupErrorCode.BAD_REQUEST, { status: 400, cause: new Error(detail) });
}

/**
 * `undefined` when absent; otherwise exactly one canonical base64 MD5 (24 characters, decoding
 * to 16 bytes) or 400 `Invalid content digest`. The length is checked before anything else reads
 * the value, and the scan is one pass over at most 24 characters.
 */
export function readContentMd5(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length !== MD5_BASE64_LENGTH) {
    throw invalidDigest(`contentMd5 must be the ${MD5_BASE64_LENGTH}-character base64 MD5 of the body`);
  }
  if (!value.endsWith('==')) throw invalidDigest('contentMd5 must end with "==" (16 bytes in base64)');
  for (let index = 0; index < MD5_BASE64_LENGTH - 2; index += 1) {
    const digit = BASE64_ALPHABET.indexOf(value[index]!);
    if (digit < 0) throw invalidDigest('contentMd5 must use the base64 alphabet');
    if (index === MD5_BASE64_LENGTH - 3 && (digit & LAST_CHARACTER_LOW_BITS) !== 0) throw invalidDigest('contentMd5 is not canonical base64');
  }
  return value;
}
