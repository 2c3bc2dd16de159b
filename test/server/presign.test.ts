import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UpupError, type UploadHandlerConfig } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { bothTransports, closeAll, createErrorLog, createTestHandler, listKeys, MOUNT, readObject, type Transport } from './support/upload-harness.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const file = { name: 'hello.txt', type: 'text/plain', size: 11 };
const content = 'hello world';

async function putToStorage(body: { uploadUrl: string; uploadHeaders?: Record<string, string> }, bytes: string, headers = body.uploadHeaders) {
  return fetch(body.uploadUrl, { method: 'PUT', body: bytes, headers });
}

describe('POST /presign', () => {
  let storage: TestStorage;
  const handlers: Record<string, Transport[]> = {};
  const calls = { getUserId: 0, onBeforeUpload: 0, onPresignResponse: 0 };
  const errors = createErrorLog();

  async function mount(name: string, config: Partial<UploadHandlerConfig>) {
    handlers[name] = await bothTransports(await createTestHandler({ ...config, hooks: { onError: errors.onError, ...config.hooks } }));
  }

  before(async () => {
    storage = await getTestStorage();
    await mount('open', {});
    await mount('closed', { allowAnonymousUploads: undefined });
    await mount('policy', {
      allowAnonymousUploads: undefined,
      maxFileSize: 1000,
      allowedTypes: ['image/*', 'application/pdf'],
      getUserId: (req) => {
        calls.getUserId += 1;
        return req.headers.get('x-user');
      },
      hooks: {
        onBeforeUpload: ({ file: candidate }) => {
          calls.onBeforeUpload += 1;
          if (candidate.name === 'refuse.pdf') return false;
          if (candidate.name === 'quota.pdf') throw new UpupError('Quota exceeded', 'QUOTA_EXCEEDED');
          if (candidate.name === 'crash.pdf') throw new Error('hook bug with secret details');
          return true;
        },
        onPresignResponse: () => {
          calls.onPresignResponse += 1;
        },
      },
    });
    await mount('gate', { allowAnonymousUploads: undefined, auth: (req) => req.headers.get('authorization') === 'Bearer ok' });
    await mount('mixed', { getUserId: (req) => req.headers.get('x-user') });
    await mount('shaped', {
      keyStrategy: ({ file: candidate, userId, metadata }) => `custom/${userId ?? 'nobody'}/${String(metadata?.folder ?? 'root')}/${candidate.name}`,
      getUserId: (req) => req.headers.get('x-user'),
      storage: { ...storage.storageConfig(), publicUrlBase: 'https://cdn.example.com/files/' },
      hooks: {
        onPresignResponse: (payload, ctx) =>
          ({ ...payload, rewritten: { phase: ctx.phase, key: ctx.key, userId: ctx.userId, metadata: ctx.metadata ?? null } }) as never,
      },
    });
    await mount('broken', {
      keyStrategy: () => {
        throw new Error('key service down');
      },
    });
  });
  after(() => closeAll(Object.values(handlers).flat()));

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = (name: string) => handlers[name]![index]!;

      it('200: returns a server-chosen key, a presigned PUT, a download URL and expiresIn 3600', async () => {
        const response = await use('open').post(`${MOUNT}/presign`, { ...file, key: 'client/tries/a/key.txt' });
        assert.equal(response.status, 200);
        assert.match(response.body.key, new RegExp(`^anon/${UUID}/hello\\.txt$`));
        assert.equal(response.body.expiresIn, 3600);
        assert.deepEqual(
          response.body.uploadHeaders,
          { 'Content-Type': 'text/plain', 'Content-Disposition': 'inline', 'Cache-Control': 'private' },
          'header names spelled as HTTP spells them',
        );
        assert.equal(response.body.publicUrl, undefined, 'no publicUrlBase configured');
        assert.match(response.body.downloadUrl, /X-Amz-Expires=259200/, 'download URLs last three days by default');
      });

      it('lets the bytes PUT to the presigned URL land in the bucket, readable through downloadUrl', async () => {
        const { body } = await use('open').post(`${MOUNT}/presign`, file);
        const put = await putToStorage(body, content);
        assert.equal(put.status, 200);
        assert.equal((await readObject(storage, body.key)).toString(), content);
        const download = await fetch(body.downloadUrl);
        assert.equal(await download.text(), content);
      });

      it('signs cache-control, content-disposition, content-length, content-type and host into the PUT URL', async () => {
        const { body } = await use('open').post(`${MOUNT}/presign`, file);
        assert.equal(new URL(body.uploadUrl).searchParams.get('X-Amz-SignedHeaders'), 'cache-control;content-disposition;content-length;content-type;host');
        assert.equal(new URL(body.uploadUrl).searchParams.get('X-Amz-Expires'), '3600');
      });

      it('refuses at storage a body larger than approved or of another type (when storage verifies signatures)', async (t) => {
        if (!storage.enforcesSignatures) {
          t.skip('storage does not verify signatures');
          return;
        }
        const oversized = (await use('open').post(`${MOUNT}/presign`, file)).body;
        assert.equal((await putToStorage(oversized, `${content}!!!`)).status, 403);
        const retyped = (await use('open').post(`${MOUNT}/presign`, file)).body;
        assert.equal((await putToStorage(retyped, content, { 'content-type': 'text/html' })).status, 403);
        assert.deepEqual(await listKeys(storage, oversized.key), []);
        assert.deepEqual(await listKeys(storage, retyped.key), []);
      });

      it('signs no content type for an empty type and sends only the stored object headers', async () => {
        const { body } = await use('open').post(`${MOUNT}/presign`, { name: 'blob', type: '', size: 3 });
        assert.deepEqual(body.uploadHeaders, { 'Content-Disposition': 'inline', 'Cache-Control': 'private' });
        assert.equal(new URL(body.uploadUrl).searchParams.get('X-Amz-SignedHeaders'), 'cache-control;content-disposition;content-length;host');
        assert.equal((await putToStorage(body, 'abc')).status, 200);
      });

      it('400 Invalid JSON body / BAD_REQUEST for an unparseable body', async () => {
        const response = await use('open').post(`${MOUNT}/presign`, '{"name": "a"');
        assert.equal(response.status, 400);
        assert.deepEqual(response.body, { error: 'Invalid JSON body', code: 'BAD_REQUEST' });
      });

      it('400 Invalid file metadata / BAD_REQUEST for missing or wrong-typed name, type or size', async () => {
        const bodies = [
          { type: 'text/plain', size: 1 },
          { name: '', type: 'text/plain', size: 1 },
          { name: 'a', size: 1 },
          { name: 'a', type: 7, size: 1 },
          { name: 'a', type: 'text/plain' },
          { name: 'a', type: 'text/plain', size: '1' },
          { name: 'a', type: 'text/plain', size: -1 },
          { name: 'a', type: 'text/plain', size: 1.5 },
          { name: ['a'], type: 'text/plain', size: 1 },
        ];
        for (const body of bodies) {
          const response = await use('open').post(`${MOUNT}/presign`, body);
          assert.equal(response.status, 400, JSON.stringify(body));
          assert.deepEqual(response.body, { error: 'Invalid file metadata', code: 'BAD_REQUEST' });
        }
      });

      it('401 Unauthorized when the auth gate returns false', async () => {
        const response = await use('gate').post(`${MOUNT}/presign`, file);
        assert.equal(response.status, 401);
        assert.deepEqual(response.body, { error: 'Unauthorized' });
        assert.equal((await use('gate').post(`${MOUNT}/presign`, file, { authorization: 'Bearer ok' })).status, 200, 'auth alone opens the route');
      });

      it('401 Unauthenticated when getUserId returns null', async () => {
        const response = await use('policy').post(`${MOUNT}/presign`, { name: 'a.pdf', type: 'application/pdf', size: 10 });
        assert.equal(response.status, 401);
        assert.deepEqual(response.body, { error: 'Unauthenticated' });
      });

      it('403 AUTH_REQUIRED, with the operator hint, when no auth path is configured', async () => {
        const response = await use('closed').post(`${MOUNT}/presign`, file);
        assert.equal(response.status, 403);
        assert.equal(response.body.code, 'AUTH_REQUIRED');
        assert.match(response.body.error, /allowAnonymousUploads: true/);
        assert.match(response.body.error, /auth or getUserId/);
      });

      it('403 Upload rejected when onBeforeUpload returns false', async () => {
        const response = await use('policy').post(`${MOUNT}/presign`, { name: 'refuse.pdf', type: 'application/pdf', size: 10 }, { 'x-user': 'u1' });
        assert.equal(response.status, 403);
        assert.deepEqual(response.body, { error: 'Upload rejected' });
      });

      it('403 with the message and code of an UpupError thrown by onBeforeUpload', async () => {
        const response = await use('policy').post(`${MOUNT}/presign`, { name: 'quota.pdf', type: 'application/pdf', size: 10 }, { 'x-user': 'u1' });
        assert.equal(response.status, 403);
        assert.deepEqual(response.body, { error: 'Quota exceeded', code: 'QUOTA_EXCEEDED' });
      });

      it('413 File too large above maxFileSize, before onBeforeUpload and getUserId run', async () => {
        calls.getUserId = 0;
        calls.onBeforeUpload = 0;
        const response = await use('policy').post(`${MOUNT}/presign`, { name: 'big.pdf', type: 'text/html', size: 1001 }, { 'x-user': 'u1' });
        assert.equal(response.status, 413, 'size is checked before type');
        assert.deepEqual(response.body, { error: 'File too large' });
        assert.deepEqual([calls.onBeforeUpload, calls.getUserId], [0, 0]);
        assert.equal((await use('policy').post(`${MOUNT}/presign`, { name: 'edge.pdf', type: 'application/pdf', size: 1000 }, { 'x-user': 'u1' })).status, 200);
      });

      it('415 File type not allowed outside allowedTypes (exact and family patterns; empty type never matches)', async () => {
        calls.onBeforeUpload = 0;
        for (const type of ['text/html', '', 'imagex/png', 'application/pdfx']) {
          const response = await use('policy').post(`${MOUNT}/presign`, { name: 'a', type, size: 10 }, { 'x-user': 'u1' });
          assert.equal(response.status, 415, `type "${type}"`);
          assert.deepEqual(response.body, { error: 'File type not allowed' });
        }
        assert.equal(calls.onBeforeUpload, 0, 'type is checked before the hook');
        for (const type of ['image/png', 'IMAGE/JPEG', 'application/pdf', 'application/pdf; charset=binary']) {
          assert.equal((await use('policy').post(`${MOUNT}/presign`, { name: 'a', type, size: 10 }, { 'x-user': 'u1' })).status, 200, type);
        }
      });

      it('runs onBeforeUpload before identity: a rejected upload never consults getUserId', async () => {
        calls.getUserId = 0;
        const response = await use('policy').post(`${MOUNT}/presign`, { name: 'refuse.pdf', type: 'application/pdf', size: 10 });
        assert.equal(response.status, 403, 'rejected by the hook, not 401');
        assert.equal(calls.getUserId, 0);
      });

      it('500 Presign failed / PRESIGN_FAILED when presigning throws; the cause goes only to onError', async () => {
        errors.records.length = 0;
        const response = await use('broken').post(`${MOUNT}/presign`, file);
        assert.equal(response.status, 500);
        assert.deepEqual(response.body, { error: 'Presign failed', code: 'PRESIGN_FAILED' });
        const record = errors.records.find((entry) => entry.requestId === response.headers.get('x-svc-request-id'));
        assert.equal((record?.error as Error).message, 'key service down');
        assert.equal(record?.route, '/presign');
      });

      it('500 for a non-UpupError thrown by onBeforeUpload, without its text', async () => {
        const response = await use('policy').post(`${MOUNT}/presign`, { name: 'crash.pdf', type: 'application/pdf', size: 10 }, { 'x-user': 'u1' });
        assert.equal(response.status, 500);
        assert.doesNotMatch(response.text, /secret details/);
      });

      it('never runs onPresignResponse on a rejection', async () => {
        calls.onPresignResponse = 0;
        await use('policy').post(`${MOUNT}/presign`, { name: 'a.pdf', type: 'application/pdf', size: 10 });
        await use('policy').post(`${MOUNT}/presign`, { name: 'refuse.pdf', type: 'application/pdf', size: 10 }, { 'x-user': 'u1' });
        await use('policy').post(`${MOUNT}/presign`, { name: 'a.pdf', type: 'application/pdf', size: 5000 }, { 'x-user': 'u1' });
        assert.equal(calls.onPresignResponse, 0);
        await use('policy').post(`${MOUNT}/presign`, { name: 'a.pdf', type: 'application/pdf', size: 10 }, { 'x-user': 'u1' });
        assert.equal(calls.onPresignResponse, 1, 'returning nothing keeps the payload');
      });

      it('uses keyStrategy with {file, userId, metadata}, publicUrlBase, and onPresignResponse replacements', async () => {
        const response = await use('shaped').post(`${MOUNT}/presign`, { ...file, metadata: { folder: 'docs' } }, { 'x-user': 'alice' });
        assert.equal(response.status, 200);
        assert.equal(response.body.key, 'custom/alice/docs/hello.txt');
        assert.equal(response.body.publicUrl, 'https://cdn.example.com/files/custom/alice/docs/hello.txt');
        assert.deepEqual(response.body.rewritten, { phase: 'presign', key: 'custom/alice/docs/hello.txt', userId: 'alice', metadata: { folder: 'docs' } });
        assert.equal((await putToStorage(response.body, content)).status, 200);
        assert.equal((await readObject(storage, 'custom/alice/docs/hello.txt')).toString(), content);
      });

      it('drops a metadata value that is not an object instead of passing it on', async () => {
        const response = await use('shaped').post(`${MOUNT}/presign`, { ...file, metadata: 'docs' }, { 'x-user': 'bob' });
        assert.equal(response.status, 200);
        assert.equal(response.body.key, 'custom/bob/root/hello.txt');
      });

      it('namespaces keys by user id, encoded as one segment', async () => {
        const response = await use('mixed').post(`${MOUNT}/presign`, { ...file, name: '../../etc/pass wd.txt' }, { 'x-user': 'auth0|a/b' });
        assert.match(response.body.key, new RegExp(`^auth0%7Ca%2Fb/${UUID}/pass_wd\\.txt$`));
      });

      it('treats getUserId returning the "default" sentinel as the shared anonymous namespace', async () => {
        const response = await use('mixed').post(`${MOUNT}/presign`, file, { 'x-user': 'default' });
        assert.equal(response.status, 200);
        assert.match(response.body.key, /^anon\//);
      });

      it('with allowAnonymousUploads and getUserId, a caller without an id uploads anonymously', async () => {
        const response = await use('mixed').post(`${MOUNT}/presign`, file);
        assert.equal(response.status, 200);
        assert.match(response.body.key, /^anon\//);
      });
    });
  }
});
