/**
 * Reads `uploadTokenSecret`: one secret, or a list for rotation (the first signs, all verify).
 */
import { createConfigError } from '../errors.js';

const MIN_UPLOAD_TOKEN_SECRET_LENGTH = 16;

export type UploadTokenSecrets = readonly [string, ...string[]];

/**
 * The usable secrets, first one signing; undefined when none is set or a single string is too
 * short (health then reports the configuration as incomplete, and multipart routes answer 500).
 * A list is a deliberate rotation set, so every entry must be usable: a wrong one throws here,
 * naming its position, instead of silently verifying nothing.
 */
export function readUploadTokenSecrets(value: unknown): UploadTokenSecrets | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.length >= MIN_UPLOAD_TOKEN_SECRET_LENGTH ? [value] : undefined;
  if (!Array.isArray(value)) {
    throw createConfigError(`uploadTokenSecret must be a string of at least ${MIN_UPLOAD_TOKEN_SECRET_LENGTH} characters or a non-empty list of them`);
  }
  if (value.length === 0) throw createConfigError('uploadTokenSecret must not be an empty list: put the signing secret first');
  value.forEach((entry: unknown, index) => {
    if (typeof entry !== 'string' || entry.length < MIN_UPLOAD_TOKEN_SECRET_LENGTH) {
      throw createConfigError(`uploadTokenSecret[${index}] must be a string of at least ${MIN_UPLOAD_TOKEN_SECRET_LENGTH} characters`);
    }
  });
  return value as unknown as UploadTokenSecrets;
}
