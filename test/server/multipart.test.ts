import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HeadObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import type { UploadedFileEvent } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { createMissingBucketHandler, initUpload, sendPart, splitIntoParts, THREE_PART_SIZE } from './support/multipart-client.js';
import {
  bothTransports,
  closeAll,
  createErrorLog,
  createTestHandler,
  decodeTokenPayload,
  listKeys,
  MIB,
  MOUNT,
  randomContent,
  readObject,
  signTokenPayload,
  type Transport,
} from './support/upload-harness.js';

const binary = (size: number, name = 'video.bin') => ({ name, type: 'application/octet-stream', size });
const now = () => Math.floor(Date.now() / 1000);

describe('multipart uploads', () => {
  let storage: TestStorage;
  const handlers: Record<string, Transport[]> = {};
  const errors = createErrorLog();
  const uploaded: { hook: string; file: UploadedFileEvent }[] = [];

  before(async () => {
    storage = await getTestStorage();
    handlers.open = await bothTransports(
      await createTestHandler({
        hooks: {
          onError: errors.onError,
          onFileUploaded: (event) => {
            uploaded.push({ hook: 'onFileUploaded', file: event });
          },
          onUploadComplete: (event) => {
            uploaded.push({ hook: 'onUploadComplete', file: event });
          },
          onPresignResponse: (payload, ctx) =>
            (ctx.phase === 'multipart-init' ? { ...payload, phaseSeen: ctx.phase, metadataSeen: ctx.metadata ?? null } : undefined) as never,
        },
      }),
    );
    handlers.owned = await bothTransports(
      await createTestHandler({ getUserId: (req) => req.headers.get('x-user'), allowAnonymousUploads: false, hooks: { onError: errors.onError } }),
    );
    handlers.throwingHooks = await bothTransports(
      await createTestHandler({
        hooks: {
          onError: errors.onError,
          onFileUploaded: () => {
            throw new Error('database is down');
          },
          onUploadComplete: async () => {
            throw new Error('webhook failed');
          },
        },
      }),
    );
    handlers.closed = await bothTransports(await createTestHandler({ allowAnonymousUploads: undefined }));
    handlers.policy = await bothTransports(
      await createTestHandler({ maxFileSize: 10 * MIB, allowedTypes: ['video/*'], hooks: { onBeforeUpload: ({ file }) => file.name !== 'refuse.mp4' } }),
    );
    handlers.noSecret = await bothTransports(await createTestHandler({ uploadTokenSecret: undefined, hooks: { onError: errors.onError } }));
    const missing = createMissingBucketHandler(storage.storageConfig(), errors.onError as (record: unknown) => void);
    handlers.missingBucket = await bothTransports(missing);
  });
  after(() => closeAll(Object.values(handlers).flat()));

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = (name: string) => handlers[name]![index]!;

      describe('POST /multipart/init', () => {
        it('200: key, upload id, part size, expiresIn and a token bound to key, upload id, owner and size', async () => {
          const before = now();
          const response = await use('open').post(`${MOUNT}/multipart/init`, { ...binary(12 * MIB), metadata: { album: 'x' } });
          assert.equal(response.status, 200);
          const { key, uploadId, partSize, expiresIn, token } = response.body;
          assert.match(key, /^anon\/[0-9a-f-]{36}\/video\.bin$/);
          assert.ok(typeof uploadId === 'string' && uploadId.length > 0);
          assert.equal(partSize, 5 * MIB);
          assert.equal(expiresIn, 3600);
          const payload = decodeTokenPayload(token);
          assert.deepEqual(
            { k: payload.k, u: payload.u, uid: payload.uid, smin: payload.smin, smax: payload.smax },
            { k: key, u: uploadId, uid: null, smin: 12 * MIB, smax: 12 * MIB },
          );
          assert.ok(payload.iat >= before && payload.exp === payload.iat + 3600);
          assert.equal(payload.sid, undefined, 'a static bucket binds nothing');
          assert.equal(response.body.phaseSeen, 'multipart-init');
          assert.deepEqual(response.body.metadataSeen, { album: 'x' });
          await use('open').post(`${MOUNT}/multipart/abort`, { token });
        });

        it('computes partSize = max(chunkSizeBytes or 5 MiB, 5 MiB, ceil(size / 10000))', async () => {
          const cases: [number, number | undefined, number][] = [
            [12 * MIB, undefined, 5 * MIB],
            [12 * MIB, 1 * MIB, 5 * MIB],
            [12 * MIB, 8 * MIB, 8 * MIB],
            [100 * 1024 * MIB, undefined, Math.ceil((100 * 1024 * MIB) / 10000)],
            [100 * 1024 * MIB, 6 * MIB, Math.ceil((100 * 1024 * MIB) / 10000)],
            [0, undefined, 5 * MIB],
          ];
          for (const [size, chunkSizeBytes, expected] of cases) {
            const response = await use('open').post(`${MOUNT}/multipart/init`, { ...binary(size), ...(chunkSizeBytes ? { chunkSizeBytes } : {}) });
            assert.equal(response.body.partSize, expected, `size ${size}, chunk ${chunkSizeBytes}`);
            await use('open').post(`${MOUNT}/multipart/abort`, { token: response.body.token });
          }
        });

        it('shares the validation table of /presign: 400, 401, 403, 413, 415', async () => {
          const init = (name: string, body: unknown, headers: Record<string, string> = {}) => use(name).post(`${MOUNT}/multipart/init`, body, headers);
          assert.deepEqual((await init('open', 'nope')).body, { error: 'Invalid JSON body', code: 'BAD_REQUEST' });
          assert.deepEqual((await init('open', { name: 'a', size: 1 })).body, { error: 'Invalid file metadata', code: 'BAD_REQUEST' });
          assert.deepEqual((await init('owned', binary(6 * MIB))).body, { error: 'Unauthenticated' });
          const closed = await init('closed', binary(6 * MIB));
          assert.deepEqual([closed.status, closed.body.code], [403, 'AUTH_REQUIRED']);
          const rejected = await init('policy', { ...binary(6 * MIB, 'refuse.mp4'), type: 'video/mp4' });
          assert.deepEqual([rejected.status, rejected.body], [403, { error: 'Upload rejected' }]);
          const tooLarge = await init('policy', { ...binary(10 * MIB + 1), type: 'video/mp4' });
          assert.deepEqual([tooLarge.status, tooLarge.body], [413, { error: 'File too large' }]);
          const wrongType = await init('policy', binary(6 * MIB));
          assert.deepEqual([wrongType.status, wrongType.body], [415, { error: 'File type not allowed' }]);
        });

        it('500 Multipart init failed / STORAGE_ERROR without a usable uploadTokenSecret, before anything is created', async () => {
          const response = await use('noSecret').post(`${MOUNT}/multipart/init`, binary(6 * MIB, `nosecret-${index}.bin`));
          assert.equal(response.status, 500);
          assert.deepEqual(response.body, { error: 'Multipart init failed', code: 'STORAGE_ERROR' });
          const record = errors.records.find((entry) => entry.requestId === response.headers.get('x-svc-request-id'));
          assert.match(String((record?.error as Error).message), /uploadTokenSecret/);
        });

        it('500 Multipart init failed when storage refuses (missing bucket); provider text stays out of the body', async () => {
          const response = await use('missingBucket').post(`${MOUNT}/multipart/init`, binary(6 * MIB));
          assert.equal(response.status, 500);
          assert.deepEqual(response.body, { error: 'Multipart init failed', code: 'STORAGE_ERROR' });
          const record = errors.records.find((entry) => entry.requestId === response.headers.get('x-svc-request-id'));
          assert.equal((record?.error as Error).name, 'NoSuchBucket');
        });
      });

      describe('a real upload of several parts', () => {
        it('completes: the stored bytes are the parts in order, with an ETag, and the hooks see the file', async () => {
          uploaded.length = 0;
          const content = randomContent(THREE_PART_SIZE);
          const init = await initUpload(use('open'), binary(content.length));
          const chunks = splitIntoParts(content, init.partSize);
          assert.equal(chunks.length, 3);
          // Parts go up out of order, and are listed out of order: the handler sorts them.
          const sent = [
            await sendPart(use('open'), init.token, 3, chunks[2]!),
            await sendPart(use('open'), init.token, 1, chunks[0]!),
            await sendPart(use('open'), init.token, 2, chunks[1]!),
          ];
          const response = await use('open').post(`${MOUNT}/multipart/complete`, { token: init.token, parts: sent });
          assert.equal(response.status, 200, response.text);
          assert.equal(response.body.key, init.key);
          assert.ok((await readObject(storage, init.key)).equals(content), 'stored bytes equal the file');
          // Ceph RGW answers Complete with an empty ETag; the response still carries the object's real one.
          const head = await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: init.key }));
          assert.equal(response.body.etag, head.ETag);
          assert.ok((await fetch(response.body.downloadUrl)).ok, 'the download URL works');
          assert.match(response.body.downloadUrl, /X-Amz-Expires=259200/);
          assert.deepEqual(
            uploaded.map((entry) => entry.hook),
            ['onFileUploaded', 'onUploadComplete'],
          );
          assert.deepEqual(
            {
              key: uploaded[0]!.file.key,
              size: uploaded[0]!.file.size,
              source: uploaded[0]!.file.source,
              userId: uploaded[0]!.file.userId,
              etag: uploaded[0]!.file.etag,
            },
            { key: init.key, size: content.length, source: 'multipart', userId: null, etag: head.ETag },
          );
        });

        it('aborts: storage discards the parts and a later resume answers 404', async () => {
          const init = await initUpload(use('open'), binary(THREE_PART_SIZE));
          await sendPart(use('open'), init.token, 1, randomContent(5 * MIB));
          const response = await use('open').post(`${MOUNT}/multipart/abort`, { token: init.token });
          assert.equal(response.status, 200);
          assert.deepEqual(response.body, { ok: true });
          const resume = await use('open').post(`${MOUNT}/multipart/resume`, { token: init.token });
          assert.equal(resume.status, 404);
          assert.deepEqual(await listKeys(storage, init.key), []);
          assert.deepEqual((await use('open').post(`${MOUNT}/multipart/abort`, { token: init.token })).body, { ok: true }, 'a repeated abort is harmless');
        });

        it('keeps answering 200 when after-commit hooks throw; the errors reach onError', async () => {
          errors.records.length = 0;
          const content = randomContent(5 * MIB + 10);
          const init = await initUpload(use('throwingHooks'), binary(content.length));
          const chunks = splitIntoParts(content, init.partSize);
          const parts = [await sendPart(use('throwingHooks'), init.token, 1, chunks[0]!), await sendPart(use('throwingHooks'), init.token, 2, chunks[1]!)];
          const response = await use('throwingHooks').post(`${MOUNT}/multipart/complete`, { token: init.token, parts });
          assert.equal(response.status, 200);
          assert.ok((await readObject(storage, init.key)).equals(content));
          const requestId = response.headers.get('x-svc-request-id');
          const swallowed = errors.records
            .filter((record) => record.requestId === requestId)
            .map((record) => [record.swallowedFrom, (record.error as Error).message]);
          assert.deepEqual(swallowed, [
            ['onFileUploaded', 'database is down'],
            ['onUploadComplete', 'webhook failed'],
          ]);
        });
      });

      describe('the signed size envelope', () => {
        it('aborts and answers 403 when storage holds fewer bytes than signed, leaving nothing', async () => {
          const init = await initUpload(use('open'), binary(THREE_PART_SIZE, 'short.bin'));
          const parts = [
            await sendPart(use('open'), init.token, 1, randomContent(5 * MIB)),
            await sendPart(use('open'), init.token, 2, randomContent(5 * MIB)),
          ];
          const response = await use('open').post(`${MOUNT}/multipart/complete`, { token: init.token, parts });
          assert.equal(response.status, 403);
          assert.deepEqual(response.body, { error: 'Upload size outside signed envelope' });
          assert.deepEqual(await listKeys(storage, init.key), [], 'no object');
          assert.equal((await use('open').post(`${MOUNT}/multipart/resume`, { token: init.token })).status, 404, 'the upload and its parts are gone');
        });

        it('aborts and answers 403 when storage holds more bytes than signed (bytes that reached storage past the part URLs)', async () => {
          const init = await initUpload(use('open'), binary(6 * MIB, 'long.bin'));
          const first = await sendPart(use('open'), init.token, 1, randomContent(5 * MIB));
          // Part URLs only accept the exact part length, so the surplus arrives the way only a
          // holder of the storage credentials could send it.
          const direct = await storage.client.send(
            new UploadPartCommand({ Bucket: storage.bucket, Key: init.key, UploadId: init.uploadId, PartNumber: 2, Body: randomContent(2 * MIB) }),
          );
          const parts = [first, { partNumber: 2, eTag: direct.ETag! }];
          const response = await use('open').post(`${MOUNT}/multipart/complete`, { token: init.token, parts });
          assert.equal(response.status, 403);
          assert.deepEqual(await listKeys(storage, init.key), []);
        });
      });

      describe('POST /multipart/complete', () => {
        it('400 Invalid parts list / BAD_REQUEST for a malformed list or parts storage never received', async () => {
          const init = await initUpload(use('open'), binary(5 * MIB));
          const part = await sendPart(use('open'), init.token, 1, randomContent(5 * MIB));
          const lists: unknown[] = [
            undefined,
            [],
            {},
            [{}],
            [{ partNumber: 1 }],
            [part, part],
            [{ partNumber: 1, eTag: '"0000"' }],
            [part, { partNumber: 2, eTag: part.eTag }],
          ];
          for (const parts of lists) {
            const response = await use('open').post(`${MOUNT}/multipart/complete`, { token: init.token, parts });
            assert.equal(response.status, 400, JSON.stringify(parts));
            assert.deepEqual(response.body, { error: 'Invalid parts list', code: 'BAD_REQUEST' });
          }
          assert.equal(
            (await use('open').post(`${MOUNT}/multipart/complete`, { token: init.token, parts: [part] })).status,
            200,
            'the upload survived the bad requests',
          );
        });

        it('404 NOT_FOUND when the upload no longer exists (aborted before)', async () => {
          const init = await initUpload(use('open'), binary(5));
          const part = await sendPart(use('open'), init.token, 1, randomContent(5));
          assert.equal((await use('open').post(`${MOUNT}/multipart/abort`, { token: init.token })).status, 200);
          const again = await use('open').post(`${MOUNT}/multipart/complete`, { token: init.token, parts: [part] });
          assert.equal(again.status, 404);
          assert.deepEqual(again.body, { error: 'Multipart upload no longer exists', code: 'NOT_FOUND' });
        });

        it('500 Multipart complete failed and 500 Multipart abort failed when the bucket is missing', async (t) => {
          if (storage.kind === 's3rver') {
            t.skip('the s3rver dev store answers a missing bucket like a missing upload');
            return;
          }
          const token = signTokenPayload({ k: 'anon/x/y.bin', u: 'upload-1', uid: null, smin: 1, smax: 1, exp: now() + 600, iat: now() });
          const complete = await use('missingBucket').post(`${MOUNT}/multipart/complete`, { token, parts: [{ partNumber: 1, eTag: '"a"' }] });
          assert.equal(complete.status, 500);
          assert.deepEqual(complete.body, { error: 'Multipart complete failed', code: 'STORAGE_ERROR' });
          const abort = await use('missingBucket').post(`${MOUNT}/multipart/abort`, { token });
          assert.equal(abort.status, 500);
          assert.deepEqual(abort.body, { error: 'Multipart abort failed', code: 'STORAGE_ERROR' });
          assert.doesNotMatch(complete.text + abort.text, /NoSuch|bucket/i);
        });
      });
    });
  }
});
