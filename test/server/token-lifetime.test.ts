/**
 * A short resume window caps every token's life: the one init issues and the ones resume re-issues.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { initUpload } from './support/multipart-client.js';
import { bothTransports, closeAll, createTestHandler, decodeTokenPayload, MOUNT, signTokenPayload, type Transport } from './support/upload-harness.js';

const binary = (size: number) => ({ name: 'window.bin', type: 'application/octet-stream', size });
const now = () => Math.floor(Date.now() / 1000);

describe('upload token lifetime', () => {
  const handlers: Record<string, Transport[]> = {};

  before(async () => {
    handlers.shortWindow = await bothTransports(await createTestHandler({ multipartResumeWindowSeconds: 600 }));
    handlers.defaultWindow = await bothTransports(await createTestHandler());
    handlers.noResume = await bothTransports(await createTestHandler({ multipartResumeWindowSeconds: 0 }));
  });
  after(() => closeAll(Object.values(handlers).flat()));

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = (name: string) => handlers[name]![index]!;

      it('init: exp = iat + min(3600, window), and expiresIn says so; a window of 0 leaves the hour', async () => {
        for (const [name, lifetime] of [
          ['shortWindow', 600],
          ['defaultWindow', 3600],
          ['noResume', 3600],
        ] as const) {
          const init = await initUpload(use(name), binary(10));
          const payload = decodeTokenPayload(init.token);
          assert.equal(payload.exp - payload.iat, lifetime, name);
          assert.equal(init.expiresIn, lifetime, name);
          await use(name).post(`${MOUNT}/multipart/abort`, { token: init.token });
        }
      });

      it('resume: the fresh token expires when the window closes, not an hour later', async () => {
        const init = await initUpload(use('shortWindow'), binary(10));
        const issuedAt = now() - 300;
        const older = signTokenPayload({ ...decodeTokenPayload(init.token), iat: issuedAt, exp: issuedAt + 600 });
        const resumed = await use('shortWindow').post(`${MOUNT}/multipart/resume`, { token: older });
        assert.equal(resumed.status, 200, resumed.text);
        const fresh = decodeTokenPayload(resumed.body.token);
        assert.equal(fresh.iat, issuedAt);
        assert.equal(fresh.exp, issuedAt + 600);
        await use('shortWindow').post(`${MOUNT}/multipart/abort`, { token: resumed.body.token });
      });

      it('resume: a long window keeps the one-hour lifetime from now', async () => {
        const init = await initUpload(use('defaultWindow'), binary(10));
        const issuedAt = now() - 7200;
        const older = signTokenPayload({ ...decodeTokenPayload(init.token), iat: issuedAt, exp: issuedAt + 3600 });
        const from = now();
        const resumed = await use('defaultWindow').post(`${MOUNT}/multipart/resume`, { token: older });
        const until = now();
        const fresh = decodeTokenPayload(resumed.body.token);
        assert.ok(fresh.exp >= from + 3600 && fresh.exp <= until + 3600, String(fresh.exp));
        await use('defaultWindow').post(`${MOUNT}/multipart/abort`, { token: resumed.body.token });
      });
    });
  }
});
