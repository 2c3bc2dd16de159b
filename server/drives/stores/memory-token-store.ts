import type { DriveTokenStore } from '../types.js';

interface MemoryEntry {
  value: string;
  /** Epoch milliseconds; `undefined` keeps the entry until it is deleted. */
  expiresAt: number | undefined;
}

/** Expired entries are swept on writes once the map has grown by this many since the last sweep. */
const SWEEP_EVERY_WRITES = 256;

/**
 * A token store in this process's memory: for a single handler instance and for development.
 * Several instances (processes, serverless functions) must share a store instead, e.g.
 * `createUnstorageTokenStore` over Redis. Uses no timer, so it never keeps a process alive.
 */
export function createMemoryTokenStore(): DriveTokenStore {
  const entries = new Map<string, MemoryEntry>();
  let writesSinceSweep = 0;

  const isExpired = (entry: MemoryEntry, now: number): boolean => entry.expiresAt !== undefined && entry.expiresAt <= now;

  const sweep = (): void => {
    const now = Date.now();
    for (const [key, entry] of entries) if (isExpired(entry, now)) entries.delete(key);
  };

  const write = (key: string, value: string, ttlSeconds: number | undefined): void => {
    writesSinceSweep += 1;
    if (writesSinceSweep >= SWEEP_EVERY_WRITES) {
      writesSinceSweep = 0;
      sweep();
    }
    const expiresAt = ttlSeconds !== undefined && ttlSeconds > 0 ? Date.now() + ttlSeconds * 1000 : undefined;
    entries.set(key, { value, expiresAt });
  };

  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (isExpired(entry, Date.now())) {
        entries.delete(key);
        return null;
      }
      return entry.value;
    },
    set: async (key, value, ttlSeconds) => write(key, value, ttlSeconds),
    // Nothing runs between a check and its write (no await), so these are atomic within the process.
    async setIfAbsent(key, value, ttlSeconds) {
      const entry = entries.get(key);
      if (entry && !isExpired(entry, Date.now())) return false;
      write(key, value, ttlSeconds);
      return true;
    },
    async deleteIfEquals(key, value) {
      const entry = entries.get(key);
      if (!entry || isExpired(entry, Date.now()) || entry.value !== value) return false;
      entries.delete(key);
      return true;
    },
    async take(key) {
      const entry = entries.get(key);
      entries.delete(key);
      return entry && !isExpired(entry, Date.now()) ? entry.value : null;
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
