/**
 * Object keys. The server always chooses the key; the default is
 * `<user id or "anon">/<uuid>/<sanitized file name>`.
 */
import { UpupError } from '../errors.js';

export const ANONYMOUS_KEY_PREFIX = 'anon';
const MAX_NAME_BYTES = 200;
/** S3's own limit on key length. */
const MAX_KEY_BYTES = 1024;

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

function truncateToBytes(text: string, maxBytes: number): string {
  let result = '';
  for (const character of text) {
    if (utf8Length(result + character) > maxBytes) break;
    result += character;
  }
  return result;
}

/**
 * Keeps letters, digits, `.`, `-`, `_` of the last path segment; every other run becomes `_`.
 * Leading dots go (no hidden files, no `..` segments that URL parsers would collapse), and long
 * names are cut from the stem so the extension survives.
 */
export function sanitizeFileName(name: string): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .replace(/_+$/, '');
  if (cleaned === '') return 'file';
  if (utf8Length(cleaned) <= MAX_NAME_BYTES) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  return truncateToBytes(cleaned.slice(0, cleaned.length - extension.length), MAX_NAME_BYTES - utf8Length(extension)) + extension;
}

/**
 * A user id as one key segment, reversibly: `a/b` and `a_b` must not share a namespace. Dot-only
 * segments are escaped too, since URL parsers collapse `.` and `..` in presigned URLs.
 */
export function toUserKeySegment(userId: string): string {
  const encoded = encodeURIComponent(userId);
  return /^\.+$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded;
}

export function createDefaultObjectKey(userId: string | null, fileName: string): string {
  const namespace = userId === null ? ANONYMOUS_KEY_PREFIX : toUserKeySegment(userId);
  return `${namespace}/${crypto.randomUUID()}/${sanitizeFileName(fileName)}`;
}

/** A key from `keyStrategy` must be a non-empty string within S3's 1024-byte limit. */
export function assertObjectKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key === '' || utf8Length(key) > MAX_KEY_BYTES) {
    throw new UpupError('keyStrategy must return a non-empty string of at most 1024 UTF-8 bytes');
  }
}

/** `publicUrlBase` + key, each key segment URL-encoded. */
export function toPublicUrl(publicUrlBase: string | undefined, key: string): string | undefined {
  if (!publicUrlBase) return undefined;
  return `${publicUrlBase.replace(/\/+$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
