/**
 * A lost /multipart/complete answer must not turn a stored file into a failure on retry, and a
 * failed init must not leave an open multipart upload behind.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CompleteMultipartUploadCommand, ListMultipartUploadsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { UploadedFileEvent } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { initUpload, sendPart, splitIntoParts, THREE_PART_SIZE } from './support/multipart-client.js';
import {
  bothTransports,
  closeAll,
  createErrorLog,
  createTestHandler,
  decodeTokenPayload,
  MOUNT,
  randomContent,
  readObject,
  signTokenPayload,
  type Transport,
} from './support/upload-harness.js';

const binary = (size: number) => ({ name: 'repeat.bin', type: 'application/octet-stream', size });
const DEAD = { error: 'Multipart upload no longer exists', code: 'NOT_FOUND' };

describe('repeated /multipart/complete', () => {
  let storage: TestStorage;
  const handlers: Record<string, Transport[]> = {};
  const hookCalls: { hook: string; file: UploadedFileEvent }[] = [];
  const errors = createErrorLog();
  let initFailureBucket: string;

  before(async () => {
    storage = await getTestStorage();
    handlers.open = await bothTransports(
      await createTestHandler({
        storage: { ...storage.storageConfig(), publicUrlBase: 'https://cdn.example.test/files' },
        hooks: {
          onFileUploaded: (file) => {
            hookCalls.push({ hook: 'onFileUploaded', file });
          },
          onUploadComplete: (file) => {
            hookCalls.push({ hook: 'onUploadComplete', file });
          },
        },
      }),
    );
    initFailureBucket = await storage.createBucket('init-failure');
    handlers.failingInit = await bothTransports(
      await createTestHandler({
        storage: storage.storageConfig(initFailureBucket),
        hooks: {
          onError: errors.onError,
          onPresignResponse: (_payload, ctx) => {
            if (ctx.phase === 'multipart-init') throw new Error('response rewrite failed');
          },
        },
      }),
    );
  });
  after(() => closeAll(Object.values(handlers).flat()));

  async function uploadAndComplete(transport: Transport) {
    const content = randomContent(THREE_PART_SIZE);
    const init = await initUpload(transport, binary(content.length));
    const chunks = splitIntoParts(content, init.partSize);
    const parts = [];
    for (const [offset, chunk] of chunks.entries()) parts.push(await sendPart(transport, init.token, offset + 1, chunk));
    const first = await transport.post(`${MOUNT}/multipart/complete`, { token: init.token, parts });
    assert.equal(first.status, 200, first.text);
    return { init, parts, first, content };
  }

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = (name: string) => handlers[name]![index]!;

      it('answers a repeat for a committed upload with the same 200 payload, without running the hooks again', async () => {
        hookCalls.length = 0;
        const { init, parts, first, content } = await uploadAndComplete(use('open'));
        assert.deepEqual(
          hookCalls.map((call) => call.hook),
          ['onFileUploaded', 'onUploadComplete'],
        );

        const again = await use('open').post(`${MOUNT}/multipart/complete`, { token: init.token, parts });
        assert.equal(again.status, 200, again.text);
        const { downloadUrl: firstDownload, ...firstRest } = first.body;
        const { downloadUrl: againDownload, ...againRest } = again.body;
        assert.deepEqual(againRest, firstRest, 'key, publicUrl and etag as in the first answer');
        assert.deepEqual(Object.keys(againRest).sort(), ['etag', 'key', 'publicUrl']);
        assert.ok(typeof firstDownload === 'string' && typeof againDownload === 'string');
        assert.ok(Buffer.from(await (await fetch(againDownload)).arrayBuffer()).equals(content), 'the download URL of the repeat works');
        assert.equal(hookCalls.length, 2, 'no hook ran for the repeat');

        const resume = await use('open').post(`${MOUNT}/multipart/resume`, { token: init.token });
        assert.equal(resume.status, 404, 'resume of a committed upload stays 404');
      });

      it('404 when the object under the key is not this upload: another upload nonce, no nonce, or the object replaced', async () => {
        // Committed straight through storage, as when the first answer was lost before any hook ran:
        // only this upload's object (its nonce, its size) may be completed by a repeat.
        hookCalls.length = 0;
        const content = randomContent(10);
        const init = await initUpload(use('open'), binary(content.length));
        const part = await sendPart(use('open'), init.token, 1, content);
        const committed = () =>
          storage.client.send(
            new CompleteMultipartUploadCommand({
              Bucket: storage.bucket,
              Key: init.key,
              UploadId: init.uploadId,
              MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.eTag }] },
            }),
          );
        await committed();
        const parts = [part];
        const payload = decodeTokenPayload(init.token);
        const otherNonce = signTokenPayload({ ...payload, n: 'another-upload-nonce' });
        const { n: _dropped, ...withoutNonce } = payload;
        for (const token of [otherNonce, signTokenPayload(withoutNonce)]) {
          const response = await use('open').post(`${MOUNT}/multipart/complete`, { token, parts });
          assert.equal(response.status, 404);
          assert.deepEqual(response.body, DEAD);
        }
        await storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: init.key, Body: 'replaced' }));
        const replaced = await use('open').post(`${MOUNT}/multipart/complete`, { token: init.token, parts });
        assert.equal(replaced.status, 404);
        assert.deepEqual(replaced.body, DEAD);
        assert.equal((await readObject(storage, init.key)).toString(), 'replaced', 'the other object is untouched');
        assert.equal(hookCalls.length, 0, "no hook ran for an object that is not this upload's");
      });

      it('a repeat for an upload committed without its hooks runs them once; once they ran, the recorded answer stands even after the object changed', async () => {
        hookCalls.length = 0;
        const content = randomContent(10);
        const init = await initUpload(use('open'), binary(content.length));
        const part = await sendPart(use('open'), init.token, 1, content);
        await storage.client.send(
          new CompleteMultipartUploadCommand({
            Bucket: storage.bucket,
            Key: init.key,
            UploadId: init.uploadId,
            MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.eTag }] },
          }),
        );
        const first = await use('open').post(`${MOUNT}/multipart/complete`, { token: init.token, parts: [part] });
        assert.equal(first.status, 200, first.text);
        assert.deepEqual(
          hookCalls.map((call) => [call.hook, call.file.key, call.file.uploadId]),
          [
            ['onFileUploaded', init.key, init.uploadId],
            ['onUploadComplete', init.key, init.uploadId],
          ],
        );
        // A host that moves accepted files elsewhere (or replaces them) does not turn the upload into a 404.
        await storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: init.key, Body: 'replaced' }));
        const again = await use('open').post(`${MOUNT}/multipart/complete`, { token: init.token, parts: [part] });
        assert.equal(again.status, 200, again.text);
        assert.equal(again.body.key, init.key);
        assert.equal(again.body.etag, first.body.etag);
        assert.equal(hookCalls.length, 2, 'no hook ran again');
      });

      it('a throwing onPresignResponse at init: 500 Multipart init failed, the hook error reaches onError, no open upload remains', async () => {
        errors.records.length = 0;
        const response = await use('failingInit').post(`${MOUNT}/multipart/init`, binary(THREE_PART_SIZE));
        assert.equal(response.status, 500);
        assert.deepEqual(response.body, { error: 'Multipart init failed', code: 'STORAGE_ERROR' });
        assert.ok(errors.records.some((record) => (record.error as Error).message === 'response rewrite failed'));
        const open = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: initFailureBucket }));
        assert.deepEqual(open.Uploads ?? [], [], 'ListMultipartUploads is empty');
      });
    });
  }
});
