/**
 * Object keys. The server always chooses the key; the default is
 * `<user id or "anon">/<uuid>/<sanitized file name>`, always within S3's 1,024 bytes.
 */
import { UpupError } from '../errors.js';
import { sha256Hex } from './encoding.js';
import { hasControlCharacter, trimTrailing, truncateToBytes, utf8Length } from './linear-text.js';

const ANONYMOUS_KEY_PREFIX = 'anon';
const MAX_NAME_BYTES = 200;
/** S3's own limit on key length. */
const MAX_KEY_BYTES = 1024;
/**
 * Longest user segment kept as written. Longer ones become `@` + SHA-256 hex (65 bytes), so a
 * default key stays under {@link MAX_KEY_BYTES}: segment + `/` + uuid (36) + `/` + name (200).
 */
const MAX_USER_SEGMENT_BYTES = 256;

/**
 * Keeps letters, digits, `.`, `-`, `_` of the last path segment; every other run becomes `_`.
 * Leading dots go (no hidden files, no `..` segments that URL parsers would collapse), and long
 * names are cut from the stem so the extension survives.
 */
export function sanitizeFileName(name: string): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  const cleaned = trimTrailing(
    lastSegment
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}._-]+/gu, '_')
      .replace(/^[._]+/, ''),
    '_',
  );
  if (cleaned === '') return 'file';
  if (utf8Length(cleaned) <= MAX_NAME_BYTES) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  return truncateToBytes(cleaned.slice(0, cleaned.length - extension.length), MAX_NAME_BYTES - utf8Length(extension)) + extension;
}

/**
 * A user id as one key segment, reversibly: `a/b` and `a_b` must not share a namespace. Dot-only
 * segments are escaped too, since URL parsers collapse `.` and `..` in presigned URLs. A segment
 * above 256 bytes becomes `@<sha256 hex of the id>`: still one namespace per user, and `@` never
 * starts an encoded id (encodeURIComponent escapes it), so no id can claim a hashed namespace.
 */
async function toUserKeySegment(userId: string): Promise<string> {
  const encoded = encodeURIComponent(userId);
  if (encoded.length > MAX_USER_SEGMENT_BYTES) return `@${await sha256Hex(userId)}`;
  return /^\.+$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded;
}

export async function createDefaultObjectKey(userId: string | null, fileName: string): Promise<string> {
  const namespace = userId === null ? ANONYMOUS_KEY_PREFIX : await toUserKeySegment(userId);
  return `${namespace}/${crypto.randomUUID()}/${sanitizeFileName(fileName)}`;
}

/** Why a `keyStrategy` result cannot be signed, or undefined when it can. */
export function findKeyProblem(key: unknown): string | undefined {
  if (typeof key !== 'string' || key === '') return 'it is not a non-empty string';
  if (key.length > MAX_KEY_BYTES || utf8Length(key) > MAX_KEY_BYTES) return `it is longer than ${MAX_KEY_BYTES} UTF-8 bytes`;
  if (key.startsWith('/')) return 'it starts with "/"';
  if (key.includes('\\')) return 'it contains a backslash';
  if (hasControlCharacter(key)) return 'it contains a control character';
  if (key.split('/').some((segment) => segment === '.' || segment === '..')) return 'it has a "." or ".." segment';
  return undefined;
}

/**
 * A key from `keyStrategy` must be a non-empty string within S3's 1024-byte limit, with no
 * leading slash, backslash, control character or `.`/`..` segment: URL parsers and file-system
 * mirrors of the bucket would read those as a different key. A configuration error, never signed.
 */
export function assertObjectKey(key: unknown): asserts key is string {
  const problem = findKeyProblem(key);
  if (problem !== undefined) {
    throw new UpupError(`keyStrategy returned an unusable key: ${problem}`, undefined, {
      cause: new Error(`key ${JSON.stringify(String(key).slice(0, 200))}`),
    });
  }
}

/** `publicUrlBase` + key, each key segment URL-encoded. */
export function toPublicUrl(publicUrlBase: string | undefined, key: string): string | undefined {
  if (!publicUrlBase) return undefined;
  return `${trimTrailing(publicUrlBase, '/')}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
