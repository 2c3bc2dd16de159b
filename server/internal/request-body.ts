import { UpupError, UpupErrorCode } from '../errors.js';
import { isBodyTimeout, readBodyWithin } from './bounded-body.js';

/** Every body this handler accepts is a few hundred bytes; a complete request for 10,000 parts is ~600 KiB. */
const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** Default of `requestBodyTimeoutMs`: 1 MiB in 30 s needs about 35 KB/s, slower than any mobile uplink. */
export const DEFAULT_REQUEST_BODY_TIMEOUT_MS = 30_000;
const BODY_TIMEOUT_MESSAGE = 'Request body timeout';
/**
 * Where a handler made by createUploadHandler keeps its `requestBodyTimeoutMs`, so the Node
 * adapter, which gathers a declared body before calling the handler, waits no longer than that.
 */
const REQUEST_BODY_TIMEOUT = Symbol.for('svc-uploader.requestBodyTimeoutMs');

export function attachRequestBodyTimeout(handler: object, timeoutMs: number): void {
  Object.defineProperty(handler, REQUEST_BODY_TIMEOUT, { value: timeoutMs });
}

/** The handler's `requestBodyTimeoutMs`; the default for a function not made by createUploadHandler. */
export function readRequestBodyTimeout(handler: object): number {
  const value = (handler as { [REQUEST_BODY_TIMEOUT]?: unknown })[REQUEST_BODY_TIMEOUT];
  return typeof value === 'number' ? value : DEFAULT_REQUEST_BODY_TIMEOUT_MS;
}

export interface JsonBodyOptions {
  /** Largest body in bytes; default {@link MAX_JSON_BODY_BYTES}. */
  limit?: number;
  /** The whole body must arrive within this many milliseconds (`requestBodyTimeoutMs`). */
  timeoutMs: number;
}

function invalidJson(cause: unknown): UpupError {
  return new UpupError('Invalid JSON body', UpupErrorCode.BAD_REQUEST, { status: 400, cause });
}

/**
 * Reads and parses a JSON body of bounded size and time; anything unreadable is 400 `Invalid
 * JSON body`, a body still arriving at the deadline 408 `Request body timeout`. The content type
 * is not required: a `text/plain` POST avoids a CORS preflight and is accepted.
 */
export async function readJsonBody(req: Request, options: JsonBodyOptions): Promise<unknown> {
  let bytes: Uint8Array;
  try {
    bytes = await readBodyWithin(req, options.limit ?? MAX_JSON_BODY_BYTES, { timeoutMs: options.timeoutMs });
  } catch (error) {
    // By name: the Node adapter's copy of the error class may come from another bundle.
    if (isBodyTimeout(error)) throw new UpupError(BODY_TIMEOUT_MESSAGE, UpupErrorCode.BAD_REQUEST, { status: 408, cause: error });
    throw invalidJson(error);
  }
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch (error) {
    throw invalidJson(error);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
