/**
 * What every token store must do, run against each implementation (memory, unstorage over its
 * memory driver, unstorage over a real Redis).
 */
import assert from 'node:assert/strict';
import { it, mock } from 'node:test';
import type { DriveTokenStore } from '../../../../server/drives/types.js';

export function describeTokenStoreContract(createStore: () => DriveTokenStore | Promise<DriveTokenStore>): void {
  it('returns null for a key it never stored', async () => {
    const store = await createStore();
    assert.equal(await store.get('never-set'), null);
  });

  it('returns what was set, replaces it on set, and forgets it on delete', async () => {
    const store = await createStore();
    await store.set('drive-tokens:box:alice', '{"accessToken":"one"}');
    assert.equal(await store.get('drive-tokens:box:alice'), '{"accessToken":"one"}');
    await store.set('drive-tokens:box:alice', '{"accessToken":"two"}', 3600);
    assert.equal(await store.get('drive-tokens:box:alice'), '{"accessToken":"two"}');
    await store.delete('drive-tokens:box:alice');
    assert.equal(await store.get('drive-tokens:box:alice'), null);
    await store.delete('drive-tokens:box:alice');
  });

  it('keeps keys that differ only in characters key-value stores rewrite apart', async () => {
    const store = await createStore();
    const keys = ['drive-tokens:dropbox:a%2Fb', 'drive-tokens:dropbox:a/b', 'drive-tokens:dropbox:a:b', 'drive-tokens:dropbox:a?b', 'drive-tokens:dropbox:a'];
    for (const [index, key] of keys.entries()) await store.set(key, `value-${index}`);
    for (const [index, key] of keys.entries()) assert.equal(await store.get(key), `value-${index}`, key);
  });

  it('stops returning a value once its TTL has passed', async (t) => {
    const store = await createStore();
    mock.timers.enable({ apis: ['Date'], now: Date.now() });
    t.after(() => mock.timers.reset());
    await store.set('oauth-state:short', 'value', 600);
    mock.timers.tick(599_000);
    assert.equal(await store.get('oauth-state:short'), 'value');
    mock.timers.tick(2_000);
    assert.equal(await store.get('oauth-state:short'), null);
  });

  it('setIfAbsent, where offered, writes only when the key holds nothing, and one concurrent writer wins', async (t) => {
    const store = await createStore();
    if (!store.setIfAbsent) return t.skip('this store offers no atomic write');
    assert.equal(await store.setIfAbsent('drive-refresh-lock:box:alice', 'first', 30), true);
    assert.equal(await store.setIfAbsent('drive-refresh-lock:box:alice', 'second', 30), false);
    assert.equal(await store.get('drive-refresh-lock:box:alice'), 'first');
    const racing = await Promise.all([1, 2, 3, 4].map((n) => store.setIfAbsent!('drive-refresh-lock:box:bob', `racer-${n}`, 30)));
    assert.equal(racing.filter(Boolean).length, 1, 'exactly one of four concurrent writers wins');
    await store.delete('drive-refresh-lock:box:alice');
    assert.equal(await store.setIfAbsent('drive-refresh-lock:box:alice', 'third', 30), true);
    assert.equal(await store.get('drive-refresh-lock:box:alice'), 'third');
  });

  it('deleteIfEquals, where offered, deletes only the value it names', async (t) => {
    const store = await createStore();
    if (!store.deleteIfEquals) return t.skip('this store offers no compare-and-delete');
    await store.set('drive-refresh-lock:box:carol', 'holder-a', 30);
    assert.equal(await store.deleteIfEquals('drive-refresh-lock:box:carol', 'holder-b'), false);
    assert.equal(await store.get('drive-refresh-lock:box:carol'), 'holder-a', "another holder's value stays");
    assert.equal(await store.deleteIfEquals('drive-refresh-lock:box:carol', 'holder-a'), true);
    assert.equal(await store.get('drive-refresh-lock:box:carol'), null);
    assert.equal(await store.deleteIfEquals('drive-refresh-lock:box:carol', 'holder-a'), false, 'nothing left to delete');
  });

  it('take, where offered, returns the value once and deletes it, and one concurrent taker wins', async (t) => {
    const store = await createStore();
    if (!store.take) return t.skip('this store offers no atomic take');
    assert.equal(await store.take('oauth-state:never-set'), null);
    await store.set('oauth-state:one', 'record', 600);
    assert.equal(await store.take('oauth-state:one'), 'record');
    assert.equal(await store.get('oauth-state:one'), null);
    await store.set('oauth-state:raced', 'record', 600);
    const takers = await Promise.all([1, 2, 3, 4].map(() => store.take!('oauth-state:raced')));
    assert.deepEqual(takers.filter((value) => value === 'record').length, 1, 'exactly one of four concurrent takers gets the value');
  });
}
