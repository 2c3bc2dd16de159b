/**
 * The cloud-drive routes' configuration and request errors, as the contract tables give them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { UploadHandlerConfig } from '../../server/index.js';
import { bothTransports, closeAll, createTestHandler, MOUNT, type Transport } from './support/upload-harness.js';

const tokenStore = { get: async () => null, set: async () => undefined, delete: async () => undefined };
const providers = { googleDrive: { clientId: 'google-client', clientSecret: 'google-secret' } };
const user = { 'x-user': 'alice' };

describe('cloud-drive routes', () => {
  const handlers: Record<string, Transport[]> = {};
  const mount = async (name: string, config: Partial<UploadHandlerConfig>) => {
    handlers[name] = await bothTransports(
      await createTestHandler({ getUserId: (req) => req.headers.get('x-user'), hooks: { onError: () => undefined }, ...config }),
    );
  };

  before(async () => {
    await mount('bare', {});
    await mount('noStore', { providers });
    await mount('configured', { providers, tokenStore, maxFileSize: 100, allowedTypes: ['image/*'] });
    await mount('anonymous', { providers, tokenStore, getUserId: undefined, allowAnonymous: true });
    await mount('gated', { providers, tokenStore, auth: () => false });
  });
  after(() => closeAll(Object.values(handlers).flat()));

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = (name: string) => handlers[name]![index]!;
      const get = (name: string, path: string, headers: Record<string, string> = user) => use(name).send(`${MOUNT}${path}`, { headers });

      describe('GET /auth/:provider', () => {
        it('400 Unknown provider: <slug> for a slug outside the four', async () => {
          for (const slug of ['gdrive', 'googleDrive', 'GOOGLE-DRIVE', 'onedrive']) {
            const response = await get('configured', `/auth/${slug}`);
            assert.equal(response.status, 400);
            assert.deepEqual(response.body, { error: `Unknown provider: ${slug}` });
          }
        });

        it('500 No OAuth providers configured without a providers block', async () => {
          assert.deepEqual((await get('bare', '/auth/google-drive')).body, { error: 'No OAuth providers configured' });
        });

        it('500 tokenStore is required for OAuth flows without a tokenStore', async () => {
          const response = await get('noStore', '/auth/google-drive');
          assert.equal(response.status, 500);
          assert.deepEqual(response.body, { error: 'tokenStore is required for OAuth flows' });
        });

        it('400 <Provider> not configured for a provider absent from providers', async () => {
          const expected: [string, string][] = [
            ['one-drive', 'Microsoft OneDrive'],
            ['dropbox', 'Dropbox'],
            ['box', 'Box'],
          ];
          for (const [slug, name] of expected) assert.deepEqual((await get('configured', `/auth/${slug}`)).body, { error: `${name} not configured` });
        });

        it('401 Unauthenticated when getUserId returns null', async () => {
          const response = await get('configured', '/auth/google-drive', {});
          assert.equal(response.status, 401);
          assert.deepEqual(response.body, { error: 'Unauthenticated' });
        });
      });

      describe('GET /auth/:provider/cb', () => {
        it('400 for a bad slug, a provider error, a truncated callback and an unknown state', async () => {
          assert.deepEqual((await get('configured', '/auth/nope/cb?code=a&state=b')).body, { error: 'Unknown provider: nope' });
          assert.deepEqual((await get('configured', '/auth/google-drive/cb?error=access_denied')).body, { error: 'OAuth error: access_denied' });
          assert.deepEqual((await get('configured', '/auth/google-drive/cb?code=abc')).body, { error: 'Missing code or state' });
          assert.deepEqual((await get('configured', '/auth/google-drive/cb?state=abc')).body, { error: 'Missing code or state' });
          const replayed = await get('configured', '/auth/google-drive/cb?code=abc&state=never-issued');
          assert.equal(replayed.status, 400);
          assert.deepEqual(replayed.body, { error: 'Invalid or expired state' });
        });

        it('500 tokenStore is required without a tokenStore', async () => {
          assert.deepEqual((await get('noStore', '/auth/google-drive/cb?code=a&state=b')).body, { error: 'tokenStore is required' });
        });
      });

      describe('GET /files/:provider', () => {
        it('400 Unknown provider, 500 tokenStore is required, 401 Unauthenticated', async () => {
          assert.deepEqual((await get('configured', '/files/icloud')).body, { error: 'Unknown provider: icloud' });
          assert.deepEqual((await get('noStore', '/files/google-drive')).body, { error: 'tokenStore is required' });
          assert.deepEqual((await get('configured', '/files/google-drive', {})).body, { error: 'Unauthenticated' });
        });

        it('401 {reauth: true, provider} when no drive tokens are stored', async () => {
          const response = await get('configured', '/files/google-drive?folderId=root');
          assert.equal(response.status, 401);
          assert.deepEqual(response.body, { reauth: true, provider: 'google-drive' });
          assert.deepEqual(
            (await get('anonymous', '/files/google-drive', {})).body,
            { reauth: true, provider: 'google-drive' },
            'allowAnonymous needs no user id',
          );
        });
      });

      describe('POST /files/:provider/transfer', () => {
        const transfer = (name: string, body: unknown, headers: Record<string, string> = user, slug = 'google-drive') =>
          use(name).post(`${MOUNT}/files/${slug}/transfer`, body, headers);

        it('answers the contract table', async () => {
          assert.deepEqual((await transfer('configured', '{"fileId":')).body, { error: 'Invalid JSON body', code: 'BAD_REQUEST' });
          assert.deepEqual((await transfer('configured', { fileName: 'a.png' })).body, { error: 'Missing fileId' });
          assert.deepEqual((await transfer('configured', { fileId: 'f' }, user, 'nope')).body, { error: 'Unknown provider: nope' });
          const tooLarge = await transfer('configured', { fileId: 'f', size: 101, mimeType: 'image/png' });
          assert.deepEqual([tooLarge.status, tooLarge.body], [413, { error: 'File too large' }]);
          const wrongType = await transfer('configured', { fileId: 'f', size: 10, mimeType: 'text/html' });
          assert.deepEqual([wrongType.status, wrongType.body], [415, { error: 'File type not allowed' }]);
          assert.equal((await transfer('configured', { fileId: 'f', size: 10 })).status, 415, 'an absent type never matches a non-empty list');
          assert.deepEqual((await transfer('configured', { fileId: 'f', mimeType: 'image/png' }, {})).body, { error: 'Unauthenticated' });
          assert.deepEqual((await transfer('noStore', { fileId: 'f' })).body, { error: 'tokenStore is required' });
          const reauth = await transfer('configured', { fileId: 'f', mimeType: 'image/png' });
          assert.deepEqual([reauth.status, reauth.body], [401, { reauth: true, provider: 'google-drive' }]);
        });
      });

      it('puts the drive routes behind the global auth gate', async () => {
        for (const path of ['/auth/google-drive', '/auth/google-drive/cb?code=a&state=b', '/files/google-drive']) {
          assert.deepEqual((await get('gated', path)).body, { error: 'Unauthorized' }, path);
        }
      });
    });
  }
});
