import { UpupError, UpupErrorCode } from '../errors.js';

/** Every body this handler accepts is a few hundred bytes; a complete request for 10,000 parts is ~600 KiB. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

function invalidJson(cause: unknown): UpupError {
  return new UpupError('Invalid JSON body', UpupErrorCode.BAD_REQUEST, { status: 400, cause });
}

async function readTextWithin(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > limit) throw new Error(`body of ${declared} bytes is above the ${limit}-byte limit`);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`body is above the ${limit}-byte limit`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Reads and parses a JSON body of bounded size; anything unreadable is 400 `Invalid JSON body`.
 * The content type is not required: a `text/plain` POST avoids a CORS preflight and is accepted.
 */
export async function readJsonBody(req: Request, limit = MAX_JSON_BODY_BYTES): Promise<unknown> {
  try {
    return JSON.parse(await readTextWithin(req, limit)) as unknown;
  } catch (error) {
    throw invalidJson(error);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
