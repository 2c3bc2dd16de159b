// `storage.browserEndpoint`: the handler calls storage at `endpoint` and signs the URLs it hands
// browsers for `browserEndpoint`, as when it reaches storage by an internal name (Docker Compose,
// a VPC endpoint) and browsers by a public one. The public name here is a proxy that passes
// requests byte for byte and logs them: the browser's PUTs and GETs go through it and are accepted
// (the signature holds for the name the browser used), while none of the handler's own calls do.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createUploadHandler, getDownloadUrl, type StorageConfig } from '../../server/index.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.mjs';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { splitIntoParts } from './support/multipart-client.js';
import { inProcess, MIB, MOUNT, randomContent, readObject, TEST_SECRET, type Transport } from './support/upload-harness.js';

const PAGE_ORIGIN = 'https://app.example.com';

describe('storage.browserEndpoint', () => {
  let storage: TestStorage;
  let publicName: FaultProxy;
  let storageConfig: StorageConfig;
  let handler: Transport;

  before(async () => {
    storage = await getTestStorage();
    publicName = await startFaultProxy(storage.endpoint, []);
    storageConfig = { ...storage.storageConfig(), browserEndpoint: publicName.endpoint };
    handler = inProcess(createUploadHandler({ storage: storageConfig, uploadTokenSecret: TEST_SECRET, allowAnonymousUploads: true }));
  });
  after(async () => {
    await handler?.close();
    await publicName?.close();
  });

  /** What a browser on the page does with a signed URL. */
  const browserFetch = (url: string, init: RequestInit = {}) =>
    fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), origin: PAGE_ORIGIN } });

  const origin = (url: string) => new URL(url).origin;

  it('signs a single upload and its download for the browser name; the browser PUT and GET pass, /complete confirms', async () => {
    const start = publicName.log.length;
    const bytes = randomContent(4096);
    const presigned = await handler.post(`${MOUNT}/presign`, { name: 'photo.png', type: 'image/png', size: bytes.length });
    assert.equal(presigned.status, 200, presigned.text);
    const { uploadUrl, uploadHeaders, downloadUrl, completionToken, key } = presigned.body;
    assert.equal(origin(uploadUrl), publicName.endpoint);
    assert.equal(origin(downloadUrl), publicName.endpoint);

    const put = await browserFetch(uploadUrl, { method: 'PUT', body: new Uint8Array(bytes), headers: uploadHeaders });
    assert.equal(put.status, 200, await put.text());
    const completed = await handler.post(`${MOUNT}/complete`, { token: completionToken });
    assert.equal(completed.status, 200, completed.text);
    assert.deepEqual(await readObject(storage, key), bytes);

    const download = await browserFetch(downloadUrl);
    assert.equal(download.status, 200);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), bytes);
    // The proxy names the PUT and calls the download's GET `other`: both from the browser, nothing from the handler.
    assert.deepEqual(publicName.log.slice(start), ['browser put', 'browser other']);
  });

  it('signs every part for the browser name and completes through the handler’s own endpoint', async () => {
    const start = publicName.log.length;
    const content = randomContent(6 * MIB);
    const init = await handler.post(`${MOUNT}/multipart/init`, { name: 'video.mp4', type: 'video/mp4', size: content.length });
    assert.equal(init.status, 200, init.text);
    const parts = [];
    for (const [index, bytes] of splitIntoParts(content, init.body.partSize).entries()) {
      const signed = await handler.post(`${MOUNT}/multipart/sign-part`, { token: init.body.token, partNumber: index + 1 });
      assert.equal(signed.status, 200, signed.text);
      assert.equal(origin(signed.body.uploadUrl), publicName.endpoint);
      const put = await browserFetch(signed.body.uploadUrl, { method: 'PUT', body: new Uint8Array(bytes), headers: signed.body.uploadHeaders });
      assert.equal(put.status, 200, await put.text());
      parts.push({ partNumber: index + 1, eTag: put.headers.get('etag')! });
    }
    const completed = await handler.post(`${MOUNT}/multipart/complete`, { token: init.body.token, parts });
    assert.equal(completed.status, 200, completed.text);
    assert.equal(origin(completed.body.downloadUrl), publicName.endpoint);
    assert.deepEqual(await readObject(storage, init.body.key), content);
    // Create, list, complete and read back went to `endpoint`: only the browser's part PUTs came this way.
    assert.deepEqual(publicName.log.slice(start), ['browser part 1', 'browser part 2']);
  });

  it('getDownloadUrl signs for the browser name too', async () => {
    const key = `browser-endpoint/${Date.now()}.txt`;
    const bytes = randomContent(512);
    await storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: key, Body: bytes }));
    const url = await getDownloadUrl({ storage: storageConfig }, key);
    assert.equal(origin(url), publicName.endpoint);
    const download = await browserFetch(url);
    assert.equal(download.status, 200);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), bytes);
  });

  it('refuses a browserEndpoint that is not an absolute http(s) URL at construction, naming the option', () => {
    for (const browserEndpoint of ['storage.example.com', 'ftp://storage.example.com', 42]) {
      assert.throws(
        () =>
          createUploadHandler({ storage: { ...storageConfig, browserEndpoint } as StorageConfig, uploadTokenSecret: TEST_SECRET, allowAnonymousUploads: true }),
        (error: Error & { code?: string }) => error.code === 'CONFIG_ERROR' && error.message.includes('storage.browserEndpoint'),
        String(browserEndpoint),
      );
    }
  });
});
