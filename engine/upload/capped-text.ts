/**
 * Reads a response body as text, but never more than `maxBytes`. A handler, a token endpoint or a
 * proxy in front of them may answer anything, tens of megabytes included; `response.text()` would
 * hold all of it before the engine could look. A declared `Content-Length` above the limit is
 * refused before any byte is read, and a longer body is cancelled as soon as it passes the limit,
 * so the browser stops downloading it.
 */

/** The body as text, or undefined when it passed the limit (and was cancelled). */
export async function readCappedText(response: Response, maxBytes: number): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await reader.cancel();
    return undefined;
  }
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}
