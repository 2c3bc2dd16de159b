import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUploadHandler, UpupError, type StorageResolverContext } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { initUpload, sendPart } from './support/multipart-client.js';
import {
  bothTransports,
  closeAll,
  createErrorLog,
  decodeTokenPayload,
  MIB,
  MOUNT,
  randomContent,
  readObject,
  signTokenPayload,
  TEST_SECRET,
  type Transport,
} from './support/upload-harness.js';

const file = { name: 'tenant.txt', type: 'text/plain', size: 6 };

describe('storage resolver', () => {
  let storage: TestStorage;
  let tenantBuckets: Record<string, string>;
  let transports: Transport[] = [];
  const seen: StorageResolverContext[] = [];
  const errors = createErrorLog();

  before(async () => {
    storage = await getTestStorage();
    tenantBuckets = { red: await storage.createBucket('red'), blue: await storage.createBucket('blue') };
    const handler = createUploadHandler({
      uploadTokenSecret: TEST_SECRET,
      getUserId: (req) => req.headers.get('x-user'),
      hooks: { onError: errors.onError },
      storage: (req, ctx) => {
        seen.push(ctx);
        const tenant = req.headers.get('x-tenant') ?? '';
        if (tenant === 'throws') throw new Error('tenant lookup failed: db password rejected');
        if (tenant === 'azure') return { type: 'azure', bucket: 'x', region: 'y' };
        if (tenant === 'nobucket') return { ...storage.storageConfig(), bucket: '' };
        if (tenant === 'suspended') throw new UpupError('Tenant suspended', 'TENANT_SUSPENDED', { status: 403 });
        return storage.storageConfig(tenantBuckets[tenant] ?? storage.bucket);
      },
    });
    transports = await bothTransports(handler);
  });
  after(() => closeAll(transports));

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = () => transports[index]!;
      const as = (tenant: string, user = 'alice') => ({ 'x-tenant': tenant, 'x-user': user });

      it('resolves per request with {userId, metadata} and the bytes land in the resolved bucket', async () => {
        seen.length = 0;
        const response = await use().post(`${MOUNT}/presign`, { ...file, metadata: { project: 7 } }, as('red'));
        assert.equal(response.status, 200);
        assert.deepEqual(seen, [{ userId: 'alice', metadata: { project: 7 } }]);
        assert.equal((await fetch(response.body.uploadUrl, { method: 'PUT', body: 'tenant', headers: response.body.uploadHeaders })).status, 200);
        assert.equal((await readObject(storage, response.body.key, tenantBuckets.red)).toString(), 'tenant');
      });

      it('binds the resolved bucket into the token; a continuation resolving another bucket gets 403 AUTH_DENIED', async () => {
        const init = await initUpload(use(), { name: 'big.bin', type: 'application/octet-stream', size: 5 * MIB }, as('red'));
        assert.equal(typeof decodeTokenPayload(init.token).sid, 'string');
        assert.doesNotMatch(
          Buffer.from(init.token.split('.')[0]!, 'base64url').toString(),
          new RegExp(tenantBuckets.red!),
          'the bucket name is not readable in the token',
        );
        seen.length = 0;
        const moved = await use().post(`${MOUNT}/multipart/sign-part`, { token: init.token, partNumber: 1 }, as('blue'));
        assert.equal(moved.status, 403);
        assert.equal(moved.body.code, 'AUTH_DENIED');
        assert.deepEqual(seen, [{ userId: 'alice', metadata: undefined }], 'continuations resolve without client metadata');
        const part = await sendPart(use(), init.token, 1, randomContent(5 * MIB), as('red'));
        const complete = await use().post(`${MOUNT}/multipart/complete`, { token: init.token, parts: [part] }, as('red'));
        assert.equal(complete.status, 200);
        assert.equal((await readObject(storage, init.key, tenantBuckets.red)).length, 5 * MIB);
      });

      it('refuses a token without a storage binding when storage is a resolver', async () => {
        const now = Math.floor(Date.now() / 1000);
        const token = signTokenPayload({ k: 'alice/x/y', u: 'u', uid: 'alice', smin: 1, smax: 1, exp: now + 600, iat: now });
        const response = await use().post(`${MOUNT}/multipart/sign-part`, { token, partNumber: 1 }, as('red'));
        assert.equal(response.status, 403);
        assert.equal(response.body.code, 'AUTH_DENIED');
      });

      it('500 Storage configuration error when the resolver throws or returns unusable storage; the cause goes to onError only', async () => {
        for (const tenant of ['throws', 'azure', 'nobucket']) {
          errors.records.length = 0;
          const response = await use().post(`${MOUNT}/presign`, file, as(tenant));
          assert.equal(response.status, 500, tenant);
          assert.deepEqual(response.body, { error: 'Storage configuration error' });
          assert.doesNotMatch(response.text, /password|azure/);
          assert.equal(errors.records.length, 1);
          assert.ok(errors.records[0]!.error instanceof Error);
        }
        assert.match((errors.records[0]!.error as Error).message, /bucket/);
      });

      it('lets a resolver refuse a caller on purpose with an UpupError and status', async () => {
        const response = await use().post(`${MOUNT}/presign`, file, as('suspended'));
        assert.equal(response.status, 403);
        assert.deepEqual(response.body, { error: 'Tenant suspended', code: 'TENANT_SUSPENDED' });
      });
    });
  }
});
