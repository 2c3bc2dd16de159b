/**
 * Reads a response body into a Blob, but never more than `maxBytes`: a declared `Content-Length`
 * above the limit is refused before any byte is read, and a body that turns out longer (no length
 * declared, or a compressed one) is cancelled as soon as it passes the limit, so the browser stops
 * downloading instead of holding hundreds of megabytes only to refuse them afterwards.
 *
 * What is read is handed to Blob storage every few megabytes, so the page's own memory holds one
 * such batch at a time, not the whole file: Chromium keeps large Blobs outside the JS heap and can
 * move them to disk.
 */

/** Bytes gathered in the page before they are handed over to a Blob. */
const BATCH_BYTES = 4 * 1024 * 1024;

/** The body is larger than allowed; the download was stopped. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

export async function readCappedBody(response: Response, maxBytes: number, onBytes: () => void): Promise<Blob> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError();
  }
  const reader = response.body?.getReader();
  if (!reader) return new Blob([]);
  const batches: Blob[] = [];
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError();
    }
    batch.push(value);
    batchBytes += value.byteLength;
    if (batchBytes >= BATCH_BYTES) {
      batches.push(new Blob(batch as BlobPart[]));
      batch = [];
      batchBytes = 0;
    }
    onBytes();
  }
  batches.push(new Blob(batch as BlobPart[]));
  return new Blob(batches);
}
