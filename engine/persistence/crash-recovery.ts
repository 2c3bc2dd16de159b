import type { FileEntry } from '../core/file-entry.js';
import { TabLocks } from './tab-locks.js';
import type { CrashRecoveryEntry, CrashRecoveryOptions, CrashRecoveryStorage } from './crash-recovery-types.js';

/** Keeps away from the quota edge: other data of the origin needs room too. */
const QUOTA_HEADROOM = 0.9;

export type QuotaWarning = (message: string) => void;

/**
 * Record ids a live engine of this page owns (it saved or restored them), so a second uploader
 * of the same scope on the page does not restore, and upload, the same file again.
 */
const claims = new Map<string, CrashRecovery>();

/**
 * Mirrors the file list into storage so a reload restores real files. Writes are serialized
 * (a delete never overtakes the put before it) and best effort: a failed write loses recovery,
 * never the upload. Each record carries the hashed scope of the uploader that saved it
 * (persistence-scope.ts); `restore()` hands back only records of the same scope, and only those
 * no other tab holds (tab-locks.ts).
 */
export class CrashRecovery {
  readonly storage: CrashRecoveryStorage;
  #queue: Promise<void> = Promise.resolve();
  readonly #tooLarge = new Set<string>();
  readonly #locks = new TabLocks();
  /** The uploader went away (`close()`): a restore still running claims nothing for it. */
  #closed = false;
  /** Cancels the waits for files other tabs hold, when this uploader goes away. */
  #waits = new AbortController();
  readonly #freed: () => void;

  readonly #settings: CrashRecoveryOptions & { ttlMs: number; maxFileBytes: number; storage: CrashRecoveryStorage };
  readonly #warn: QuotaWarning;
  readonly #scope: () => Promise<string>;

  constructor(
    // The storage is chosen by the loader (crash-recovery-loader.ts): the default IndexedDB one is
    // exported by the bundle anyway, so this lazily loaded module does not pull it in a second time.
    settings: CrashRecoveryOptions & { ttlMs: number; maxFileBytes: number; storage: CrashRecoveryStorage },
    warn: QuotaWarning,
    scope: () => Promise<string>,
    /** A file another tab held was let go (that tab closed): restoring again may take it over. */
    freed: () => void = () => undefined,
  ) {
    this.#freed = freed;
    this.#settings = settings;
    this.#warn = warn;
    this.#scope = scope;
    this.storage = settings.storage;
  }

  #enqueue(work: () => Promise<void>): Promise<void> {
    this.#queue = this.#queue.then(work).catch((error: unknown) => {
      const isQuota = error instanceof DOMException && error.name === 'QuotaExceededError';
      this.#warn(isQuota ? 'Browser storage is full: crash recovery is incomplete' : `Crash recovery write failed: ${String(error)}`);
    });
    return this.#queue;
  }

  async #hasRoomFor(bytes: number): Promise<boolean> {
    const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => undefined);
    if (!estimate?.quota) return true;
    return (estimate.usage ?? 0) + bytes <= estimate.quota * QUOTA_HEADROOM;
  }

  /** Saves the entry's bytes (first time) and state. */
  save(entry: FileEntry): Promise<void> {
    // A remote file's placeholder has no bytes to restore, and its copy cannot continue after a reload.
    if (this.#tooLarge.has(entry.id) || entry.remote) return this.#queue;
    const closed = this.#closed;
    if (!closed) claims.set(entry.id, this);
    return this.#enqueue(async () => {
      // Another tab's file is never written over; a closed uploader's last writes take no lock.
      if (closed ? await this.#locks.heldElsewhere(entry.id) : !(await this.#locks.hold(entry.id))) return;
      if (entry.file.size > this.#settings.maxFileBytes || !(await this.#hasRoomFor(entry.file.size))) {
        this.#tooLarge.add(entry.id);
        this.#warn(`${entry.file.name} is too large to keep for crash recovery`);
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
        scope: await this.#scope(),
        ...(entry.singlePut ? { singlePut: entry.singlePut } : {}),
      };
      await this.storage.put(record);
    });
  }

  forget(id: string): Promise<void> {
    this.#tooLarge.delete(id);
    this.#release(id);
    return this.#enqueue(async () => {
      await this.storage.delete(id);
      this.#locks.release(id);
    });
  }

  /** Removes the records of this uploader's scope (and those it saved); other scopes keep theirs. */
  clear(): Promise<void> {
    this.#tooLarge.clear();
    const owned = this.releaseAll();
    return this.#enqueue(async () => {
      const scope = await this.#scope();
      for (const entry of await this.storage.getAll()) {
        // A file another tab is uploading stays: that tab still needs its record.
        if (!owned.has(entry.id) && (entry.scope !== scope || (await this.#locks.heldElsewhere(entry.id)))) continue;
        await this.storage.delete(entry.id);
      }
    });
  }

  /** Removes every record in the storage, whatever its scope (sign-out). */
  clearAll(): Promise<void> {
    this.#tooLarge.clear();
    this.releaseAll();
    return this.#enqueue(() => this.storage.clear());
  }

  /**
   * Entries of this scope still within the TTL that no other live engine of the page owns and no
   * other tab holds; they are claimed (and locked) for this one. A file another tab holds is
   * waited for: once that tab lets it go, `freed` asks for a restore again. Entries past the TTL
   * are swept from storage, whatever their scope. Nothing once this uploader is closed.
   */
  async restore(): Promise<CrashRecoveryEntry[]> {
    let entries: CrashRecoveryEntry[] = [];
    await this.#enqueue(async () => {
      if (this.#closed) return;
      const now = Date.now();
      const scope = await this.#scope();
      for (const entry of await this.storage.getAll()) {
        if (now - entry.savedAt > this.#settings.ttlMs) await this.storage.delete(entry.id);
        else if (entry.scope !== scope || (claims.get(entry.id) ?? this) !== this) continue;
        else if (await this.#locks.hold(entry.id)) entries.push(entry);
        else this.#locks.whenFreed(entry.id, this.#waits.signal, this.#freed);
      }
      if (this.#closed) {
        // Closed while the records were read: let go of what was just taken.
        for (const entry of entries) this.#locks.release(entry.id);
        entries = [];
        return;
      }
      entries = entries.sort((a, b) => a.addedAt - b.addedAt);
      for (const entry of entries) claims.set(entry.id, this);
    });
    return entries;
  }

  /** Marks listed files as this engine's again (an element put back on the page), unless another engine took them. */
  claimUnowned(ids: Iterable<string>): void {
    this.#closed = false;
    for (const id of ids) {
      if (claims.has(id)) continue;
      claims.set(id, this);
      void this.#locks.hold(id);
    }
  }

  /**
   * The uploader went away (element removed): its files may be restored by a later uploader of
   * this page or another tab, and a restore of its own still running takes none of them.
   */
  close(): void {
    this.#closed = true;
    this.#waits.abort();
    this.#waits = new AbortController();
    this.releaseAll();
  }

  /** The engine is going away: its files may be restored by a later engine of this page. */
  releaseAll(): Set<string> {
    const owned = new Set<string>();
    for (const [id, owner] of claims) {
      if (owner !== this) continue;
      owned.add(id);
      claims.delete(id);
    }
    this.#locks.releaseAll();
    return owned;
  }

  #release(id: string): void {
    if (claims.get(id) === this) claims.delete(id);
  }

  /** Resolves when every write so far has landed. */
  flush(): Promise<void> {
    return this.#queue;
  }
}
