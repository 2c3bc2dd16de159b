/**
 * A failure in the host's own code (getUserId, onBeforeUpload) is 500 `Internal error`; the
 * route's own failure body (`Presign failed`, `Multipart init failed`, ...) means a storage call
 * failed, and nothing else.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { initUpload } from './support/multipart-client.js';
import { bothTransports, closeAll, createErrorLog, createTestHandler, MOUNT, type Transport } from './support/upload-harness.js';

const INTERNAL = { error: 'Internal error', code: 'STORAGE_ERROR' };
const file = { name: 'a.txt', type: 'text/plain', size: 3 };

describe('failures in host code', () => {
  const errors = createErrorLog();
  let transports: Transport[] = [];

  before(async () => {
    transports = await bothTransports(
      await createTestHandler({
        getUserId: (req) => {
          const mode = req.headers.get('x-mode');
          if (mode === 'throw') throw new Error('identity service down: secret detail');
          if (mode === 'number') return 42 as unknown as string;
          return 'u1';
        },
        hooks: {
          onError: errors.onError,
          onBeforeUpload: ({ file: candidate }) => {
            if (candidate.name === 'crash.txt') throw new Error('hook bug: secret detail');
            return true;
          },
        },
      }),
    );
  });
  after(() => closeAll(transports));

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = () => transports[index]!;

      async function expectInternal(path: string, body: unknown, headers: Record<string, string>, cause: RegExp) {
        const response = await use().post(`${MOUNT}${path}`, body, headers);
        assert.deepEqual([response.status, response.body], [500, INTERNAL], path);
        const record = errors.records.find((entry) => entry.requestId === response.headers.get('x-svc-request-id'));
        assert.match(String((record?.error as Error)?.message), cause, `${path}: the real cause reaches onError`);
      }

      it('a throwing getUserId on /presign and /multipart/init', async () => {
        for (const path of ['/presign', '/multipart/init']) await expectInternal(path, file, { 'x-mode': 'throw' }, /identity service down/);
      });

      it('a getUserId that returns a non-string', async () => {
        for (const path of ['/presign', '/multipart/init']) await expectInternal(path, file, { 'x-mode': 'number' }, /getUserId must return a string/);
      });

      it('a non-UpupError thrown by onBeforeUpload', async () => {
        for (const path of ['/presign', '/multipart/init']) await expectInternal(path, { ...file, name: 'crash.txt' }, {}, /hook bug/);
      });

      it('a throwing getUserId on the continuation routes', async () => {
        const init = await initUpload(use(), file);
        await expectInternal('/multipart/sign-part', { token: init.token, partNumber: 1 }, { 'x-mode': 'throw' }, /identity service down/);
        await expectInternal('/multipart/resume', { token: init.token }, { 'x-mode': 'throw' }, /identity service down/);
        await expectInternal('/multipart/abort', { token: init.token }, { 'x-mode': 'throw' }, /identity service down/);
        assert.equal((await use().post(`${MOUNT}/multipart/abort`, { token: init.token })).status, 200);
      });
    });
  }
});
