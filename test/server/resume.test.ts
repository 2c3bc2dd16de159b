import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ListPartsCommand } from '@aws-sdk/client-s3';
import { isDeadUploadError } from '../../server/internal/s3-operations.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { createMissingBucketHandler, initUpload, sendPart, splitIntoParts, THREE_PART_SIZE } from './support/multipart-client.js';
import {
  bothTransports,
  closeAll,
  createErrorLog,
  createTestHandler,
  decodeTokenPayload,
  MIB,
  MOUNT,
  randomContent,
  readObject,
  signTokenPayload,
  type Transport,
} from './support/upload-harness.js';

const binary = (size: number) => ({ name: 'resumable.bin', type: 'application/octet-stream', size });
const now = () => Math.floor(Date.now() / 1000);

describe('POST /multipart/resume', () => {
  let storage: TestStorage;
  const handlers: Record<string, Transport[]> = {};
  const errors = createErrorLog();

  before(async () => {
    storage = await getTestStorage();
    handlers.open = await bothTransports(await createTestHandler({ hooks: { onError: errors.onError } }));
    handlers.shortWindow = await bothTransports(await createTestHandler({ multipartResumeWindowSeconds: 7200, hooks: { onError: errors.onError } }));
    handlers.missingBucket = await bothTransports(createMissingBucketHandler(storage.storageConfig(), errors.onError as (record: unknown) => void));
  });
  after(() => closeAll(Object.values(handlers).flat()));

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = (name: string) => handlers[name]![index]!;

      it('continues an upload after a client crash: lists the received parts and issues a fresh token', async () => {
        const content = randomContent(THREE_PART_SIZE);
        const init = await initUpload(use('open'), binary(content.length));
        const chunks = splitIntoParts(content, init.partSize);
        await sendPart(use('open'), init.token, 1, chunks[0]!);
        await sendPart(use('open'), init.token, 2, chunks[1]!);
        // The client crashes here: only the persisted token survives, no ETags, no upload id.
        const persistedToken = init.token;

        const resumed = await use('open').post(`${MOUNT}/multipart/resume`, { token: persistedToken });
        assert.equal(resumed.status, 200, resumed.text);
        assert.deepEqual(Object.keys(resumed.body).sort(), ['key', 'parts', 'token'], 'the upload id never leaves the token');
        assert.equal(resumed.body.key, init.key);
        assert.deepEqual(
          resumed.body.parts.map((part: { partNumber: number; size: number }) => [part.partNumber, part.size]),
          [
            [1, 5 * MIB],
            [2, 5 * MIB],
          ],
        );
        for (const part of resumed.body.parts) assert.ok(part.eTag);

        const before = decodeTokenPayload(persistedToken);
        const fresh = decodeTokenPayload(resumed.body.token);
        assert.deepEqual(
          [fresh.k, fresh.u, fresh.uid, fresh.smin, fresh.smax, fresh.iat],
          [before.k, before.u, before.uid, before.smin, before.smax, before.iat],
        );
        assert.ok(fresh.exp >= before.exp);

        const last = await sendPart(use('open'), resumed.body.token, 3, chunks[2]!);
        const parts = [...resumed.body.parts.map(({ partNumber, eTag }: { partNumber: number; eTag: string }) => ({ partNumber, eTag })), last];
        const complete = await use('open').post(`${MOUNT}/multipart/complete`, { token: resumed.body.token, parts });
        assert.equal(complete.status, 200, complete.text);
        assert.ok((await readObject(storage, init.key)).equals(content));
      });

      it('accepts an expired token inside the window; the other routes refuse it with code expired', async () => {
        const init = await initUpload(use('open'), binary(6 * MIB));
        const expired = signTokenPayload({ ...decodeTokenPayload(init.token), exp: now() - 60, iat: now() - 3660 });
        const refusal = { error: 'Invalid upload token', code: 'expired' };
        assert.deepEqual((await use('open').post(`${MOUNT}/multipart/sign-part`, { token: expired, partNumber: 1 })).body, refusal);
        assert.deepEqual((await use('open').post(`${MOUNT}/multipart/complete`, { token: expired, parts: [{ partNumber: 1, eTag: '"a"' }] })).body, refusal);
        assert.deepEqual((await use('open').post(`${MOUNT}/multipart/abort`, { token: expired })).body, refusal);
        const resumed = await use('open').post(`${MOUNT}/multipart/resume`, { token: expired });
        assert.equal(resumed.status, 200);
        assert.equal((await use('open').post(`${MOUNT}/multipart/sign-part`, { token: resumed.body.token, partNumber: 1 })).status, 200);
        await use('open').post(`${MOUNT}/multipart/abort`, { token: resumed.body.token });
      });

      it('403 Upload resume window has expired / expired, measured from the original init and never extended', async () => {
        const init = await initUpload(use('shortWindow'), binary(6 * MIB));
        const payload = decodeTokenPayload(init.token);
        // A token re-issued a minute ago (fresh exp) for an upload started outside the window.
        const reissued = signTokenPayload({ ...payload, iat: now() - 7201, exp: now() + 3540 });
        const response = await use('shortWindow').post(`${MOUNT}/multipart/resume`, { token: reissued });
        assert.equal(response.status, 403);
        assert.deepEqual(response.body, { error: 'Upload resume window has expired', code: 'expired' });

        const inside = signTokenPayload({ ...payload, iat: now() - 7000, exp: now() - 3400 });
        const resumed = await use('shortWindow').post(`${MOUNT}/multipart/resume`, { token: inside });
        assert.equal(resumed.status, 200);
        assert.ok(Math.abs(decodeTokenPayload(resumed.body.token).iat - (now() - 7000)) <= 2, 'the issue time is carried, not renewed');
        await use('shortWindow').post(`${MOUNT}/multipart/abort`, { token: resumed.body.token });
      });

      it('derives the issue time of a token without iat from its expiry (exp - 3600)', async () => {
        const init = await initUpload(use('shortWindow'), binary(6 * MIB));
        const { iat: _dropped, ...legacy } = decodeTokenPayload(init.token);
        const recent = signTokenPayload({ ...legacy, exp: now() - 100 });
        const recentResponse = await use('shortWindow').post(`${MOUNT}/multipart/resume`, { token: recent });
        assert.equal(recentResponse.status, 200, 'derived iat is now-3700, inside the 7200 s window');
        assert.ok(Math.abs(decodeTokenPayload(recentResponse.body.token).iat - (now() - 3700)) <= 2);
        const old = signTokenPayload({ ...legacy, exp: now() - 3700 });
        assert.deepEqual((await use('shortWindow').post(`${MOUNT}/multipart/resume`, { token: old })).body, {
          error: 'Upload resume window has expired',
          code: 'expired',
        });
        await use('shortWindow').post(`${MOUNT}/multipart/abort`, { token: init.token });
      });

      it('400 Invalid JSON body, and 403 malformed / bad_signature', async () => {
        assert.deepEqual((await use('open').post(`${MOUNT}/multipart/resume`, '{"token":')).body, { error: 'Invalid JSON body', code: 'BAD_REQUEST' });
        assert.deepEqual((await use('open').post(`${MOUNT}/multipart/resume`, { token: 'garbage' })).body, {
          error: 'Invalid upload token',
          code: 'malformed',
        });
        const forged = signTokenPayload({ k: 'a', u: 'b', uid: null, smin: 0, smax: 1, exp: now() + 100, iat: now() }, 'some-other-secret-value');
        assert.deepEqual((await use('open').post(`${MOUNT}/multipart/resume`, { token: forged })).body, {
          error: 'Invalid upload token',
          code: 'bad_signature',
        });
      });

      it('404 Multipart upload no longer exists / NOT_FOUND after abort and after complete', async () => {
        const aborted = await initUpload(use('open'), binary(6 * MIB));
        await use('open').post(`${MOUNT}/multipart/abort`, { token: aborted.token });
        const completed = await initUpload(use('open'), binary(4));
        const part = await sendPart(use('open'), completed.token, 1, randomContent(4));
        assert.equal((await use('open').post(`${MOUNT}/multipart/complete`, { token: completed.token, parts: [part] })).status, 200);
        for (const token of [aborted.token, completed.token]) {
          const response = await use('open').post(`${MOUNT}/multipart/resume`, { token });
          assert.equal(response.status, 404);
          assert.deepEqual(response.body, { error: 'Multipart upload no longer exists', code: 'NOT_FOUND' });
        }
      });

      it('500 Multipart resume failed / STORAGE_ERROR for a missing bucket (a misconfiguration, not a dead upload)', async (t) => {
        if (storage.kind === 's3rver') {
          t.skip('the s3rver dev store answers a missing bucket like a missing upload');
          return;
        }
        const token = signTokenPayload({ k: 'anon/x/y.bin', u: 'upload-1', uid: null, smin: 1, smax: 1, exp: now() + 600, iat: now() });
        const response = await use('missingBucket').post(`${MOUNT}/multipart/resume`, { token });
        assert.equal(response.status, 500);
        assert.deepEqual(response.body, { error: 'Multipart resume failed', code: 'STORAGE_ERROR' });
      });
    });
  }

  it('recognises the dead-upload signals of AWS (NoSuchUpload) and Ceph RGW (NoSuchKey), not NoSuchBucket or a bare 404', () => {
    const named = (name: string, status = 404) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
    assert.equal(isDeadUploadError(named('NoSuchUpload')), true);
    assert.equal(isDeadUploadError(named('NoSuchKey')), true);
    assert.equal(isDeadUploadError(named('NoSuchBucket')), false);
    assert.equal(isDeadUploadError(named('NotFound')), false);
  });

  it('on Ceph RGW, ListParts of a completed upload really answers NoSuchKey, and resume still gives 404', async (t) => {
    if (storage.kind !== 'rgw') {
      t.skip('only Ceph RGW shows this deviation');
      return;
    }
    const transport = handlers.open![0]!;
    const init = await initUpload(transport, binary(3));
    const part = await sendPart(transport, init.token, 1, randomContent(3));
    await transport.post(`${MOUNT}/multipart/complete`, { token: init.token, parts: [part] });
    const failure = await storage.client
      .send(new ListPartsCommand({ Bucket: storage.bucket, Key: init.key, UploadId: init.uploadId }))
      .catch((error: Error) => error);
    assert.equal((failure as Error).name, 'NoSuchKey');
    assert.equal((await transport.post(`${MOUNT}/multipart/resume`, { token: init.token })).status, 404);
  });
});
