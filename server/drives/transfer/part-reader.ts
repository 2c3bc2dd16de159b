/**
 * Cuts a byte stream into parts of a fixed size, holding one part plus one network chunk, and
 * counts bytes as they arrive so a size cap stops the stream the moment it is crossed. A stream
 * that sends nothing for `idleTimeoutMs` fails instead of holding the transfer open forever.
 */

class SizeLimitExceededError extends Error {
  constructor(readonly limit: number) {
    super(`the drive file is larger than maxFileSize (${limit} bytes)`);
  }
}

export interface PartReader {
  /** The next part: exactly `partSize` bytes, except the last one, which may be shorter or empty. */
  readPart(): Promise<Uint8Array>;
  /** The same, copied into `target` (at least `partSize` long); returns the filled view of it. */
  readPartInto(target: Uint8Array): Promise<Uint8Array>;
  /** True once the stream has ended and every byte was handed out. */
  readonly done: boolean;
  /** Bytes read from the stream so far. */
  readonly bytesRead: number;
  /** Stops the source (on failure), releasing the provider connection. */
  cancel(reason?: unknown): Promise<void>;
}

class DownloadStalledError extends Error {
  constructor(readonly idleTimeoutMs: number) {
    super(`the drive download sent nothing for ${idleTimeoutMs} ms`);
  }
}

/** One read, failing when the stream stays silent for `idleTimeoutMs`. */
async function readWithin<T>(reader: ReadableStreamDefaultReader<T>, idleTimeoutMs: number | undefined): Promise<ReadableStreamReadResult<T>> {
  if (idleTimeoutMs === undefined) return reader.read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DownloadStalledError(idleTimeoutMs)), idleTimeoutMs);
  });
  try {
    return await Promise.race([reader.read(), stalled]);
  } finally {
    clearTimeout(timer);
  }
}

export interface PartReaderOptions {
  partSize: number;
  maxBytes: number | undefined;
  idleTimeoutMs?: number | undefined;
}

export function createPartReader(stream: ReadableStream<Uint8Array>, options: PartReaderOptions): PartReader {
  const { partSize, maxBytes, idleTimeoutMs } = options;
  const reader = stream.getReader();
  let pending: Uint8Array | undefined;
  let streamEnded = false;
  let bytesRead = 0;

  /** The next chunk from the leftover or the stream; `undefined` at the end. */
  const nextChunk = async (): Promise<Uint8Array | undefined> => {
    if (pending) {
      const chunk = pending;
      pending = undefined;
      return chunk;
    }
    let value: Uint8Array | undefined;
    // Empty chunks carry nothing; skipping them keeps `done` exact.
    while (!streamEnded && (value === undefined || value.byteLength === 0)) {
      const result = await readWithin(reader, idleTimeoutMs);
      if (result.done) streamEnded = true;
      else value = result.value;
    }
    if (streamEnded) return undefined;
    bytesRead += value!.byteLength;
    if (maxBytes !== undefined && bytesRead > maxBytes) throw new SizeLimitExceededError(maxBytes);
    return value!;
  };

  /** Learns whether the stream has more, so a file of exactly N parts needs no empty extra part. */
  const peek = async (): Promise<void> => {
    if (!pending && !streamEnded) pending = await nextChunk();
  };

  /** Copies the next part into `target` (reused between parts, so no garbage per part). */
  const readPartInto = async (target: Uint8Array): Promise<Uint8Array> => {
    let length = 0;
    while (length < partSize) {
      const chunk = await nextChunk();
      if (!chunk) break;
      const taken = Math.min(chunk.byteLength, partSize - length);
      target.set(taken === chunk.byteLength ? chunk : chunk.subarray(0, taken), length);
      if (taken < chunk.byteLength) pending = chunk.subarray(taken);
      length += taken;
    }
    await peek();
    return target.subarray(0, length);
  };

  /** Gathers the next part into a buffer of exactly its size (a small file costs only its bytes). */
  const readPart = async (): Promise<Uint8Array> => {
    const chunks: Uint8Array[] = [];
    let length = 0;
    while (length < partSize) {
      const chunk = await nextChunk();
      if (!chunk) break;
      const taken = Math.min(chunk.byteLength, partSize - length);
      chunks.push(taken === chunk.byteLength ? chunk : chunk.subarray(0, taken));
      if (taken < chunk.byteLength) pending = chunk.subarray(taken);
      length += taken;
    }
    await peek();
    if (chunks.length === 1) return chunks[0]!;
    const part = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      part.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return part;
  };

  return {
    readPart,
    readPartInto,
    get done() {
      return streamEnded && !pending;
    },
    get bytesRead() {
      return bytesRead;
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => undefined);
    },
  };
}
