import type { FileEntry } from '../core/file-entry.js';
import type { CrashRecoveryEntry, CrashRecoveryOptions, CrashRecoveryStorage } from '../core/types.js';

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
 * (persistence-scope.ts); `restore()` hands back only records of the same scope.
 */
export class CrashRecovery {
  readonly storage: CrashRecoveryStorage;
  #queue: Promise<void> = Promise.resolve();
  readonly #tooLarge = new Set<string>();

  readonly #settings: CrashRecoveryOptions & { ttlMs: number; maxFileBytes: number; storage: CrashRecoveryStorage };
  readonly #warn: QuotaWarning;
  readonly #scope: () => Promise<string>;

  constructor(
    // The storage is chosen by the loader (crash-recovery-loader.ts): the default IndexedDB one is
    // exported by the bundle anyway, so this lazily loaded module does not pull it in a second time.
    settings: CrashRecoveryOptions & { ttlMs: number; maxFileBytes: number; storage: CrashRecoveryStorage },
    warn: QuotaWarning,
    scope: () => Promise<string>,
  ) {
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
    claims.set(entry.id, this);
    return this.#enqueue(async () => {
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
      };
      await this.storage.put(record);
    });
  }

  forget(id: string): Promise<void> {
    this.#tooLarge.delete(id);
    this.#release(id);
    return this.#enqueue(() => this.storage.delete(id));
  }

  /** Removes the records of this uploader's scope (and those it saved); other scopes keep theirs. */
  clear(): Promise<void> {
    this.#tooLarge.clear();
    const owned = this.releaseAll();
    return this.#enqueue(async () => {
      const scope = await this.#scope();
      for (const entry of await this.storage.getAll()) {
        if (entry.scope === scope || owned.has(entry.id)) await this.storage.delete(entry.id);
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
   * Entries of this scope still within the TTL that no other live engine of the page owns; they
   * are claimed for this one. Entries past the TTL are swept from storage, whatever their scope.
   */
  async restore(): Promise<CrashRecoveryEntry[]> {
    let entries: CrashRecoveryEntry[] = [];
    await this.#enqueue(async () => {
      const now = Date.now();
      const scope = await this.#scope();
      for (const entry of await this.storage.getAll()) {
        if (now - entry.savedAt > this.#settings.ttlMs) await this.storage.delete(entry.id);
        else if (entry.scope === scope && (claims.get(entry.id) ?? this) === this) entries.push(entry);
      }
      entries = entries.sort((a, b) => a.addedAt - b.addedAt);
      for (const entry of entries) claims.set(entry.id, this);
    });
    return entries;
  }

  /** Marks listed files as this engine's again (an element put back on the page), unless another engine took them. */
  claimUnowned(ids: Iterable<string>): void {
    for (const id of ids) if (!claims.has(id)) claims.set(id, this);
  }

  /** The engine is going away: its files may be restored by a later engine of this page. */
  releaseAll(): Set<string> {
    const owned = new Set<string>();
    for (const [id, owner] of claims) {
      if (owner !== this) continue;
      owned.add(id);
      claims.delete(id);
    }
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
