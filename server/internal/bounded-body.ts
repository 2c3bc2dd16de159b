/**
 * Reading a body that a client or a provider sends, with a bound: the declared length is checked
 * first, then the bytes as they arrive, so an oversized body is refused without being held.
 */

/** The body is longer than the caller accepts (declared so, or as read). */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/**
 * All of `message`'s body, at most `limit` bytes (an absent body is empty). Above the limit it
 * stops reading, cancels the stream and throws BodyTooLargeError.
 */
export async function readBodyWithin(message: Request | Response, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(message.headers.get('content-length') ?? 0);
  if (declared > limit) {
    await message.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(`body of ${declared} bytes is above the ${limit}-byte limit`);
  }
  if (!message.body) return new Uint8Array(0);
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(`body is above the ${limit}-byte limit`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
