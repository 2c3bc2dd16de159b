import { createEntry, toRecord, type FileEntry } from './file-entry.js';
import type { FileEntryList } from './file-entry-list.js';
import { IndexedDbRecoveryStorage } from './indexeddb-recovery-storage.js';
import type { CrashRecoveryEntry, CrashRecoveryOptions, CrashRecoveryStorage, FileState, UploadFileRecord } from './types.js';

/** Keeps away from the quota edge: other data of the origin needs room too. */
const QUOTA_HEADROOM = 0.9;

export type QuotaWarning = (message: string) => void;

/**
 * Mirrors the file list into storage so a reload restores real files. Writes are serialized
 * (a delete never overtakes the put before it) and best effort: a failed write loses recovery,
 * never the upload.
 */
export class CrashRecovery {
  readonly storage: CrashRecoveryStorage;
  private queue: Promise<void> = Promise.resolve();
  private readonly tooLarge = new Set<string>();

  constructor(
    private readonly settings: CrashRecoveryOptions & { ttlMs: number; maxFileBytes: number },
    private readonly warn: QuotaWarning,
  ) {
    this.storage = settings.storage ?? new IndexedDbRecoveryStorage();
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      const isQuota = error instanceof DOMException && error.name === 'QuotaExceededError';
      this.warn(isQuota ? 'Browser storage is full: crash recovery is incomplete' : `Crash recovery write failed: ${String(error)}`);
    });
    return this.queue;
  }

  private async hasRoomFor(bytes: number): Promise<boolean> {
    const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => undefined);
    if (!estimate?.quota) return true;
    return (estimate.usage ?? 0) + bytes <= estimate.quota * QUOTA_HEADROOM;
  }

  /** Saves the entry's bytes (first time) and state. */
  save(entry: FileEntry): Promise<void> {
    // A remote file's placeholder has no bytes to restore, and its copy cannot continue after a reload.
    if (this.tooLarge.has(entry.id) || entry.remote) return this.queue;
    return this.enqueue(async () => {
      if (entry.file.size > this.settings.maxFileBytes || !(await this.hasRoomFor(entry.file.size))) {
        this.tooLarge.add(entry.id);
        this.warn(`${entry.file.name} is too large to keep for crash recovery`);
        return;
      }
      const record: CrashRecoveryEntry = {
        id: entry.id,
        blob: entry.file,
        name: entry.file.name,
        type: entry.file.type,
        lastModified: entry.file.lastModified,
        source: entry.source,
        state: entry.state,
        metadata: entry.metadata,
        addedAt: entry.addedAt,
        savedAt: Date.now(),
      };
      await this.storage.put(record);
    });
  }

  forget(id: string): Promise<void> {
    this.tooLarge.delete(id);
    return this.enqueue(() => this.storage.delete(id));
  }

  clear(): Promise<void> {
    this.tooLarge.clear();
    return this.enqueue(() => this.storage.clear());
  }

  /** Entries still within the TTL; older ones are swept from storage. */
  async restore(): Promise<CrashRecoveryEntry[]> {
    let entries: CrashRecoveryEntry[] = [];
    await this.enqueue(async () => {
      const now = Date.now();
      for (const entry of await this.storage.getAll()) {
        if (now - entry.savedAt > this.settings.ttlMs) await this.storage.delete(entry.id);
        else entries.push(entry);
      }
      entries = entries.sort((a, b) => a.addedAt - b.addedAt);
    });
    return entries;
  }

  /** Resolves when every write so far has landed. */
  flush(): Promise<void> {
    return this.queue;
  }
}

/** Saved states after which a restored file continues by itself (it was mid-upload). */
const INTERRUPTED: ReadonlySet<FileState> = new Set(['processing', 'uploading', 'paused', 'uploaded']);

/**
 * Entries for restored files: real Files rebuilt from the stored bytes with the same name, type
 * and lastModified (so a remembered multipart session still matches), same id and source.
 */
function toRestoredEntries(saved: CrashRecoveryEntry[]): { entries: FileEntry[]; continueUploads: boolean } {
  let continueUploads = false;
  const entries = saved.map((record) => {
    const file = new File([record.blob], record.name, { type: record.type, lastModified: record.lastModified });
    const entry = createEntry(file, file, record.source, record.metadata, record.id);
    entry.addedAt = record.addedAt;
    if (record.state === 'failed') entry.state = 'failed';
    if (INTERRUPTED.has(record.state)) continueUploads = true;
    return entry;
  });
  return { entries, continueUploads };
}

/**
 * Puts the files an earlier page saved back into `list` (those not in it already): their records,
 * and whether one was mid-upload. Nothing when storage holds none or cannot be read.
 */
export async function restoreInto(recovery: CrashRecovery, list: FileEntryList): Promise<{ records: UploadFileRecord[]; continueUploads: boolean } | undefined> {
  const restored = await recovery.restore().catch(() => []);
  if (restored.length === 0) return undefined;
  const { entries, continueUploads } = toRestoredEntries(restored.filter((saved) => !list.find(saved.id)));
  for (const entry of entries) list.add(entry);
  return { records: entries.map(toRecord), continueUploads };
}
