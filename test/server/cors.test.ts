import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bothTransports, closeAll, createTestHandler, MOUNT, type Transport } from './support/upload-harness.js';

const APP = 'https://app.example.com';
const OTHER = 'https://evil.example.net';
const smallFile = { name: 'note.txt', type: 'text/plain', size: 5 };

describe('CORS', () => {
  const transports: Record<string, Transport[]> = {};

  before(async () => {
    transports.none = await bothTransports(await createTestHandler());
    transports.concrete = await bothTransports(await createTestHandler({ cors: { allowedOrigins: [`${APP}/`] } }));
    transports.wildcard = await bothTransports(await createTestHandler({ cors: { allowedOrigins: ['*'] } }));
    transports.mixed = await bothTransports(
      await createTestHandler({
        cors: { allowedOrigins: [APP, '*'], allowedMethods: ['POST'], allowedHeaders: ['Content-Type', 'X-Custom'], maxAgeSeconds: 60 },
        auth: (req) => {
          if (req.headers.get('x-gate') === 'throw') throw new Error('gate exploded');
          return req.headers.get('x-gate') !== 'closed';
        },
        hooks: { onError: () => undefined },
      }),
    );
  });
  after(() => closeAll(Object.values(transports).flat()));

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = (name: string) => transports[name]![index]!;

      it('adds no CORS headers when cors is not configured, and refuses a foreign origin', async () => {
        const response = await use('none').post(`${MOUNT}/presign`, smallFile, { origin: APP });
        assert.deepEqual([response.status, response.body], [403, { error: 'Cross-site request refused', code: 'AUTH_DENIED' }]);
        assert.equal(response.headers.get('access-control-allow-origin'), null);
        const serverToServer = await use('none').post(`${MOUNT}/presign`, smallFile);
        assert.equal(serverToServer.status, 200);
        assert.equal(serverToServer.headers.get('access-control-allow-origin'), null);
      });

      it('reflects a concrete match and allows credentials', async () => {
        const response = await use('concrete').post(`${MOUNT}/presign`, smallFile, { origin: APP });
        assert.equal(response.headers.get('access-control-allow-origin'), APP);
        assert.equal(response.headers.get('access-control-allow-credentials'), 'true');
        assert.match(response.headers.get('access-control-expose-headers') ?? '', /x-svc-request-id/);
        assert.match(response.headers.get('vary') ?? '', /Origin/);
      });

      it('adds nothing for an origin that is not listed, and refuses its POST', async () => {
        const response = await use('concrete').post(`${MOUNT}/presign`, smallFile, { origin: OTHER });
        assert.equal(response.status, 403, 'CORS would only hide the answer; the request itself is refused');
        assert.equal(response.headers.get('access-control-allow-origin'), null);
        assert.equal(response.headers.get('access-control-allow-credentials'), null);
      });

      it('reflects any origin through "*" but never with credentials', async () => {
        const response = await use('wildcard').post(`${MOUNT}/presign`, smallFile, { origin: OTHER });
        assert.equal(response.headers.get('access-control-allow-origin'), OTHER);
        assert.equal(response.headers.get('access-control-allow-credentials'), null);
      });

      it('sends a bare "*" only to callers without an Origin', async () => {
        const response = await use('wildcard').post(`${MOUNT}/presign`, smallFile);
        assert.equal(response.headers.get('access-control-allow-origin'), '*');
        const withOrigin = await use('wildcard').post(`${MOUNT}/presign`, smallFile, { origin: APP });
        assert.equal(withOrigin.headers.get('access-control-allow-origin'), APP);
        const concreteOnly = await use('concrete').post(`${MOUNT}/presign`, smallFile);
        assert.equal(concreteOnly.headers.get('access-control-allow-origin'), null);
      });

      it('gives credentials to the concrete entry of a mixed list and not to the "*" matches', async () => {
        const concrete = await use('mixed').post(`${MOUNT}/presign`, smallFile, { origin: APP });
        assert.equal(concrete.headers.get('access-control-allow-credentials'), 'true');
        const other = await use('mixed').post(`${MOUNT}/presign`, smallFile, { origin: OTHER });
        assert.equal(other.headers.get('access-control-allow-origin'), OTHER);
        assert.equal(other.headers.get('access-control-allow-credentials'), null);
      });

      it('answers a preflight with 204, the allowed methods, headers and max age', async () => {
        const response = await use('mixed').send(`${MOUNT}/multipart/init`, {
          method: 'OPTIONS',
          headers: { origin: APP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
        assert.equal(response.status, 204);
        assert.equal(response.text, '');
        assert.equal(response.headers.get('access-control-allow-origin'), APP);
        assert.equal(response.headers.get('access-control-allow-methods'), 'POST');
        assert.equal(response.headers.get('access-control-allow-headers'), 'Content-Type, X-Custom');
        assert.equal(response.headers.get('access-control-max-age'), '60');
        assert.ok(response.headers.get('x-svc-request-id'));
      });

      it('answers a preflight from an unlisted origin without CORS headers', async () => {
        const response = await use('concrete').send(`${MOUNT}/presign`, {
          method: 'OPTIONS',
          headers: { origin: OTHER, 'access-control-request-method': 'POST' },
        });
        assert.equal(response.status, 204);
        assert.equal(response.headers.get('access-control-allow-origin'), null);
        assert.equal(response.headers.get('access-control-allow-methods'), null);
      });

      it('puts CORS headers on failures too (404, 401, 400, 500)', async () => {
        const failures = [
          await use('mixed').send(`${MOUNT}/nowhere`, { headers: { origin: APP } }),
          await use('mixed').post(`${MOUNT}/presign`, smallFile, { origin: APP, 'x-gate': 'closed' }),
          await use('mixed').post(`${MOUNT}/presign`, '{broken', { origin: APP }),
          await use('mixed').post(`${MOUNT}/presign`, smallFile, { origin: APP, 'x-gate': 'throw' }),
        ];
        assert.deepEqual(
          failures.map((response) => response.status),
          [404, 401, 400, 500],
        );
        for (const response of failures) {
          assert.equal(response.headers.get('access-control-allow-origin'), APP);
          assert.equal(response.headers.get('access-control-allow-credentials'), 'true');
        }
      });
    });
  }
});
