import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { createStorage } from 'unstorage';
import redisDriver from 'unstorage/drivers/redis';
import { createOAuthState, consumeOAuthState } from '../../../server/drives/oauth/oauth-state.js';
import { canLock, refreshInTurn, toRefreshLockKey } from '../../../server/drives/refresh-turns.js';
import { createUnstorageTokenStore, type DriveTokenStore } from '../../../server/index.js';
import { connectDrive, createDriveHandler, uniqueUser } from './support/drive-harness.js';
import { useRedisDrives } from './support/redis-drives.js';
import { findRedisServer } from './support/redis-server.js';

const redisBinary = findRedisServer();

describe(
  'refreshing rotating drive tokens on two instances at once',
  { skip: redisBinary ? false : 'redis-server is not installed (apt-get install redis-server)' },
  () => {
    const shared = useRedisDrives(redisBinary);

    it('writes setIfAbsent to the key the Redis driver reads, also under a mount and a driver base', async (t) => {
      const storage = createStorage();
      storage.mount('tokens', redisDriver({ url: shared.redis.url, base: 'app' }));
      t.after(() => storage.dispose());
      const store = createUnstorageTokenStore(storage, { base: 'tokens:uploader' });
      assert.equal(typeof store.setIfAbsent, 'function');
      const key = `drive-refresh-lock:box:${uniqueUser()}`;
      assert.equal(await store.setIfAbsent!(key, 'held', 30), true);
      assert.equal(await store.get(key), 'held', 'get sees what setIfAbsent wrote');
      assert.equal(await store.setIfAbsent!(key, 'again', 30), false);
      await store.delete(key);
      await store.set(key, 'plain', 30);
      assert.equal(await store.setIfAbsent!(key, 'again', 30), false, 'setIfAbsent sees what set wrote');
    });

    it('refreshes once, answers both requests, and keeps the rotated refresh token', async () => {
      const instanceA = await createDriveHandler(shared.fakes, { tokenStore: shared.createRedisStore() });
      const instanceB = await createDriveHandler(shared.fakes, { tokenStore: shared.createRedisStore() });
      assert.equal(typeof instanceA.tokenStore.setIfAbsent, 'function', 'the unstorage store over Redis offers the atomic write');
      const user = uniqueUser();
      const { oauth } = shared.fakes.byId.oneDrive;

      // Tokens that expire inside the refresh margin: the next listing on any instance refreshes them.
      oauth.accessTokenLifetimeSeconds = 5;
      await connectDrive(instanceA, shared.fakes.byId.oneDrive, user);
      oauth.accessTokenLifetimeSeconds = 3600;
      const refreshesBefore = oauth.refreshes;

      // The provider has rotated the refresh token but not yet answered when the second refresh would arrive.
      let openGate!: () => void;
      oauth.refreshGate = new Promise((resolve) => {
        openGate = resolve;
      });
      try {
        const onA = instanceA.get('/files/one-drive', user);
        const onB = instanceB.get('/files/one-drive', user);
        while (oauth.refreshes === refreshesBefore) await sleep(10);
        // Leave the other instance time to reach the provider (or the lock) before the first answer.
        await Promise.race([onA, onB, sleep(1_000)]);
        openGate();
        const [listedOnA, listedOnB] = await Promise.all([onA, onB]);
        assert.equal(listedOnA.status, 200, listedOnA.text);
        assert.equal(listedOnB.status, 200, listedOnB.text);
      } finally {
        openGate();
        oauth.refreshGate = undefined;
      }
      assert.equal(oauth.refreshes - refreshesBefore, 1, 'one refresh at the provider for both instances');

      // The stored refresh token is the rotated one: it still works on either instance.
      oauth.expireAccessTokens();
      const stored = JSON.parse((await instanceB.tokenStore.get(`drive-tokens:one-drive:${user}`))!) as { refreshToken: string; expiresAt: number };
      await instanceB.tokenStore.set(`drive-tokens:one-drive:${user}`, JSON.stringify({ ...stored, expiresAt: Date.now() }));
      const later = await instanceB.get('/files/one-drive', user);
      assert.equal(later.status, 200, later.text);
    });
  },
);

describe('releasing a refresh lock held too long', { skip: redisBinary ? false : 'redis-server is not installed (apt-get install redis-server)' }, () => {
  const shared = useRedisDrives(redisBinary);

  it("leaves the lock another instance took after this holder's expired", async () => {
    const store = shared.createRedisStore();
    assert.ok(canLock(store));
    const user = uniqueUser();
    const lockKey = toRefreshLockKey('box', user);
    const refreshed = await refreshInTurn({
      store,
      provider: 'box',
      userId: user,
      timeoutMs: 1_000,
      readUsable: async () => ({ usable: undefined, present: true }),
      async refresh() {
        // This refresh outlived its lock: it expired, and another instance took the lock in turn.
        await store.delete(lockKey);
        assert.equal(await store.setIfAbsent(lockKey, 'the-other-instance', 30), true);
        return 'renewed';
      },
    });
    assert.equal(refreshed, 'renewed');
    assert.equal(await store.get(lockKey), 'the-other-instance', 'the other instance still holds its lock');
    await store.delete(lockKey);
  });

  it('consumes an OAuth state with one atomic take, so two instances cannot both read it', async () => {
    const redisStore = shared.createRedisStore();
    const calls: string[] = [];
    // Records which store operations touch the state: a get followed by a delete is two round
    // trips another instance could fall between; a take is one (the contract test races takers).
    const recording: DriveTokenStore = {
      ...redisStore,
      get: (key) => {
        calls.push(`get ${key.split(':')[0]}`);
        return redisStore.get(key);
      },
      take: (key) => {
        calls.push(`take ${key.split(':')[0]}`);
        return redisStore.take!(key);
      },
    };
    const user = uniqueUser();
    const state = await createOAuthState(redisStore, { provider: 'box', userId: user, browserBindingHash: 'binding' });
    const record = await consumeOAuthState(recording, state, 'box');
    assert.equal(record?.userId, user);
    assert.deepEqual(calls, ['take oauth-state']);
    assert.equal(await consumeOAuthState(shared.createRedisStore(), state, 'box'), undefined, 'spent for every instance');
  });
});
