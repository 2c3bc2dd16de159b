// The bucket CORS rule the README's storage recipes give, applied as written to a fresh bucket of the
// real test storage: the page's origin may PUT a file and a multipart part with the headers the
// handler asks for and read each ETag; another origin is refused at the preflight. The handler runs
// with the Ceph recipe's `storage` block shape (`type: 'ceph'`, path-style, explicit credentials).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PutBucketCorsCommand, type CORSRule } from '@aws-sdk/client-s3';
import { readMarkdown } from '../support/markdown.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { createTestHandler, inProcess, MIB, MOUNT, randomContent, readObject, type Transport } from './support/upload-harness.js';

const README_ORIGIN = 'https://app.example.com';
const OTHER_ORIGIN = 'https://elsewhere.example';

/** The JSON block of the README that carries `CORSRules`. */
function readmeCorsRules(): CORSRule[] {
  const blocks = readMarkdown('README.md').codeBlocks.filter(({ lang, code }) => lang === 'json' && code.includes('"CORSRules"'));
  assert.equal(blocks.length, 1, 'the README shows one bucket CORS rule');
  return (JSON.parse(blocks[0]!.code) as { CORSRules: CORSRule[] }).CORSRules;
}

function preflight(url: string, origin: string, headers: string): Promise<Response> {
  return fetch(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': headers } });
}

/** Header names a browser sends with the PUT: `uploadHeaders`, without the ones it sets itself. */
const requestHeaderNames = (uploadHeaders: Record<string, string> = {}) =>
  Object.keys(uploadHeaders)
    .map((name) => name.toLowerCase())
    .join(',');

const exposed = (response: Response) => (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);

describe('storage recipes: the README bucket CORS rule', () => {
  let storage: TestStorage;
  let bucket: string;
  let handler: Transport;

  before(async () => {
    storage = await getTestStorage();
    bucket = await storage.createBucket('svc-recipe');
    await storage.client.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: readmeCorsRules() } }));
    const { endpoint, region, accessKeyId, secretAccessKey } = storage;
    handler = inProcess(
      await createTestHandler({
        storage: { type: 'ceph', bucket, region, endpoint, forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } },
      }),
    );
  });
  after(() => handler?.close());

  it('lets the page origin PUT a file with its signed headers and read the ETag', async (t) => {
    if (!storage.enforcesSignatures) return t.skip('the development store does not apply bucket CORS as S3 does');
    const bytes = randomContent(2048);
    const presigned = await handler.post(`${MOUNT}/presign`, { name: 'recipe.png', type: 'image/png', size: bytes.length });
    assert.equal(presigned.status, 200);
    const { uploadUrl, uploadHeaders, key } = presigned.body as { uploadUrl: string; uploadHeaders: Record<string, string>; key: string };

    const allowed = await preflight(uploadUrl, README_ORIGIN, requestHeaderNames(uploadHeaders));
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers.get('access-control-allow-origin'), README_ORIGIN);
    assert.match(allowed.headers.get('access-control-allow-methods') ?? '', /\bPUT\b/);

    const put = await fetch(uploadUrl, { method: 'PUT', body: new Uint8Array(bytes), headers: { ...uploadHeaders, origin: README_ORIGIN } });
    assert.equal(put.status, 200);
    assert.equal(put.headers.get('access-control-allow-origin'), README_ORIGIN);
    assert.ok(exposed(put).includes('etag'), `ETag is exposed (${put.headers.get('access-control-expose-headers')})`);
    assert.ok(put.headers.get('etag'));
    assert.deepEqual(await readObject(storage, key, bucket), bytes);
  });

  it('lets the page origin PUT a multipart part and read its ETag', async (t) => {
    if (!storage.enforcesSignatures) return t.skip('the development store does not apply bucket CORS as S3 does');
    const bytes = randomContent(5 * MIB);
    const init = await handler.post(`${MOUNT}/multipart/init`, { name: 'recipe.bin', type: 'application/octet-stream', size: bytes.length });
    assert.equal(init.status, 200);
    const signed = await handler.post(`${MOUNT}/multipart/sign-part`, { token: init.body.token, partNumber: 1 });
    assert.equal(signed.status, 200);
    const { uploadUrl, uploadHeaders } = signed.body as { uploadUrl: string; uploadHeaders?: Record<string, string> };

    const allowed = await preflight(uploadUrl, README_ORIGIN, requestHeaderNames(uploadHeaders));
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers.get('access-control-allow-origin'), README_ORIGIN);

    const put = await fetch(uploadUrl, { method: 'PUT', body: new Uint8Array(bytes), headers: { ...uploadHeaders, origin: README_ORIGIN } });
    assert.equal(put.status, 200);
    assert.ok(exposed(put).includes('etag'), `ETag is exposed (${put.headers.get('access-control-expose-headers')})`);
    const eTag = put.headers.get('etag');
    assert.ok(eTag);
    const complete = await handler.post(`${MOUNT}/multipart/complete`, { token: init.body.token, parts: [{ partNumber: 1, eTag }] });
    assert.equal(complete.status, 200);
    assert.deepEqual(await readObject(storage, init.body.key, bucket), bytes);
  });

  it('refuses another origin at the preflight', async (t) => {
    if (!storage.enforcesSignatures) return t.skip('the development store does not apply bucket CORS as S3 does');
    const presigned = await handler.post(`${MOUNT}/presign`, { name: 'other.png', type: 'image/png', size: 10 });
    const refused = await preflight(presigned.body.uploadUrl, OTHER_ORIGIN, 'content-type');
    assert.notEqual(refused.status, 200);
    assert.equal(refused.headers.get('access-control-allow-origin'), null);
  });
});
