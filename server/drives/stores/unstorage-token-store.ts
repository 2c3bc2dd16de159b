import type { DriveTokenStore } from '../types.js';

/**
 * The part of an unstorage `Storage` this adapter uses. Typed structurally so the server module
 * does not import unstorage: hosts bring their own copy (and driver).
 */
export interface UnstorageLike {
  getItem(key: string): Promise<unknown>;
  setItem(key: string, value: string, options?: { ttl?: number }): Promise<void>;
  removeItem(key: string): Promise<void>;
  /** unstorage's `getMount`: reaches a Redis driver's client for the atomic methods. */
  getMount?(key: string): { base: string; driver: { name?: string; options?: unknown; getInstance?: () => unknown } };
}

/**
 * The ioredis calls the atomic methods make (`SET key value EX ttl NX` and two one-key scripts);
 * a cluster client has them too.
 */
interface RedisClient {
  set(key: string, value: string, expiry: 'EX', ttlSeconds: number, mode: 'NX'): Promise<unknown>;
  eval(script: string, numberOfKeys: number, ...keysAndArguments: string[]): Promise<unknown>;
}

/** GET then DEL in one script, so it works on Redis releases before `GETDEL` (6.2). */
const TAKE_SCRIPT = "local v = redis.call('GET', KEYS[1]); if v then redis.call('DEL', KEYS[1]) end; return v";
/** Deletes the key only while its envelope holds ARGV[1]; other values (or non-JSON) stay. */
const DELETE_IF_EQUALS_SCRIPT = [
  "local v = redis.call('GET', KEYS[1]); if not v then return 0 end",
  'local ok, envelope = pcall(cjson.decode, v)',
  "if ok and type(envelope) == 'table' and envelope.value == ARGV[1] then return redis.call('DEL', KEYS[1]) end",
  'return 0',
].join('\n');

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

  const envelopeOf = (value: string, ttl: number | undefined): string =>
    JSON.stringify(ttl === undefined ? { value } : { value, expiresAt: Date.now() + ttl * 1000 });
  const redis = findRedisDriver(storage, `${base}:`);

  return {
    ...(redis && {
      async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
        const ttl = Math.max(1, Math.ceil(ttlSeconds));
        return (await redis.client.set(redis.toRedisKey(toStorageKey(key)), envelopeOf(value, ttl), 'EX', ttl, 'NX')) === 'OK';
      },
      async deleteIfEquals(key: string, value: string): Promise<boolean> {
        return Number(await redis.client.eval(DELETE_IF_EQUALS_SCRIPT, 1, redis.toRedisKey(toStorageKey(key)), value)) === 1;
      },
      async take(key: string): Promise<string | null> {
        return valueOf(await redis.client.eval(TAKE_SCRIPT, 1, redis.toRedisKey(toStorageKey(key))));
      },
    }),
    async get(key) {
      return valueOf(await storage.getItem(toStorageKey(key)));
    },
    async set(key, value, ttlSeconds) {
      const ttl = ttlSeconds !== undefined && ttlSeconds > 0 ? Math.ceil(ttlSeconds) : undefined;
      await storage.setItem(toStorageKey(key), envelopeOf(value, ttl), ttl === undefined ? undefined : { ttl });
    },
    async delete(key) {
      await storage.removeItem(toStorageKey(key));
    },
  };
}

/** The value inside a stored envelope, or `null` when there is none or it has expired. */
function valueOf(stored: unknown): string | null {
  // Drivers hand back JSON values already parsed (memory keeps strings, Redis gives a parsed object).
  const envelope = typeof stored === 'string' ? safeParse(stored) : stored;
  if (!isEnvelope(envelope)) return null;
  if (envelope.expiresAt !== undefined && envelope.expiresAt <= Date.now()) return null;
  return envelope.value;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** unstorage's key normalisation: `/` and `\\` become `:`, no empty segments at either end. */
function normalizeUnstorageKey(key: string): string {
  return key.replace(/[/\\]/g, ':').replace(/:+/g, ':').replace(/^:|:$/g, '');
}

/**
 * The Redis client behind the keys under `prefix`, when unstorage mounts its `redis` driver there,
 * and how a storage key maps to the Redis key the driver writes (mount base off, driver base on).
 * The mount is looked up once, when the store is created. Other drivers offer no atomic operation.
 */
function findRedisDriver(storage: UnstorageLike, prefix: string): { client: RedisClient; toRedisKey(storageKey: string): string } | undefined {
  const mount = storage.getMount?.(prefix);
  const driver = mount?.driver;
  if (!mount || driver?.name !== 'redis' || typeof driver.getInstance !== 'function') return undefined;
  const client = driver.getInstance() as RedisClient | undefined;
  if (!client || typeof client.set !== 'function' || typeof client.eval !== 'function') return undefined;
  const driverBase = normalizeUnstorageKey(String((driver.options as { base?: unknown } | undefined)?.base ?? ''));
  const mountBase = mount.base;
  return {
    client,
    toRedisKey(storageKey) {
      const relative = normalizeUnstorageKey(storageKey).slice(mountBase.length);
      return [driverBase, relative].filter(Boolean).join(':');
    },
  };
}
