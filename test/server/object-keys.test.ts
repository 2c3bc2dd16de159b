/**
 * Keys the handler signs: a keyStrategy result that escapes its prefix is never signed, the
 * strategy sees a safe name, and the default key fits S3's 1,024 bytes whatever the user id.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import type { KeyStrategyContext } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { bothTransports, closeAll, createErrorLog, createTestHandler, MOUNT, readObject, type Transport } from './support/upload-harness.js';

const BAD_KEYS = ['../x', 'a/../x', 'a/./x', '.', '..', '/abs/x', 'a\\b', 'a\u0000b', 'a\nb', 'a\u007fb', 'a\u0085b', 'k'.repeat(1025), 'é'.repeat(513), ''];

describe('object keys', () => {
  let storage: TestStorage;
  const errors = createErrorLog();
  const seen: KeyStrategyContext[] = [];
  const transports: Record<string, Transport[]> = {};

  before(async () => {
    storage = await getTestStorage();
    transports.bad = await bothTransports(
      await createTestHandler({ keyStrategy: ({ file }) => BAD_KEYS[Number(file.name.split('.')[0])]!, hooks: { onError: errors.onError } }),
    );
    transports.safe = await bothTransports(
      await createTestHandler({
        getUserId: (req) => req.headers.get('x-user'),
        keyStrategy: (ctx) => {
          seen.push(ctx);
          return `by-strategy/${ctx.userId}/${ctx.safeName}`;
        },
      }),
    );
    transports.plain = await bothTransports(await createTestHandler({ getUserId: (req) => req.headers.get('x-user') }));
  });
  after(() => closeAll(Object.values(transports).flat()));

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = (name: string) => transports[name]![index]!;

      it('never signs a keyStrategy key with a ./.. segment, a leading slash, a backslash, a control character or above 1,024 bytes', async () => {
        for (const [position, key] of BAD_KEYS.entries()) {
          const response = await use('bad').post(`${MOUNT}/presign`, { name: `${position}.txt`, type: 'text/plain', size: 3 });
          assert.deepEqual([response.status, response.body], [500, { error: 'Presign failed', code: 'PRESIGN_FAILED' }], JSON.stringify(key).slice(0, 40));
          const record = errors.records.find((entry) => entry.requestId === response.headers.get('x-svc-request-id'));
          assert.match(String((record?.error as Error)?.message), /keyStrategy returned an unusable key/);
        }
      });

      it('opens no multipart upload for such a key', async () => {
        const response = await use('bad').post(`${MOUNT}/multipart/init`, { name: '0.txt', type: 'text/plain', size: 3 });
        assert.deepEqual([response.status, response.body], [500, { error: 'Multipart init failed', code: 'STORAGE_ERROR' }]);
        const listing = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket }));
        assert.deepEqual(
          (listing.Uploads ?? []).filter((upload) => upload.Key === 'x' || upload.Key?.endsWith('/x')),
          [],
        );
      });

      it('passes keyStrategy the sanitised name next to the raw one', async () => {
        seen.length = 0;
        const response = await use('safe').post(`${MOUNT}/presign`, { name: '../../etc/pass wd.txt', type: 'text/plain', size: 3 }, { 'x-user': 'u1' });
        assert.equal(response.status, 200, response.text);
        assert.equal(response.body.key, 'by-strategy/u1/pass_wd.txt');
        assert.equal(seen[0]?.file.name, '../../etc/pass wd.txt');
        assert.equal(seen[0]?.safeName, 'pass_wd.txt');
      });

      it('keeps the default key within 1,024 bytes for a long user id, one namespace per user, and the bytes land', async () => {
        const longId = `user-${'é'.repeat(1000)}`;
        const otherId = `user-${'é'.repeat(999)}x`;
        const name = `${'n'.repeat(300)}.txt`;
        const first = await use('plain').post(`${MOUNT}/presign`, { name, type: 'text/plain', size: 3 }, { 'x-user': encodeURIComponent(longId) });
        const second = await use('plain').post(`${MOUNT}/presign`, { name, type: 'text/plain', size: 3 }, { 'x-user': encodeURIComponent(longId) });
        const other = await use('plain').post(`${MOUNT}/presign`, { name, type: 'text/plain', size: 3 }, { 'x-user': encodeURIComponent(otherId) });
        for (const response of [first, second, other]) {
          assert.equal(response.status, 200, response.text);
          assert.ok(Buffer.byteLength(response.body.key) <= 1024, `key of ${Buffer.byteLength(response.body.key)} bytes`);
          assert.match(response.body.key, /^@[0-9a-f]{64}\/[0-9a-f-]{36}\/n+\.txt$/);
        }
        const namespace = (key: string) => key.split('/')[0];
        assert.equal(namespace(first.body.key), namespace(second.body.key), 'the same user keeps one namespace');
        assert.notEqual(namespace(first.body.key), namespace(other.body.key), 'another user gets another');
        const put = await fetch(first.body.uploadUrl, { method: 'PUT', body: 'abc', headers: first.body.uploadHeaders });
        assert.equal(put.status, 200);
        assert.equal((await readObject(storage, first.body.key)).toString(), 'abc');
      });

      it('keeps short user ids readable in the default key', async () => {
        const response = await use('plain').post(`${MOUNT}/presign`, { name: 'a.txt', type: 'text/plain', size: 3 }, { 'x-user': 'auth0|a/b' });
        assert.match(response.body.key, /^auth0%7Ca%2Fb\//);
      });
    });
  }
});
