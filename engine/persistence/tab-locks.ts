/**
 * Which tab owns a file kept for crash recovery. Every tab of an origin shares IndexedDB, so a
 * second tab would otherwise restore a file the first one is still uploading and send it again
 * (a second object, or the same multipart session completed twice and aborted by a removal). The
 * tab that saved or restored a file holds a Web Lock named after it for as long as it has the
 * file; the browser lets the lock go when that tab closes or crashes, and only then may another
 * tab take the file. Browsers without `navigator.locks` (insecure contexts, old engines) keep the
 * earlier behaviour: any tab may restore.
 */

function locks(): LockManager | undefined {
  return globalThis.navigator?.locks;
}

/**
 * Holds the locks of one kind of record (a crash recovery's files, or this page's multipart
 * sessions) and lets them go together.
 */
export class TabLocks {
  /** Record id → lets its lock go. */
  readonly #held = new Map<string, () => void>();
  readonly #kind: string;

  /** `kind` names the record: `file` locks are `svc-uploader:file:<id>`. */
  constructor(kind = 'file') {
    this.#kind = kind;
  }

  #lockName(id: string): string {
    return `svc-uploader:${this.#kind}:${id}`;
  }

  /**
   * Takes the record's lock if no other tab (or uploader) holds it, and keeps it until `release`.
   * True when this uploader holds it now (or the browser has no Web Locks).
   */
  hold(id: string): Promise<boolean> {
    if (this.#held.has(id)) return Promise.resolve(true);
    const manager = locks();
    if (!manager) return Promise.resolve(true);
    return new Promise((resolve) => {
      manager
        .request(this.#lockName(id), { ifAvailable: true }, (lock) => {
          if (!lock) {
            resolve(false);
            return undefined;
          }
          // The lock is held until this promise settles.
          return new Promise<void>((letGo) => {
            this.#held.set(id, letGo);
            resolve(true);
          });
        })
        .catch(() => resolve(false));
    });
  }

  /** Whether another tab (or uploader) holds the record's lock right now. */
  async heldElsewhere(id: string): Promise<boolean> {
    const manager = locks();
    if (!manager || this.#held.has(id)) return false;
    const state = await manager.query().catch(() => undefined);
    return state?.held?.some((lock) => lock.name === this.#lockName(id)) ?? false;
  }

  /**
   * Calls `freed` once when the record's lock is let go by whoever holds it (its tab closed or
   * finished with the file), unless `signal` aborts first.
   */
  whenFreed(id: string, signal: AbortSignal, freed: () => void): void {
    const manager = locks();
    if (!manager || signal.aborted) return;
    // Granted only once the holder lets go; the lock is given back at once for `hold` to take.
    manager.request(this.#lockName(id), { signal }, () => freed()).catch(() => undefined);
  }

  /** Whether this page holds the record's lock (always, where the browser has no Web Locks). */
  holds(id: string): boolean {
    return !locks() || this.#held.has(id);
  }

  release(id: string): void {
    this.#held.get(id)?.();
    this.#held.delete(id);
  }

  releaseAll(): void {
    for (const letGo of this.#held.values()) letGo();
    this.#held.clear();
  }
}
