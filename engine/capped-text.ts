/**
 * Reads a response body as text, but never more than `maxBytes`. A handler, a token endpoint or a
 * proxy in front of them may answer anything, tens of megabytes included; `response.text()` would
 * hold all of it before the engine could look. A declared `Content-Length` above the limit is
 * refused before any byte is read, and a longer body is cancelled as soon as it passes the limit,
 * so the browser stops downloading it.
 */

/** What was read: the text, or `tooLarge` when the body passed the limit (and was cancelled). */
export type CappedText = { text: string; tooLarge: false } | { text: ''; tooLarge: true };

export async function readCappedText(response: Response, maxBytes: number): Promise<CappedText> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { text: '', tooLarge: true };
  }
  const reader = response.body?.getReader();
  if (!reader) return { text: '', tooLarge: false };
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { text: '', tooLarge: true };
    }
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode(), tooLarge: false };
}
