import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createMemoryTokenStore, createUploadHandler } from '../../server/index.js';
import { withResponseHeaders } from '../../server/internal/responses.js';
import { getTestStorage } from '../support/storage.js';
import { bothTransports, closeAll, createErrorLog, createTestHandler, MOUNT, TEST_SECRET, type Transport } from './support/upload-harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const smallFile = { name: 'note.txt', type: 'text/plain', size: 5 };

describe('routing', () => {
  let transports: Transport[] = [];
  let gatedTransports: Transport[] = [];
  let noResumeTransports: Transport[] = [];
  const gateCalls: string[] = [];
  const errors = createErrorLog();

  before(async () => {
    transports = await bothTransports(await createTestHandler({ hooks: { onError: errors.onError } }));
    gatedTransports = await bothTransports(
      await createTestHandler({
        auth: (req, ctx) => {
          gateCalls.push(ctx.route);
          if (req.headers.get('x-gate') === 'throw') throw new Error('gate exploded');
          return req.headers.get('x-gate') === 'open';
        },
        hooks: { onError: errors.onError },
      }),
    );
    noResumeTransports = await bothTransports(await createTestHandler({ multipartResumeWindowSeconds: 0 }));
  });
  after(() => closeAll([...transports, ...gatedTransports, ...noResumeTransports]));

  for (const index of [0, 1]) {
    const name = index === 0 ? 'in-process' : 'http';
    describe(name, () => {
      const transport = () => transports[index]!;
      const gated = () => gatedTransports[index]!;

      it('matches routes by suffix under any mount prefix', async () => {
        for (const prefix of ['', '/api/upload', '/a/b/c', '/presign-service']) {
          const response = await transport().post(`${prefix}/presign`, smallFile);
          assert.equal(response.status, 200, `prefix "${prefix}"`);
          assert.match(response.body.uploadUrl, /^http/);
        }
      });

      it('strips trailing slashes before matching', async () => {
        assert.equal((await transport().post(`${MOUNT}/presign/`, smallFile)).status, 200);
        assert.equal((await transport().post(`${MOUNT}/presign///`, smallFile)).status, 200);
        assert.equal((await transport().send(`${MOUNT}/health/`)).status, 200);
      });

      it('answers 404 Not found for every method/path pair outside the route table', async () => {
        const pairs: [string, string][] = [
          ['GET', '/presign'],
          ['PUT', '/presign'],
          ['POST', '/health'],
          ['DELETE', '/multipart/init'],
          ['GET', '/multipart/sign-part'],
          ['POST', '/files/google-drive'],
          ['GET', '/files/google-drive/transfer'],
          ['POST', '/auth/google-drive'],
          ['GET', '/'],
          ['POST', '/unknown'],
          ['GET', '/multipart'],
          ['HEAD', '/health'],
        ];
        for (const [method, path] of pairs) {
          const response = await transport().send(`${MOUNT}${path}`, { method, ...(method === 'POST' || method === 'PUT' ? { body: '{}' } : {}) });
          assert.equal(response.status, 404, `${method} ${path}`);
          if (method !== 'HEAD') assert.deepEqual(response.body, { error: 'Not found' }, `${method} ${path}`);
        }
      });

      it('does not route /multipart/resume when the resume window is 0', async () => {
        const response = await noResumeTransports[index]!.post(`${MOUNT}/multipart/resume`, { token: 'x.y' });
        assert.equal(response.status, 404);
        assert.deepEqual(response.body, { error: 'Not found' });
        assert.equal((await transport().post(`${MOUNT}/multipart/resume`, { token: 'x.y' })).status, 403, 'routed with the default window');
      });

      it('answers OPTIONS on any path with 204 and no body', async () => {
        for (const path of ['/presign', '/multipart/complete', '/no/such/route', '/health']) {
          const response = await transport().send(`${MOUNT}${path}`, { method: 'OPTIONS' });
          assert.equal(response.status, 204, path);
          assert.equal(response.text, '');
        }
      });

      it('sends a fresh x-svc-request-id on success, 404, preflight, 401 and 500', async () => {
        const responses = [
          await transport().post(`${MOUNT}/presign`, smallFile),
          await transport().send(`${MOUNT}/nowhere`),
          await transport().send(`${MOUNT}/presign`, { method: 'OPTIONS' }),
          await gated().post(`${MOUNT}/presign`, smallFile),
          await gated().post(`${MOUNT}/presign`, smallFile, { 'x-gate': 'throw' }),
          await transport().send(`${MOUNT}/health`),
        ];
        assert.deepEqual(
          responses.map((response) => response.status),
          [200, 404, 204, 401, 500, 200],
        );
        const ids = responses.map((response) => response.headers.get('x-svc-request-id'));
        for (const id of ids) assert.match(id ?? '', UUID);
        assert.equal(new Set(ids).size, ids.length, 'every request gets its own id');
      });

      it('puts the same request id in the onError record', async () => {
        errors.records.length = 0;
        const notFound = await transport().send(`${MOUNT}/nowhere`);
        const crashed = await gated().post(`${MOUNT}/presign`, smallFile, { 'x-gate': 'throw' });
        const ids = errors.records.map((record) => record.requestId);
        assert.ok(ids.includes(notFound.headers.get('x-svc-request-id')!));
        const crashRecord = errors.records.find((record) => record.requestId === crashed.headers.get('x-svc-request-id'));
        assert.ok(crashRecord, 'the 500 was reported');
        assert.equal(crashRecord.status, 500);
        assert.equal((crashRecord.error as Error).message, 'gate exploded', 'the real cause, not the client message');
      });

      it('runs OPTIONS and GET /health before the auth gate', async () => {
        gateCalls.length = 0;
        assert.equal((await gated().send(`${MOUNT}/presign`, { method: 'OPTIONS' })).status, 204);
        assert.equal((await gated().send(`${MOUNT}/health`)).status, 200);
        assert.deepEqual(gateCalls, []);
      });

      it('gates every other route, unknown paths included, with 401 Unauthorized', async () => {
        gateCalls.length = 0;
        for (const path of [
          '/presign',
          '/multipart/init',
          '/multipart/sign-part',
          '/multipart/complete',
          '/multipart/abort',
          '/multipart/resume',
          '/complete',
          '/files/google-drive/transfer',
        ]) {
          const response = await gated().post(`${MOUNT}${path}`, {});
          assert.equal(response.status, 401, path);
          assert.deepEqual(response.body, { error: 'Unauthorized' });
        }
        for (const path of ['/auth/google-drive', '/auth/google-drive/cb', '/files/google-drive', '/nowhere']) {
          assert.equal((await gated().send(`${MOUNT}${path}`)).status, 401, path);
        }
        assert.ok(gateCalls.includes('/presign') && gateCalls.includes('/auth/:provider/cb'), 'the gate learns the route pattern');
        assert.equal((await gated().post(`${MOUNT}/presign`, smallFile, { 'x-gate': 'open' })).status, 200);
      });

      it('turns a throw in routing into 500 Internal error / STORAGE_ERROR without internals', async () => {
        const response = await gated().post(`${MOUNT}/presign`, smallFile, { 'x-gate': 'throw' });
        assert.equal(response.status, 500);
        assert.deepEqual(response.body, { error: 'Internal error', code: 'STORAGE_ERROR' });
        assert.doesNotMatch(response.text, /exploded|\.ts|at /);
      });
    });
  }
});

describe('routing: response headers', () => {
  it('adds the request id to an immutable redirect response', () => {
    const redirect = withResponseHeaders(Response.redirect('https://provider.example/authorize', 302), { 'x-svc-request-id': 'abc' });
    assert.equal(redirect.status, 302);
    assert.equal(redirect.headers.get('location'), 'https://provider.example/authorize');
    assert.equal(redirect.headers.get('x-svc-request-id'), 'abc');
  });

  it('puts the request id on a real redirect (GET /auth/:provider) and keeps its Location', async () => {
    const storage = await getTestStorage();
    const handler = createUploadHandler({
      storage: storage.storageConfig(),
      uploadTokenSecret: TEST_SECRET,
      getUserId: () => 'alice',
      providers: { googleDrive: { clientId: 'client-id', clientSecret: 'client-secret' } },
      tokenStore: createMemoryTokenStore(),
      cors: { allowedOrigins: ['https://app.example.com'] },
    });
    const response = await handler(new Request('http://uploads.test/api/upload/auth/google-drive', { headers: { origin: 'https://app.example.com' } }));
    assert.equal(response.status, 302);
    assert.match(response.headers.get('location') ?? '', /^https:\/\//);
    assert.match(response.headers.get('x-svc-request-id') ?? '', UUID);
    assert.equal(response.headers.get('access-control-allow-origin'), 'https://app.example.com');
  });

  it('never throws out of the handler, even for a malformed path', async () => {
    const storage = await getTestStorage();
    const handler = createUploadHandler({ storage: storage.storageConfig(), uploadTokenSecret: TEST_SECRET, allowAnonymousUploads: true });
    const response = await handler(new Request('http://uploads.test/api/%ZZ/presign%'));
    assert.equal(response.status, 404);
    assert.match(response.headers.get('x-svc-request-id') ?? '', UUID);
  });
});
