/**
 * The cap of 10 live sign-in states per user holds when many starts race on several handler
 * instances that share one Redis through createUnstorageTokenStore.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createDriveHandler, uniqueUser } from './support/drive-harness.js';
import { useRedisDrives } from './support/redis-drives.js';
import { findRedisServer } from './support/redis-server.js';

const redisBinary = findRedisServer();
const STARTS = 40;

/** The users of every OAuth state stored in Redis, read the way the unstorage store writes them. */
async function readStateOwners(url: string): Promise<string[]> {
  const client = new Redis(url);
  try {
    const keys = await client.keys(`svc-uploader:${encodeURIComponent('oauth-state:')}*`);
    const values = keys.length > 0 ? await client.mget(keys) : [];
    return values.map((text) => JSON.parse(JSON.parse(text!).value).userId as string);
  } finally {
    client.disconnect();
  }
}

describe('the sign-in state cap on a shared store', { skip: redisBinary ? false : 'redis-server is not installed (apt-get install redis-server)' }, () => {
  const shared = useRedisDrives(redisBinary);

  it(`keeps at most 10 live states for a user who starts ${STARTS} sign-ins at once on two instances`, async () => {
    const instances = [
      await createDriveHandler(shared.fakes, { tokenStore: shared.createRedisStore() }),
      await createDriveHandler(shared.fakes, { tokenStore: shared.createRedisStore() }),
    ];
    const user = uniqueUser();
    const answers = await Promise.all(Array.from({ length: STARTS }, (_, index) => instances[index % 2]!.get('/auth/box', user)));
    const statuses = answers.map((answer) => answer.status);
    assert.ok(
      statuses.every((status) => status === 302 || status === 429),
      `every start is sent to the provider or told to retry: ${statuses}`,
    );
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      assert.deepEqual(refused.body, { error: 'Too many sign-ins in progress, retry later', code: 'SIGN_IN_BUSY' });
    }
    assert.ok(statuses.filter((status) => status === 302).length >= 10, 'at least ten starts went through');
    const owners = await readStateOwners(shared.redis.url);
    const live = owners.filter((owner) => owner === user).length;
    assert.ok(live <= 10, `${live} live states for one user`);
    assert.equal(live, 10, 'the cap is full, not emptied by the race');

    // The newest state still works: a later sign-in is not locked out.
    const later = await instances[0]!.get('/auth/box', user);
    assert.equal(later.status, 302);
    assert.equal((await readStateOwners(shared.redis.url)).filter((owner) => owner === user).length, 10);
  });
});
