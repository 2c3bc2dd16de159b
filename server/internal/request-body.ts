import { UpupError, UpupErrorCode } from '../errors.js';
import { readBodyWithin } from './bounded-body.js';

/** Every body this handler accepts is a few hundred bytes; a complete request for 10,000 parts is ~600 KiB. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

function invalidJson(cause: unknown): UpupError {
  return new UpupError('Invalid JSON body', UpupErrorCode.BAD_REQUEST, { status: 400, cause });
}

/**
 * Reads and parses a JSON body of bounded size; anything unreadable is 400 `Invalid JSON body`.
 * The content type is not required: a `text/plain` POST avoids a CORS preflight and is accepted.
 */
export async function readJsonBody(req: Request, limit = MAX_JSON_BODY_BYTES): Promise<unknown> {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await readBodyWithin(req, limit))) as unknown;
  } catch (error) {
    throw invalidJson(error);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
