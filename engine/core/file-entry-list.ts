import { toRecord, type FileEntry } from './file-entry.js';
import type { UploadFileRecord } from './types.js';

/**
 * The engine's files in the order they were added, with what validation asks of the whole list
 * kept current as it changes: the count, the total size (`maxTotalFileSize`) and the files of
 * each size (content deduplication). Adding a file then costs the same with 10,000 files listed as
 * with 10; summing the list for every new file made adding N files take N² steps.
 *
 * An entry whose `file` is replaced (a pipeline step, a remote file's stored size) is counted
 * again by `changed(entry)`, which the engine calls for every change to an entry.
 */
export class FileEntryList implements Iterable<FileEntry> {
  #entries: FileEntry[] = [];
  readonly #byId = new Map<string, FileEntry>();
  /** The size each entry is counted with, and its place in the list (for same-size lookups). */
  readonly #counted = new Map<FileEntry, { size: number; position: number }>();
  /** Local files by size, each group in list order; remote placeholders have no bytes to compare. */
  readonly #bySize = new Map<number, FileEntry[]>();
  #nextPosition = 0;
  #bytes = 0;
  #snapshot?: readonly UploadFileRecord[];

  get length(): number {
    return this.#entries.length;
  }

  /** Sum of the current sizes of every file in the list. */
  get totalBytes(): number {
    return this.#bytes;
  }

  [Symbol.iterator](): Iterator<FileEntry> {
    return this.#entries[Symbol.iterator]();
  }

  /** Frozen records of the list, cached until the list or one of its entries changes. */
  records(): readonly UploadFileRecord[] {
    this.#snapshot ??= Object.freeze(this.#entries.map(toRecord));
    return this.#snapshot;
  }

  find(id: string): FileEntry | undefined {
    return this.#byId.get(id);
  }

  filter(predicate: (entry: FileEntry) => unknown): FileEntry[] {
    return this.#entries.filter(predicate);
  }

  /** Local files of exactly this size, in list order. */
  withSize(size: number): FileEntry[] {
    return [...(this.#bySize.get(size) ?? [])];
  }

  add(entry: FileEntry): void {
    this.#entries.push(entry);
    this.#byId.set(entry.id, entry);
    const counted = { size: entry.file.size, position: this.#nextPosition++ };
    this.#counted.set(entry, counted);
    this.#bytes += counted.size;
    if (!entry.remote) this.#group(counted.size).push(entry);
    this.#snapshot = undefined;
  }

  remove(entry: FileEntry): void {
    const counted = this.#counted.get(entry);
    if (!counted) return;
    this.#entries = this.#entries.filter((candidate) => candidate !== entry);
    this.#byId.delete(entry.id);
    this.#counted.delete(entry);
    this.#bytes -= counted.size;
    if (!entry.remote) this.#leaveGroup(entry, counted.size);
    this.#snapshot = undefined;
  }

  clear(): void {
    this.#entries = [];
    this.#byId.clear();
    this.#counted.clear();
    this.#bySize.clear();
    this.#bytes = 0;
    this.#snapshot = undefined;
  }

  /** The entry changed: a new list snapshot, and its size counted again if its file was replaced. */
  changed(entry: FileEntry): void {
    this.#snapshot = undefined;
    const counted = this.#counted.get(entry);
    if (!counted || counted.size === entry.file.size) return;
    this.#bytes += entry.file.size - counted.size;
    if (!entry.remote) {
      this.#leaveGroup(entry, counted.size);
      const group = this.#group(entry.file.size);
      const index = group.findIndex((other) => this.#counted.get(other)!.position > counted.position);
      group.splice(index === -1 ? group.length : index, 0, entry);
    }
    counted.size = entry.file.size;
  }

  #group(size: number): FileEntry[] {
    let group = this.#bySize.get(size);
    if (!group) {
      group = [];
      this.#bySize.set(size, group);
    }
    return group;
  }

  #leaveGroup(entry: FileEntry, size: number): void {
    const group = this.#bySize.get(size);
    const index = group?.indexOf(entry) ?? -1;
    if (!group || index === -1) return;
    group.splice(index, 1);
    if (group.length === 0) this.#bySize.delete(size);
  }
}
