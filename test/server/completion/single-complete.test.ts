/**
 * POST /complete: the end of a single upload. The handler checks with storage that the upload's
 * object is there as /presign signed it, and the host hears about it exactly once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { UploadedFileEvent } from '../../../server/index.js';
import { getTestStorage, type TestStorage } from '../../support/storage.js';
import { closeAll, createTestHandler, decodeTokenPayload, MOUNT, overHttp, randomContent, readObject, type Transport } from '../support/upload-harness.js';

const NOT_FOUND = { error: 'Upload not found', code: 'NOT_FOUND' };

export async function presignAndPut(transport: Transport, content: Buffer, file: Record<string, unknown> = {}) {
  const presigned = await transport.post(`${MOUNT}/presign`, { name: 'small.txt', type: 'text/plain', size: content.length, ...file });
  assert.equal(presigned.status, 200, presigned.text);
  const put = await fetch(presigned.body.uploadUrl, { method: 'PUT', body: Uint8Array.from(content), headers: presigned.body.uploadHeaders });
  assert.equal(put.status, 200, `PUT: ${await put.text()}`);
  return presigned.body as { key: string; completionToken: string; downloadUrl: string; publicUrl?: string };
}

async function objectExists(storage: TestStorage, key: string): Promise<boolean> {
  return storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key })).then(
    () => true,
    () => false,
  );
}

describe('POST /complete', () => {
  let storage: TestStorage;
  let transport: Transport;
  const calls: { hook: string; file: UploadedFileEvent }[] = [];

  before(async () => {
    storage = await getTestStorage();
    transport = await overHttp(
      await createTestHandler({
        storage: { ...storage.storageConfig(), publicUrlBase: 'https://cdn.example.test/files' },
        hooks: {
          onFileUploaded: (file) => {
            calls.push({ hook: 'onFileUploaded', file });
          },
          onUploadComplete: (file) => {
            calls.push({ hook: 'onUploadComplete', file });
          },
        },
      }),
    );
  });
  after(() => closeAll([transport]));

  it('checks the stored object, runs onFileUploaded and onUploadComplete once, and answers like /multipart/complete', async () => {
    calls.length = 0;
    const content = randomContent(1000);
    const presigned = await presignAndPut(transport, content, { metadata: { album: 'holidays' } });
    assert.equal(calls.length, 0, 'nothing ran for the PUT alone');
    const completed = await transport.post(`${MOUNT}/complete`, { token: presigned.completionToken });
    assert.equal(completed.status, 200, completed.text);
    assert.deepEqual(Object.keys(completed.body).sort(), ['downloadUrl', 'etag', 'key', 'publicUrl']);
    assert.equal(completed.body.key, presigned.key);
    assert.ok(Buffer.from(await (await fetch(completed.body.downloadUrl)).arrayBuffer()).equals(content));
    assert.deepEqual(
      calls.map((call) => call.hook),
      ['onFileUploaded', 'onUploadComplete'],
    );
    const event = calls[0]!.file;
    assert.equal(event.source, 'single');
    assert.equal(event.key, presigned.key);
    assert.equal(event.size, 1000);
    assert.equal(event.type, 'text/plain');
    assert.equal(event.etag, completed.body.etag);
    assert.deepEqual(event.metadata, { album: 'holidays' });
    assert.equal(event.uploadId, decodeTokenPayload(presigned.completionToken).u);
    assert.equal(calls[1]!.file.uploadId, event.uploadId);

    const again = await transport.post(`${MOUNT}/complete`, { token: presigned.completionToken });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.key, presigned.key);
    assert.equal(again.body.etag, completed.body.etag);
    assert.equal(calls.length, 2, 'a repeat runs no hook');
  });

  it('404 Upload not found when nothing was PUT; the same token completes once the PUT lands', async () => {
    calls.length = 0;
    const content = randomContent(10);
    const presigned = await transport.post(`${MOUNT}/presign`, { name: 'later.txt', type: 'text/plain', size: 10 });
    const early = await transport.post(`${MOUNT}/complete`, { token: presigned.body.completionToken });
    assert.equal(early.status, 404, early.text);
    assert.deepEqual(early.body, NOT_FOUND);
    const put = await fetch(presigned.body.uploadUrl, { method: 'PUT', body: Uint8Array.from(content), headers: presigned.body.uploadHeaders });
    assert.equal(put.status, 200);
    const completed = await transport.post(`${MOUNT}/complete`, { token: presigned.body.completionToken });
    assert.equal(completed.status, 200, completed.text);
    assert.equal(calls.filter((call) => call.hook === 'onFileUploaded').length, 1);
  });

  it('refuses an object that is not what was signed: deleted, 403, and the same 403 on a repeat', async () => {
    calls.length = 0;
    const presigned = await transport.post(`${MOUNT}/presign`, { name: 'swap.txt', type: 'text/plain', size: 10 });
    const uploadId = decodeTokenPayload(presigned.body.completionToken).u;
    // Written around the URL (as storage that checks no signature would let a client do): 11 bytes.
    await storage.client.send(
      new PutObjectCommand({
        Bucket: storage.bucket,
        Key: presigned.body.key,
        Body: 'eleven byte',
        ContentType: 'text/plain',
        Metadata: { 'svc-upload-nonce': uploadId },
      }),
    );
    const refused = await transport.post(`${MOUNT}/complete`, { token: presigned.body.completionToken });
    assert.equal(refused.status, 403, refused.text);
    assert.deepEqual(refused.body, { error: 'Upload size outside signed envelope' });
    assert.equal(await objectExists(storage, presigned.body.key), false, 'the object is deleted');
    const again = await transport.post(`${MOUNT}/complete`, { token: presigned.body.completionToken });
    assert.deepEqual([again.status, again.body], [403, { error: 'Upload size outside signed envelope' }]);

    const typed = await transport.post(`${MOUNT}/presign`, { name: 'type.txt', type: 'text/plain', size: 4 });
    await storage.client.send(
      new PutObjectCommand({
        Bucket: storage.bucket,
        Key: typed.body.key,
        Body: 'abcd',
        ContentType: 'text/html',
        Metadata: { 'svc-upload-nonce': decodeTokenPayload(typed.body.completionToken).u },
      }),
    );
    const wrongType = await transport.post(`${MOUNT}/complete`, { token: typed.body.completionToken });
    assert.deepEqual([wrongType.status, wrongType.body], [403, { error: 'Upload type does not match the signed type' }]);
    assert.equal(await objectExists(storage, typed.body.key), false);
    assert.equal(calls.length, 0, 'no hook ran for a refused object');
  });

  it("404 and no deletion when the object under the key is another upload's", async () => {
    const presigned = await transport.post(`${MOUNT}/presign`, { name: 'other.txt', type: 'text/plain', size: 5 });
    await storage.client.send(
      new PutObjectCommand({
        Bucket: storage.bucket,
        Key: presigned.body.key,
        Body: 'other',
        ContentType: 'text/plain',
        Metadata: { 'svc-upload-nonce': 'another-upload' },
      }),
    );
    const response = await transport.post(`${MOUNT}/complete`, { token: presigned.body.completionToken });
    assert.deepEqual([response.status, response.body], [404, NOT_FOUND]);
    assert.equal((await readObject(storage, presigned.body.key)).toString(), 'other');
  });

  it('gives no completionToken without an uploadTokenSecret, and /complete answers its 500', async () => {
    const bare = await overHttp(await createTestHandler({ uploadTokenSecret: undefined, hooks: { onError: () => undefined } }));
    try {
      const presigned = await bare.post(`${MOUNT}/presign`, { name: 'a.txt', type: 'text/plain', size: 1 });
      assert.equal(presigned.status, 200);
      assert.equal(presigned.body.completionToken, undefined);
      const response = await bare.post(`${MOUNT}/complete`, { token: 'x.y' });
      assert.deepEqual([response.status, response.body], [500, { error: 'Upload completion failed', code: 'STORAGE_ERROR' }]);
    } finally {
      await bare.close();
    }
  });

  it("says completionMode 'background' only when no verdict is configured and the host did not ask clients to wait", async () => {
    const modes: Record<string, unknown> = {};
    const configs = {
      'no verdict': {},
      verdict: { hooks: { verifyUpload: () => true } },
      'clients wait': { completion: { confirmInBackground: false } },
    };
    for (const [name, config] of Object.entries(configs)) {
      const handler = await overHttp(await createTestHandler(config));
      try {
        const presigned = await handler.post(`${MOUNT}/presign`, { name: 'a.txt', type: 'text/plain', size: 1 });
        assert.equal(presigned.status, 200, presigned.text);
        assert.equal(typeof presigned.body.completionToken, 'string');
        modes[name] = presigned.body.completionMode;
      } finally {
        await handler.close();
      }
    }
    assert.deepEqual(modes, { 'no verdict': 'background', verdict: undefined, 'clients wait': undefined });
    await assert.rejects(createTestHandler({ completion: { confirmInBackground: 'yes' as never } }), /completion\.confirmInBackground must be true or false/);
  });
});
