// examples/nitro as a user runs it: its own dependencies from its lockfile (cached between runs),
// svc-uploader from the packed tarball, `nitro build`, then `node .output/server/index.mjs` against
// the test storage. A client speaks the upload protocol to the route Nitro 3 serves, over HTTP the
// way the element does: one presigned PUT and one multipart session (init, sign-part, PUT each part,
// complete). The bucket must hold exactly the bytes sent.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import type { MultipartInitResponse, MultipartSignPartResponse, PresignedUrlResponse } from '../../protocol/wire.js';
import { createExampleApp, packLibrary } from '../support/example-install.js';
import { run } from '../support/run-command.js';
import { startServerProcess, type ServerProcess } from '../support/node-server-process.js';
import { exampleStorageEnv, getTestStorage } from '../support/storage.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const MiB = 1024 * 1024;

/** Bytes stored under `key`, as their SHA-256. */
async function storedDigest(key: string): Promise<string> {
  const storage = await getTestStorage();
  const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
  return sha256(await object.Body!.transformToByteArray());
}

describe('examples/nitro (Nitro 3 build, real handler, real storage)', () => {
  let work: string;
  let app: string | undefined;
  let server: ServerProcess | undefined;

  /** POSTs JSON to an upload route of the example; asserts 200 and returns the body. */
  async function post<T>(route: string, body: unknown): Promise<T> {
    const response = await fetch(`${server!.url}/api/upload/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    assert.equal(response.status, 200, `${route}: ${text}\nserver output:\n${server!.output()}`);
    return JSON.parse(text) as T;
  }

  before(async () => {
    assert.ok(existsSync('dist/server/index.js'), 'dist/ is built (node scripts/build.mjs)');
    work = mkdtempSync(join(tmpdir(), 'svc-nitro-example-'));
    app = await createExampleApp('nitro', await packLibrary(work));
    // Nitro 3 supports Node 20.19 and later, so the Node that runs the tests builds and serves it.
    const started = Date.now();
    await run(process.execPath, [join(app, '..', 'node_modules', 'nitro', 'dist', 'cli', 'index.mjs'), 'build'], app);
    console.log(`nitro build: ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const storage = await getTestStorage();
    server = await startServerProcess(process.execPath, join(app, '.output', 'server', 'index.mjs'), app, {
      // What examples/nitro/README.md tells a user to set, pointed at the test storage.
      ...exampleStorageEnv(storage),
      UPLOAD_TOKEN_SECRET: 'nitro-example-upload-token-secret',
      ALLOW_ANONYMOUS: '1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
  });
  after(async () => {
    await server?.stop();
    if (app) rmSync(app, { recursive: true, force: true });
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('presigns a PUT through the Nitro route and the bucket holds the bytes', async () => {
    const bytes = randomBytes(150_000);
    const presigned = await post<PresignedUrlResponse>('presign', { name: 'nitro-small.bin', type: 'application/octet-stream', size: bytes.length });
    const put = await fetch(presigned.uploadUrl, { method: 'PUT', headers: presigned.uploadHeaders, body: bytes });
    assert.equal(put.status, 200, await put.text());
    assert.equal(await storedDigest(presigned.key), sha256(bytes));
  });

  it('runs a multipart session through the Nitro route and the bucket holds the bytes, with no upload left open', async () => {
    const bytes = randomBytes(5 * MiB + 300_000);
    const init = await post<MultipartInitResponse>('multipart/init', { name: 'nitro-multipart.bin', type: 'application/octet-stream', size: bytes.length });
    assert.equal(init.partSize, 5 * MiB);
    const parts: Array<{ partNumber: number; eTag: string }> = [];
    for (let offset = 0, partNumber = 1; offset < bytes.length; offset += init.partSize, partNumber += 1) {
      const signed = await post<MultipartSignPartResponse>('multipart/sign-part', { token: init.token, partNumber });
      const put = await fetch(signed.uploadUrl, { method: 'PUT', headers: signed.uploadHeaders, body: bytes.subarray(offset, offset + init.partSize) });
      assert.equal(put.status, 200, await put.text());
      parts.push({ partNumber, eTag: put.headers.get('etag')! });
    }
    assert.equal(parts.length, 2);
    await post('multipart/complete', { token: init.token, parts });

    assert.equal(await storedDigest(init.key), sha256(bytes));
    const storage = await getTestStorage();
    const pending = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: init.key }));
    assert.deepEqual(pending.Uploads ?? [], []);
  });
});
