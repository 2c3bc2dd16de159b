import type { DriveTokenStore } from '../types.js';

/**
 * The part of an unstorage `Storage` this adapter uses. Typed structurally so the server module
 * does not import unstorage: hosts bring their own copy (and driver).
 */
export interface UnstorageLike {
  getItem(key: string): Promise<unknown>;
  setItem(key: string, value: string, options?: { ttl?: number }): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export interface UnstorageTokenStoreOptions {
  /** Prefix of every key, so the tokens can share a storage with other data. Default `svc-uploader`. */
  base?: string;
}

interface Envelope {
  value: string;
  /** Epoch milliseconds; absent when the entry does not expire. */
  expiresAt?: number;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).value === 'string';
}

/**
 * A token store over an unstorage `Storage`: with the Redis driver, several handler instances
 * share drive tokens and OAuth state. The TTL is passed to the driver (Redis expires the key) and
 * also written next to the value, because several drivers (memory, fs) ignore TTLs.
 */
export function createUnstorageTokenStore(storage: UnstorageLike, options: UnstorageTokenStoreOptions = {}): DriveTokenStore {
  const base = (options.base ?? 'svc-uploader').replace(/:+$/, '');
  // unstorage rewrites `/` and drops everything after `?` in keys; percent-encoding keeps every key intact.
  const toStorageKey = (key: string): string => `${base}:${encodeURIComponent(key)}`;

  return {
    async get(key) {
      const stored = await storage.getItem(toStorageKey(key));
      // Drivers hand back JSON values already parsed (memory keeps strings, Redis gives a parsed object).
      const envelope = typeof stored === 'string' ? safeParse(stored) : stored;
      if (!isEnvelope(envelope)) return null;
      if (envelope.expiresAt !== undefined && envelope.expiresAt <= Date.now()) return null;
      return envelope.value;
    },
    async set(key, value, ttlSeconds) {
      const ttl = ttlSeconds !== undefined && ttlSeconds > 0 ? Math.ceil(ttlSeconds) : undefined;
      const envelope: Envelope = ttl === undefined ? { value } : { value, expiresAt: Date.now() + ttl * 1000 };
      await storage.setItem(toStorageKey(key), JSON.stringify(envelope), ttl === undefined ? undefined : { ttl });
    },
    async delete(key) {
      await storage.removeItem(toStorageKey(key));
    },
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
