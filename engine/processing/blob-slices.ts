/**
 * How the digests read a blob: in slices of `READ_SLICE_BYTES`, never whole, the next slice read
 * while one is hashed, and at most two slices held at once whatever the blob's size.
 * A Blob read is not free for the thread that asks for it: Chromium hands the bytes over on that
 * thread, so a read asked for on the hashing thread advances little while that thread hashes
 * (a 256 MiB SHA-256 pass on a page's thread waited 363 ms on reads one slice at a time, still
 * 229 ms with the next slice asked for ahead). The digest worker therefore reads through a
 * second worker (`readSlicesThrough`), which transfers each slice (no copy) and reads slice k+2
 * only once slice k is hashed (64 ms left waiting); `readSlices` reads ahead on the calling
 * thread, where no such worker runs.
 */

/** Bytes handed to the hasher at once. */
export const READ_SLICE_BYTES = 8 * 1024 * 1024;

/** Slices read and not yet hashed, at most: the one being hashed and the one being read. */
const SLICES_AHEAD = 2;

/** The slices of a blob, in order: `readSlices`, or `readSlicesThrough` bound to a reader worker. */
export type SliceSource = (blob: Blob, signal?: AbortSignal) => AsyncIterable<Uint8Array>;

/**
 * The bytes of `blob` from `offset`, at most one read slice: the blob itself when it fits whole
 * (a part), since slicing an in-memory Blob can copy its bytes in the browser's blob storage.
 */
function readSlice(blob: Blob, offset: number): Promise<ArrayBuffer> {
  const sliceEnd = Math.min(blob.size, offset + READ_SLICE_BYTES);
  return (offset === 0 && sliceEnd === blob.size ? blob : blob.slice(offset, sliceEnd)).arrayBuffer();
}

/**
 * The slices of `blob` read on this thread, reading ahead: slice k+1 is asked for before slice k
 * is handed out, and slice k+2 once slice k is hashed.
 */
export async function* readSlices(blob: Blob, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const readFrom = (offset: number): Promise<ArrayBuffer> | undefined => {
    if (offset >= blob.size) return undefined;
    const read = readSlice(blob, offset);
    // A read left behind by an abort must not surface as an unhandled rejection; awaited reads still throw.
    read.catch(() => undefined);
    return read;
  };
  const ahead = [readFrom(0), readFrom(READ_SLICE_BYTES)];
  for (let offset = 0; ahead[0]; offset += READ_SLICE_BYTES) {
    signal?.throwIfAborted();
    const bytes = await ahead.shift()!;
    yield new Uint8Array(bytes);
    // The slice just yielded is hashed by now: the next read takes its place.
    ahead.push(readFrom(offset + SLICES_AHEAD * READ_SLICE_BYTES));
  }
}

/** Reader → hasher: a slice (transferred), the end, or why the read failed. */
type ReaderMessage = { bytes: ArrayBuffer } | { done: true } | { error: string };
/** Hasher → reader: a slice was hashed (one more may be read), or no more slices are wanted. */
type HasherMessage = { hashed: true } | { stop: true };

/** What a reader worker is sent: the blob and the port to send its slices to. */
export interface ReadRequest {
  readInto: MessagePort;
  blob: Blob;
}

/** The reader's side: sends the slices of `blob` through `port`, at most two ahead of the hasher. */
export async function feedSlices({ readInto: port, blob }: ReadRequest): Promise<void> {
  let unhashed = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  port.onmessage = ({ data }: MessageEvent<HasherMessage>) => {
    if ('stop' in data) stopped = true;
    else unhashed -= 1;
    wake?.();
  };
  try {
    for (let offset = 0; offset < blob.size && !stopped; offset += READ_SLICE_BYTES) {
      while (unhashed >= SLICES_AHEAD && !stopped) await new Promise<void>((resolve) => (wake = resolve));
      if (stopped) break;
      const bytes = await readSlice(blob, offset);
      unhashed += 1;
      port.postMessage({ bytes } satisfies ReaderMessage, [bytes]);
    }
    if (!stopped) port.postMessage({ done: true } satisfies ReaderMessage);
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies ReaderMessage);
  } finally {
    if (stopped) port.close();
  }
}

/** The hasher's side: the slices of `blob` as `reader` (a worker running `feedSlices`) sends them. */
export async function* readSlicesThrough(reader: Worker, blob: Blob, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const { port1: port, port2 } = new MessageChannel();
  const arrived: ReaderMessage[] = [];
  let wake: (() => void) | undefined;
  port.onmessage = ({ data }: MessageEvent<ReaderMessage>) => {
    arrived.push(data);
    wake?.();
  };
  const onAbort = (): void => wake?.();
  signal?.addEventListener('abort', onAbort);
  // A reader that crashed sends nothing more: fail the digest instead of waiting for it.
  const onReaderError = (): void => {
    arrived.push({ error: 'The slice reader failed' });
    wake?.();
  };
  reader.addEventListener('error', onReaderError);
  reader.postMessage({ readInto: port2, blob } satisfies ReadRequest, [port2]);
  let finished = false;
  try {
    for (;;) {
      while (arrived.length === 0 && !signal?.aborted) await new Promise<void>((resolve) => (wake = resolve));
      signal?.throwIfAborted();
      const message = arrived.shift()!;
      if ('error' in message) throw new Error(message.error);
      if ('done' in message) {
        finished = true;
        return;
      }
      yield new Uint8Array(message.bytes);
      port.postMessage({ hashed: true } satisfies HasherMessage);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.removeEventListener('error', onReaderError);
    if (!finished) port.postMessage({ stop: true } satisfies HasherMessage);
    port.close();
  }
}
