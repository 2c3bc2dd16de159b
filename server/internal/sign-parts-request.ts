/**
 * `signParts` of /multipart/init: how many of the first part URLs the client wants in the answer,
 * saving it one /multipart/sign-part round trip before its first bytes leave.
 */
import { UpupError, UpupErrorCode } from '../errors.js';

/** The most part URLs init signs: a client's parts in flight, never a whole large file's. */
const MAX_SIGN_PARTS = 16;

/**
 * Absent: none. Otherwise a whole number from 1 to {@link MAX_SIGN_PARTS}; anything else (a
 * fraction, a string, `null`, 0, 17) is the 400 of any other malformed field of the body.
 */
export function readSignParts(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SIGN_PARTS) return value;
  throw new UpupError('Invalid file metadata', UpupErrorCode.BAD_REQUEST, {
    status: 400,
    cause: new Error(`signParts must be a whole number from 1 to ${MAX_SIGN_PARTS}`),
  });
}
