import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createDriveHandler, openCallback, readCallbackData, startConsent, uniqueUser } from './support/drive-harness.js';
import { useRedisDrives } from './support/redis-drives.js';
import { findRedisServer } from './support/redis-server.js';
import { describeTokenStoreContract } from './support/token-store-contract.js';

const redisBinary = findRedisServer();

describe('drive state shared through Redis', { skip: redisBinary ? false : 'redis-server is not installed (apt-get install redis-server)' }, () => {
  const shared = useRedisDrives(redisBinary);

  describe('createUnstorageTokenStore over the Redis driver', () => {
    describeTokenStoreContract(() => shared.createRedisStore());
  });

  it('completes on one handler instance an OAuth flow started on another', async () => {
    const instanceA = await createDriveHandler(shared.fakes, { tokenStore: shared.createRedisStore() });
    const instanceB = await createDriveHandler(shared.fakes, { tokenStore: shared.createRedisStore() });
    const user = uniqueUser();
    const oneDrive = shared.fakes.byId.oneDrive;

    const { authorizeUrl, callbackUrl } = await startConsent(instanceA, oneDrive, user);
    // One browser talks to both instances: it carries the binding cookie A set.
    for (const [name, value] of instanceA.browserCookies) instanceB.browserCookies.set(name, value);
    const page = await openCallback(instanceB, callbackUrl, user);
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(readCallbackData(page.text).message, { type: 'svc:oauth-success', provider: 'one-drive' });

    const listedOnA = await instanceA.get('/files/one-drive', user);
    assert.equal(listedOnA.status, 200, 'tokens stored by B serve A');
    const replayOnA = await openCallback(instanceA, callbackUrl, user);
    assert.equal(replayOnA.status, 400, 'the state spent on B is spent for A too');

    // The state key carries a Redis TTL, so abandoned flows do not pile up.
    const client = new Redis(shared.redis.url);
    try {
      const stateKey = `svc-uploader:${encodeURIComponent(`oauth-state:${new URL(authorizeUrl).searchParams.get('state')}`)}`;
      assert.equal(await client.exists(stateKey), 0, 'spent state removed');
      const pending = await startConsent(instanceA, oneDrive, user);
      const pendingKey = `svc-uploader:${encodeURIComponent(`oauth-state:${pending.authorizeUrl.searchParams.get('state')}`)}`;
      const ttl = await client.ttl(pendingKey);
      assert.ok(ttl > 0 && ttl <= 600, `state TTL ${ttl} s`);
    } finally {
      client.disconnect();
    }
  });
});
