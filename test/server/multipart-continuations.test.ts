/**
 * The multipart continuation checks: sign-part, owner binding, and what onPresignResponse sees.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { initUpload } from './support/multipart-client.js';
import {
  bothTransports,
  closeAll,
  createErrorLog,
  createTestHandler,
  decodeTokenPayload,
  MIB,
  MOUNT,
  randomContent,
  signTokenPayload,
  type Transport,
} from './support/upload-harness.js';

const binary = (size: number, name = 'video.bin') => ({ name, type: 'application/octet-stream', size });
const now = () => Math.floor(Date.now() / 1000);

describe('multipart continuations', () => {
  const handlers: Record<string, Transport[]> = {};
  const errors = createErrorLog();
  const phases: { phase: string; key: string; metadata: unknown; userId: string | null }[] = [];

  before(async () => {
    handlers.open = await bothTransports(await createTestHandler({ hooks: { onError: errors.onError } }));
    handlers.owned = await bothTransports(
      await createTestHandler({ getUserId: (req) => req.headers.get('x-user'), allowAnonymousUploads: false, hooks: { onError: errors.onError } }),
    );
    handlers.phases = await bothTransports(
      await createTestHandler({
        hooks: {
          onPresignResponse: (payload, ctx) => {
            phases.push({ phase: ctx.phase, key: ctx.key, metadata: 'metadata' in ctx ? ctx.metadata : 'absent', userId: ctx.userId });
            return ctx.phase === 'multipart-sign-part' ? ({ ...payload, rewritten: true } as never) : undefined;
          },
        },
      }),
    );
    handlers.signFails = await bothTransports(
      await createTestHandler({
        hooks: {
          onError: errors.onError,
          onPresignResponse: (_payload, ctx) => {
            if (ctx.phase === 'multipart-sign-part') throw new Error('rewrite failed');
          },
        },
      }),
    );
  });
  after(() => closeAll(Object.values(handlers).flat()));

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = (name: string) => handlers[name]![index]!;
      describe('POST /multipart/sign-part', () => {
        it('signs a part URL bound to the token key and upload id, for the rest of the token hour', async () => {
          const init = await initUpload(use('open'), binary(6 * MIB));
          const response = await use('open').post(`${MOUNT}/multipart/sign-part`, { token: init.token, partNumber: 2, key: 'other/key', uploadId: 'forged' });
          assert.equal(response.status, 200);
          const tokenLeft = decodeTokenPayload(init.token).exp - now();
          assert.ok(response.body.expiresIn <= 3600 && response.body.expiresIn >= tokenLeft, String(response.body.expiresIn));
          const url = new URL(response.body.uploadUrl);
          assert.equal(url.searchParams.get('uploadId'), init.uploadId);
          assert.equal(url.searchParams.get('partNumber'), '2');
          assert.ok(decodeURIComponent(url.pathname).endsWith(init.key), 'the key comes from the token');
          await use('open').post(`${MOUNT}/multipart/abort`, { token: init.token });
        });

        it('403 Invalid upload token with malformed, bad_signature or expired', async () => {
          const init = await initUpload(use('open'), binary(6 * MIB));
          const payload = decodeTokenPayload(init.token);
          const cases: [unknown, string][] = [
            [undefined, 'malformed'],
            ['', 'malformed'],
            [42, 'malformed'],
            ['not-a-token', 'malformed'],
            ['a.b.c', 'malformed'],
            [`${init.token.slice(0, -2)}`, 'bad_signature'],
            [signTokenPayload({ ...payload, k: 'someone/else.bin' }, 'another-secret-of-16-chars'), 'bad_signature'],
            [`${Buffer.from(JSON.stringify({ ...payload, uid: 'mallory' })).toString('base64url')}.${init.token.split('.')[1]}`, 'bad_signature'],
            [signTokenPayload({ ...payload, exp: now() - 1 }), 'expired'],
          ];
          for (const [token, code] of cases) {
            const response = await use('open').post(`${MOUNT}/multipart/sign-part`, { token, partNumber: 1 });
            assert.equal(response.status, 403, String(token));
            assert.deepEqual(response.body, { error: 'Invalid upload token', code }, String(token));
          }
          await use('open').post(`${MOUNT}/multipart/abort`, { token: init.token });
        });

        it('400 Invalid part number / BAD_REQUEST outside 1..10000', async () => {
          const init = await initUpload(use('open'), binary(6 * MIB));
          for (const partNumber of [0, -1, 1.5, 10001, '1', null]) {
            const response = await use('open').post(`${MOUNT}/multipart/sign-part`, { token: init.token, partNumber });
            assert.equal(response.status, 400, String(partNumber));
            assert.deepEqual(response.body, { error: 'Invalid part number', code: 'BAD_REQUEST' });
          }
          await use('open').post(`${MOUNT}/multipart/abort`, { token: init.token });
        });

        it('500 Multipart sign failed / STORAGE_ERROR when signing throws', async () => {
          const init = await initUpload(use('signFails'), binary(6 * MIB));
          const response = await use('signFails').post(`${MOUNT}/multipart/sign-part`, { token: init.token, partNumber: 1 });
          assert.equal(response.status, 500);
          assert.deepEqual(response.body, { error: 'Multipart sign failed', code: 'STORAGE_ERROR' });
          await use('signFails').post(`${MOUNT}/multipart/abort`, { token: init.token });
        });
      });

      describe('onPresignResponse', () => {
        it('sees only /multipart/init and /multipart/sign-part, with metadata absent on sign-part; replacing a sign-part payload works', async () => {
          const transport = use('phases');
          phases.length = 0;
          const content = randomContent(7);
          const init = await initUpload(transport, { ...binary(content.length), metadata: { tag: 'm' } } as never);
          const signed = await transport.post(`${MOUNT}/multipart/sign-part`, { token: init.token, partNumber: 1 });
          assert.equal(signed.body.rewritten, true);
          const put = await fetch(signed.body.uploadUrl, { method: 'PUT', body: Uint8Array.from(content) });
          await transport.post(`${MOUNT}/multipart/resume`, { token: init.token });
          const complete = await transport.post(`${MOUNT}/multipart/complete`, {
            token: init.token,
            parts: [{ partNumber: 1, eTag: put.headers.get('etag') }],
          });
          assert.equal(complete.status, 200);
          assert.equal(complete.body.rewritten, undefined);
          assert.deepEqual(phases, [
            { phase: 'multipart-init', key: init.key, metadata: { tag: 'm' }, userId: null },
            { phase: 'multipart-sign-part', key: init.key, metadata: 'absent', userId: null },
          ]);
        });
      });

      describe('owner binding', () => {
        it('maps a getUserId answer of "default" to the anonymous owner (null) throughout', async () => {
          const anonymous = { 'x-user': 'default' };
          const init = await initUpload(use('owned'), binary(4), anonymous);
          assert.equal(decodeTokenPayload(init.token).uid, null);
          assert.match(init.key, /^anon\//);
          assert.equal((await use('owned').post(`${MOUNT}/multipart/sign-part`, { token: init.token, partNumber: 1 }, anonymous)).status, 200);
          assert.equal((await use('owned').post(`${MOUNT}/multipart/sign-part`, { token: init.token, partNumber: 1 }, { 'x-user': 'alice' })).status, 403);
          await use('owned').post(`${MOUNT}/multipart/abort`, { token: init.token }, anonymous);
        });

        it('re-runs getUserId on every continuation: another user gets 403 AUTH_DENIED on sign-part, complete, abort', async () => {
          const alice = { 'x-user': 'alice' };
          const init = await initUpload(use('owned'), binary(5 * MIB + 1), alice);
          assert.equal(decodeTokenPayload(init.token).uid, 'alice');
          const denied = { error: 'Upload token does not belong to the current user', code: 'AUTH_DENIED' };
          for (const headers of [{ 'x-user': 'bob' }, {}] as Record<string, string>[]) {
            assert.deepEqual((await use('owned').post(`${MOUNT}/multipart/sign-part`, { token: init.token, partNumber: 1 }, headers)).body, denied);
            assert.deepEqual(
              (await use('owned').post(`${MOUNT}/multipart/complete`, { token: init.token, parts: [{ partNumber: 1, eTag: '"x"' }] }, headers)).body,
              denied,
            );
            assert.deepEqual((await use('owned').post(`${MOUNT}/multipart/abort`, { token: init.token }, headers)).body, denied);
            assert.deepEqual((await use('owned').post(`${MOUNT}/multipart/resume`, { token: init.token }, headers)).body, denied);
          }
          assert.equal((await use('owned').post(`${MOUNT}/multipart/abort`, { token: init.token }, alice)).status, 200);
        });
      });
    });
  }
});
