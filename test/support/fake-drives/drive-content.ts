/**
 * The files a fake drive holds. Large files are generated on the fly from a seed (a 200 MiB file
 * costs no memory), and the same seed gives the expected bytes or digest to compare with.
 */
import { createHash } from 'node:crypto';

export type FakeContent = { bytes: Uint8Array } | { size: number; seed: number };

export interface FakeItem {
  id: string;
  name: string;
  /** `undefined` for the root folder itself. */
  parentId: string | undefined;
  isFolder: boolean;
  /** Provider-reported type; Google-native documents carry their `application/vnd.google-apps.*` type. */
  mimeType?: string;
  content?: FakeContent;
  /** The provider states no size for this file (listing, metadata and download). */
  hideSize?: boolean;
  /** A Google Drive shortcut to this item id. */
  shortcutTargetId?: string;
  /** Holds downloads of this file part-way (see DownloadGate). */
  gate?: DownloadGate;
  /** The thumbnail link the listing names instead of the fake's own (Google Drive, OneDrive). */
  thumbnailUrl?: string;
  modifiedAt: string;
}

export function contentSize(content: FakeContent): number {
  return 'bytes' in content ? content.bytes.byteLength : content.size;
}

const GENERATED_CHUNK_BYTES = 64 * 1024;

/** xorshift32: fast, deterministic, and not periodic at part boundaries (misordered parts show). */
function* generateChunks(size: number, seed: number): Generator<Uint8Array> {
  let state = seed >>> 0 || 1;
  for (let offset = 0; offset < size; offset += GENERATED_CHUNK_BYTES) {
    const length = Math.min(GENERATED_CHUNK_BYTES, size - offset);
    const words = new Uint32Array(Math.ceil(length / 4));
    for (let index = 0; index < words.length; index += 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      words[index] = state >>> 0;
    }
    yield new Uint8Array(words.buffer, 0, length);
  }
}

/**
 * Holds a download after `afterBytes` until released: a transfer stays in flight for as long as a
 * test needs (a disconnect, a busy handler, a stalled provider) with no timing involved.
 */
export class DownloadGate {
  #releaseGate!: () => void;
  #markReached!: () => void;
  #markCancelled!: () => void;
  readonly released = new Promise<void>((resolve) => {
    this.#releaseGate = resolve;
  });
  /** Resolves once a download has sent `afterBytes` and is waiting. */
  readonly reached = new Promise<void>((resolve) => {
    this.#markReached = resolve;
  });
  /** Resolves when the reader cancelled the download (the server stopped reading). */
  readonly cancelled = new Promise<void>((resolve) => {
    this.#markCancelled = resolve;
  });

  constructor(readonly afterBytes: number) {}

  release(): void {
    this.#releaseGate();
  }

  /** Called by the stream before it sends bytes past `afterBytes`. */
  async wait(): Promise<void> {
    this.#markReached();
    await this.released;
  }

  noteCancelled(): void {
    this.#markCancelled();
  }
}

/**
 * A download that never stops sending and never finishes quickly: one 64 KiB chunk every
 * `intervalMs`, always well inside the per-call idle timeout (a provider dripping bytes).
 */
export class DownloadDrip extends DownloadGate {
  constructor(readonly intervalMs: number) {
    super(0);
  }

  override async wait(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, this.intervalMs));
  }
}

/** The content as a stream of 64 KiB chunks, produced as the reader pulls (held at the gate, if any). */
export function contentStream(content: FakeContent, gate?: DownloadGate): ReadableStream<Uint8Array> {
  if ('bytes' in content && !gate) {
    const bytes = content.bytes;
    return new ReadableStream({
      start(controller) {
        controller.enqueue(bytes.slice());
        controller.close();
      },
    });
  }
  const chunks: Iterator<Uint8Array> = 'bytes' in content ? [content.bytes.slice()][Symbol.iterator]() : generateChunks(content.size, content.seed);
  let sent = 0;
  return new ReadableStream(
    {
      async pull(controller) {
        if (gate && sent >= gate.afterBytes) await gate.wait();
        const next = chunks.next();
        if (next.done) controller.close();
        else {
          sent += next.value.byteLength;
          controller.enqueue(next.value);
        }
      },
      cancel() {
        gate?.noteCancelled();
      },
    },
    { highWaterMark: 1 },
  );
}

/** All bytes of generated content (for sizes a test can hold). */
export function generatedBytes(size: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of generateChunks(size, seed)) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What a fake Google export of `item` as `mimeType` contains. */
export function exportedBytes(item: FakeItem, mimeType: string): Uint8Array {
  return new TextEncoder().encode(`${item.name} exported as ${mimeType} (${item.id})\n`.repeat(64));
}

/**
 * One drive's tree. Ids come from the provider's own id style, so normalisation sees realistic
 * values (Dropbox `id:...`, Box numbers, Graph `ABC!123`).
 */
export class FakeDriveTree {
  readonly items = new Map<string, FakeItem>();
  readonly rootId: string;
  #counter = 0;

  readonly #makeId: (sequence: number) => string;

  constructor(makeId: (sequence: number) => string, rootId: string) {
    this.#makeId = makeId;
    this.rootId = rootId;
    this.items.set(rootId, { id: rootId, name: '', parentId: undefined, isFolder: true, modifiedAt: '2024-01-01T00:00:00Z' });
  }

  #nextId(): string {
    this.#counter += 1;
    return this.#makeId(this.#counter);
  }

  #timestamp(): string {
    return new Date(Date.UTC(2024, 0, 1, 0, 0, this.#counter)).toISOString().replace('.000Z', 'Z');
  }

  addFolder(name: string, parentId = this.rootId): FakeItem {
    const item: FakeItem = { id: this.#nextId(), name, parentId, isFolder: true, modifiedAt: this.#timestamp() };
    this.items.set(item.id, item);
    return item;
  }

  addFile(
    name: string,
    content: FakeContent,
    options: { parentId?: string; mimeType?: string; hideSize?: boolean; gate?: DownloadGate; thumbnailUrl?: string } = {},
  ): FakeItem {
    const item: FakeItem = {
      id: this.#nextId(),
      name,
      parentId: options.parentId ?? this.rootId,
      isFolder: false,
      content,
      modifiedAt: this.#timestamp(),
      ...(options.mimeType ? { mimeType: options.mimeType } : {}),
      ...(options.hideSize ? { hideSize: true } : {}),
      ...(options.gate ? { gate: options.gate } : {}),
      ...(options.thumbnailUrl ? { thumbnailUrl: options.thumbnailUrl } : {}),
    };
    this.items.set(item.id, item);
    return item;
  }

  /** A document without bytes of its own (Google Docs and friends). */
  addNativeDocument(name: string, mimeType: string, parentId = this.rootId): FakeItem {
    const item: FakeItem = { id: this.#nextId(), name, parentId, isFolder: false, mimeType, modifiedAt: this.#timestamp() };
    this.items.set(item.id, item);
    return item;
  }

  /** A Google Drive shortcut: a pointer to another file or folder. */
  addShortcut(name: string, target: FakeItem, parentId = this.rootId): FakeItem {
    const item: FakeItem = { id: this.#nextId(), name, parentId, isFolder: false, shortcutTargetId: target.id, modifiedAt: this.#timestamp() };
    this.items.set(item.id, item);
    return item;
  }

  get(id: string): FakeItem | undefined {
    return this.items.get(id);
  }

  /** Folders first, then by name, as the providers' UIs show them. */
  children(folderId: string): FakeItem[] {
    return [...this.items.values()]
      .filter((item) => item.parentId === folderId)
      .sort((left, right) => Number(right.isFolder) - Number(left.isFolder) || left.name.localeCompare(right.name));
  }

  search(text: string): FakeItem[] {
    const needle = text.toLowerCase();
    return [...this.items.values()].filter((item) => item.id !== this.rootId && item.name.toLowerCase().includes(needle));
  }
}
