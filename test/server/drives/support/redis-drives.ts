/**
 * For a `describe` block about drive state shared through Redis: a throwaway redis-server and the
 * fake providers, started before its tests and stopped after, and one unstorage token store per
 * simulated handler instance (as separate processes would each have).
 */
import { after, before } from 'node:test';
import { createStorage, type Storage } from 'unstorage';
import redisDriver from 'unstorage/drivers/redis';
import { createUnstorageTokenStore } from '../../../../server/index.js';
import type { DriveTokenStore } from '../../../../server/index.js';
import { startFakeDrives, type FakeDrives } from '../../../support/fake-drives/index.js';
import { startRedisServer, type RedisServer } from './redis-server.js';

export interface RedisDrives {
  readonly redis: RedisServer;
  readonly fakes: FakeDrives;
  /** A token store with its own Redis connection, closed after the block. */
  createRedisStore(): DriveTokenStore;
}

export function useRedisDrives(redisBinary: string | undefined): RedisDrives {
  let redis: RedisServer | undefined;
  let fakes: FakeDrives | undefined;
  const storages: Storage[] = [];
  before(async () => {
    redis = await startRedisServer(redisBinary!);
    fakes = await startFakeDrives();
  });
  after(async () => {
    await Promise.all(storages.map((storage) => storage.dispose()));
    await fakes?.close();
    await redis?.stop();
  });
  return {
    get redis() {
      return redis!;
    },
    get fakes() {
      return fakes!;
    },
    createRedisStore() {
      const storage = createStorage({ driver: redisDriver({ url: redis!.url }) });
      storages.push(storage);
      return createUnstorageTokenStore(storage);
    },
  };
}
