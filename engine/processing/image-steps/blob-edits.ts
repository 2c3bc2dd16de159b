/**
 * Byte surgery on a Blob without copying it: a reader that pulls small windows on demand, and
 * edits (cut a range, optionally put new bytes there) applied as a list of `blob.slice()` parts,
 * so a 50 MB photo is never held in JS memory.
 */

/** Bytes read per trip to the blob; headers of consecutive segments or chunks share one read. */
const WINDOW_BYTES = 64 * 1024;

/** Thrown when a structure points past the end of the file (a truncated or corrupt image). */
export class TruncatedImageError extends Error {
  constructor(offset: number) {
    super(`the file ends before byte ${offset}`);
    this.name = 'TruncatedImageError';
  }
}

/** Random access to a blob's bytes, reading one window at a time and checking `signal` first. */
export class BlobWindow {
  #windowStart = 0;
  #windowBytes = new Uint8Array(0);

  readonly #signal: AbortSignal | undefined;

  constructor(
    readonly blob: Blob,
    signal?: AbortSignal,
  ) {
    this.#signal = signal;
  }

  get size(): number {
    return this.blob.size;
  }

  /** Exactly `length` bytes at `offset`; throws TruncatedImageError when the blob is shorter. */
  async read(offset: number, length: number): Promise<Uint8Array> {
    const end = offset + length;
    if (offset < 0 || end > this.blob.size) throw new TruncatedImageError(end);
    if (offset >= this.#windowStart && end <= this.#windowStart + this.#windowBytes.length) {
      return this.#windowBytes.subarray(offset - this.#windowStart, end - this.#windowStart);
    }
    this.#signal?.throwIfAborted();
    const readEnd = Math.min(this.blob.size, offset + Math.max(length, WINDOW_BYTES));
    this.#windowBytes = new Uint8Array(await this.blob.slice(offset, readEnd).arrayBuffer());
    this.#windowStart = offset;
    this.#signal?.throwIfAborted();
    return this.#windowBytes.subarray(0, length);
  }

  async byte(offset: number): Promise<number> {
    return (await this.read(offset, 1))[0]!;
  }
}

/** Replace bytes `start`..`end` with `insert` (nothing: the range is cut). */
export interface ByteEdit {
  start: number;
  end: number;
  insert?: Uint8Array<ArrayBuffer>;
}

/** The edited blob as parts: untouched ranges stay slices of the original. Edits must be sorted and disjoint. */
export function applyEdits(blob: Blob, edits: readonly ByteEdit[]): BlobPart[] {
  const parts: BlobPart[] = [];
  let kept = 0;
  for (const edit of edits) {
    if (edit.start > kept) parts.push(blob.slice(kept, edit.start));
    if (edit.insert?.length) parts.push(edit.insert);
    kept = edit.end;
  }
  if (kept < blob.size) parts.push(blob.slice(kept));
  return parts;
}

/** Whether applying `edits` would give back the same bytes (an already cleaned file). */
export async function editsChangeNothing(reader: BlobWindow, edits: readonly ByteEdit[]): Promise<boolean> {
  for (const edit of edits) {
    const insert = edit.insert ?? new Uint8Array(0);
    if (insert.length !== edit.end - edit.start) return false;
    const current = await reader.read(edit.start, insert.length);
    if (current.some((byte, i) => byte !== insert[i])) return false;
  }
  return true;
}

/** Total change in length the edits make (negative when bytes are cut). */
export function lengthChange(edits: readonly ByteEdit[]): number {
  return edits.reduce((sum, edit) => sum + (edit.insert?.length ?? 0) - (edit.end - edit.start), 0);
}
