import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { createUploadHandler } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { createTestHandler, listKeys, MOUNT, overHttp, readObject, TEST_SECRET, type Transport } from './support/upload-harness.js';

// A presigned single PUT stores the Content-Disposition and Cache-Control its client sends unless
// they are signed. Against real storage: the URL carries the handler's values, storage refuses a
// PUT that sends others, and the object is stored with the handler's.
const content = 'hello world';
const file = { name: 'report.txt', type: 'text/plain', size: content.length };

interface Presigned {
  key: string;
  uploadUrl: string;
  uploadHeaders: Record<string, string>;
  expiresIn: number;
}

describe('single PUT URLs bind the headers the object is stored with', () => {
  let storage: TestStorage;
  let plain: Transport;
  let custom: Transport;

  before(async () => {
    storage = await getTestStorage();
    plain = await overHttp(await createTestHandler());
    custom = await overHttp(await createTestHandler({ storedObjectHeaders: { contentDisposition: 'attachment', cacheControl: 'public, max-age=60' } }));
  });
  after(async () => {
    await plain.close();
    await custom.close();
  });

  async function presign(transport: Transport): Promise<Presigned> {
    const response = await transport.post(`${MOUNT}/presign`, file);
    assert.equal(response.status, 200, response.text);
    return response.body as Presigned;
  }

  async function storedHeaders(key: string): Promise<{ contentDisposition?: string; cacheControl?: string }> {
    const head = await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key }));
    return {
      ...(head.ContentDisposition ? { contentDisposition: head.ContentDisposition } : {}),
      ...(head.CacheControl ? { cacheControl: head.CacheControl } : {}),
    };
  }

  it('signs Content-Disposition and Cache-Control and asks the client to send them; the URL lives ten minutes', async () => {
    const presigned = await presign(plain);
    assert.deepEqual(presigned.uploadHeaders, { 'Content-Type': 'text/plain', 'Content-Disposition': 'inline', 'Cache-Control': 'private' });
    const signed = new URL(presigned.uploadUrl).searchParams.get('X-Amz-SignedHeaders')!.split(';');
    for (const name of ['cache-control', 'content-disposition', 'content-length', 'content-type', 'host']) assert.ok(signed.includes(name), name);
    assert.equal(presigned.expiresIn, 3600);
    assert.equal(new URL(presigned.uploadUrl).searchParams.get('X-Amz-Expires'), '3600');
  });

  for (const [what, added] of [
    ['an attachment disposition naming an HTML file', { 'Content-Disposition': 'attachment; filename=evil.html' }],
    ['a year of shared caching', { 'Cache-Control': 'public, max-age=31536000, immutable' }],
  ] as const) {
    it(`storage refuses a PUT that sends ${what}, and stores nothing`, async () => {
      const presigned = await presign(plain);
      const response = await fetch(presigned.uploadUrl, { method: 'PUT', body: content, headers: { ...presigned.uploadHeaders, ...added } });
      assert.equal(response.status, 403);
      assert.deepEqual(await listKeys(storage, presigned.key), []);
    });
  }

  it('storage refuses a PUT that leaves the signed headers out', async () => {
    const presigned = await presign(plain);
    const response = await fetch(presigned.uploadUrl, { method: 'PUT', body: content, headers: { 'Content-Type': 'text/plain' } });
    assert.equal(response.status, 403);
    assert.deepEqual(await listKeys(storage, presigned.key), []);
  });

  it("a PUT with the answer's headers stores the object with the handler's values", async () => {
    const presigned = await presign(plain);
    const response = await fetch(presigned.uploadUrl, { method: 'PUT', body: content, headers: presigned.uploadHeaders });
    assert.equal(response.status, 200);
    assert.equal((await readObject(storage, presigned.key)).toString(), content);
    assert.deepEqual(await storedHeaders(presigned.key), { contentDisposition: 'inline', cacheControl: 'private' });
  });

  it("stores the host's storedObjectHeaders, and refuses the default ones on that URL", async () => {
    const presigned = await presign(custom);
    assert.equal(presigned.uploadHeaders['Content-Disposition'], 'attachment');
    assert.equal(presigned.uploadHeaders['Cache-Control'], 'public, max-age=60');
    const refused = await fetch(presigned.uploadUrl, {
      method: 'PUT',
      body: content,
      headers: { ...presigned.uploadHeaders, 'Content-Disposition': 'inline', 'Cache-Control': 'private' },
    });
    assert.equal(refused.status, 403);
    const stored = await fetch(presigned.uploadUrl, { method: 'PUT', body: content, headers: presigned.uploadHeaders });
    assert.equal(stored.status, 200);
    assert.deepEqual(await storedHeaders(presigned.key), { contentDisposition: 'attachment', cacheControl: 'public, max-age=60' });
  });

  it('refuses storedObjectHeaders that cannot be one header value, naming the option', () => {
    for (const contentDisposition of ['', 'attachment\r\nx-evil: 1', 'a'.repeat(2000), 42]) {
      assert.throws(
        () =>
          createUploadHandler({
            storage: storage.storageConfig(),
            uploadTokenSecret: TEST_SECRET,
            storedObjectHeaders: { contentDisposition: contentDisposition as string },
          }),
        /storedObjectHeaders\.contentDisposition/,
      );
    }
  });
});
