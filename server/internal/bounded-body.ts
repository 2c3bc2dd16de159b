/**
 * Reading a body that a client or a provider sends, with a bound: the declared length is checked
 * first, then the bytes as they arrive, so an oversized body is refused without being held. An
 * optional deadline bounds the time as well, so a sender that trickles its body (or never ends
 * it) cannot hold the request open.
 */

/** The body is longer than the caller accepts (declared so, or as read). */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/** The body did not arrive whole within the caller's deadline. */
export class BodyTimeoutError extends Error {
  override name = 'BodyTimeoutError';
}

export function isBodyTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'BodyTimeoutError';
}

export interface BodyReadOptions {
  /** Milliseconds from the first read until the whole body must have arrived; no deadline when absent. */
  timeoutMs?: number;
}

function concatenate(chunks: readonly Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * All of `message`'s body, at most `limit` bytes (an absent body is empty). Above the limit it
 * stops reading, cancels the stream and throws BodyTooLargeError; past `timeoutMs` it does the
 * same and throws BodyTimeoutError.
 */
export async function readBodyWithin(message: Request | Response, limit: number, options: BodyReadOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(message.headers.get('content-length') ?? 0);
  if (declared > limit) {
    await message.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(`body of ${declared} bytes is above the ${limit}-byte limit`);
  }
  if (!message.body) return new Uint8Array(0);
  const reader = message.body.getReader();
  const { timeoutMs } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline =
    timeoutMs === undefined
      ? undefined
      : new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new BodyTimeoutError(`body not received whole within ${timeoutMs} ms`)), timeoutMs);
        });
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await (deadline ? Promise.race([reader.read(), deadline]) : reader.read());
      if (done) break;
      received += value.byteLength;
      if (received > limit) throw new BodyTooLargeError(`body is above the ${limit}-byte limit`);
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return concatenate(chunks, received);
}
