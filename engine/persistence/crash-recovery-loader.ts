/**
 * Crash recovery, loaded on first use. The engine builds one only when `crashRecovery` is on, so a
 * page without it never downloads crash-recovery.ts. Calls made before the module has arrived wait
 * for it and then run in the order they were made; once it is there (and nothing is still waiting)
 * they go straight through in the same turn, as with a static import, so the recovery's own write
 * queue sees every save, forget and clear in the order the engine made them.
 */
import type { CrashRecovery, QuotaWarning } from './crash-recovery.js';
import type { FileEntry } from '../core/file-entry.js';
import { IndexedDbRecoveryStorage } from './indexeddb-recovery-storage.js';
import type { ResolvedOptions } from '../core/options.js';
import type { CrashRecoveryEntry, CrashRecoveryOptions } from '../core/types.js';

type RecoverySettings = CrashRecoveryOptions & { ttlMs: number; maxFileBytes: number };

let warnedNoUserKey = false;

/**
 * Crash recovery's settings when it can be on. It keeps a user's files (bytes included) in
 * storage every tab and every user of the browser profile shares, and restores them into the
 * next uploader of the same scope: without `persistenceKey` the scope cannot tell one signed-in
 * user from the next, so user A's file would be restored into user B's uploader and sent with
 * B's credentials. Without a key it stays off, and the page is told once in the console.
 */
export function crashRecoveryInForce(options: ResolvedOptions): RecoverySettings | undefined {
  if (!options.crashRecovery) return undefined;
  if (options.raw.persistenceKey) return options.crashRecovery;
  if (!warnedNoUserKey) {
    warnedNoUserKey = true;
    console.warn('svc-uploader: crashRecovery is off until persistenceKey (persistence-key) names the signed-in user; a site without users sets a fixed one.');
  }
  return undefined;
}

export class DeferredCrashRecovery {
  #loaded?: CrashRecovery;
  /** Calls made before the module arrived that have not run yet. */
  #waiting = 0;
  /** The recovery, or undefined when its module could not be fetched (recovery is then off, as a failed write leaves it). */
  readonly #loading: Promise<CrashRecovery | undefined>;

  constructor(settings: RecoverySettings, warn: QuotaWarning, scope: () => Promise<string>, freed?: () => void) {
    this.#loading = import('./crash-recovery.js').then(
      ({ CrashRecovery: Recovery }) => {
        const storage = settings.storage ?? new IndexedDbRecoveryStorage();
        return (this.#loaded = new Recovery({ ...settings, storage }, warn, scope, freed));
      },
      (error: unknown) => {
        warn(`Crash recovery could not load: ${String(error)}`);
        return undefined;
      },
    );
  }

  #run<T>(use: (recovery: CrashRecovery) => T | Promise<T>, fallback: T): Promise<T> {
    if (this.#loaded && this.#waiting === 0) return Promise.resolve(use(this.#loaded));
    this.#waiting++;
    return this.#loading.then((recovery) => {
      this.#waiting--;
      return recovery ? use(recovery) : fallback;
    });
  }

  /** Saves the entry's bytes (first time) and state. */
  save(entry: FileEntry): Promise<void> {
    return this.#run((recovery) => recovery.save(entry), undefined);
  }

  forget(id: string): Promise<void> {
    return this.#run((recovery) => recovery.forget(id), undefined);
  }

  /** Removes the records of this uploader's scope (and those it saved); other scopes keep theirs. */
  clear(): Promise<void> {
    return this.#run((recovery) => recovery.clear(), undefined);
  }

  /** Removes every record in the storage, whatever its scope (sign-out). */
  clearAll(): Promise<void> {
    return this.#run((recovery) => recovery.clearAll(), undefined);
  }

  /** Entries of this scope still within the TTL that no other live engine of the page owns. */
  restore(): Promise<CrashRecoveryEntry[]> {
    return this.#run((recovery) => recovery.restore(), []);
  }

  /** Marks listed files as this engine's again (an element put back on the page). */
  claimUnowned(ids: readonly string[]): void {
    void this.#run((recovery) => recovery.claimUnowned(ids), undefined);
  }

  /** The engine is going away: its files may be restored by a later engine of this page or another tab. */
  close(): void {
    void this.#run((recovery) => recovery.close(), undefined);
  }

  /** Resolves when every write so far has landed. */
  flush(): Promise<void> {
    return this.#run((recovery) => recovery.flush(), undefined);
  }
}
