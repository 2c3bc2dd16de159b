import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { GetBucketCorsCommand, PutBucketCorsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getDownloadUrl, isUpupError, s3GeneratePresignedUrl, type S3GeneratePresignedUrlParams } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { readObject } from './support/upload-harness.js';

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => assert.fail('expected a rejection'),
    (reason: unknown) => reason,
  );
  assert.ok(isUpupError(error), String(error));
  return error;
}

describe('getDownloadUrl', () => {
  let storage: TestStorage;
  const key = 'downloads/report 2026 (final).txt';

  before(async () => {
    storage = await getTestStorage();
    await storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: key, Body: 'report body' }));
  });

  it('signs a GET URL for the key as given, which serves the object', async () => {
    const url = await getDownloadUrl({ storage: storage.storageConfig() }, key);
    assert.equal(await (await fetch(url)).text(), 'report body');
  });

  it('resolves the expiry: opts.expiresIn, then downloadUrlExpiresIn, then three days', async () => {
    const expiryOf = (url: string) => new URL(url).searchParams.get('X-Amz-Expires');
    assert.equal(expiryOf(await getDownloadUrl({ storage: storage.storageConfig() }, key)), '259200');
    assert.equal(expiryOf(await getDownloadUrl({ storage: storage.storageConfig(), downloadUrlExpiresIn: 600 }, key)), '600');
    assert.equal(expiryOf(await getDownloadUrl({ storage: storage.storageConfig(), downloadUrlExpiresIn: 600 }, key, { expiresIn: 60 })), '60');
  });

  it('throws a configuration error for storage without an S3 API, a resolver, or a bad expiry', async () => {
    assert.equal((await rejection(getDownloadUrl({ storage: { ...storage.storageConfig(), type: 'azure' } }, key))).code, 'CONFIG_ERROR');
    assert.match((await rejection(getDownloadUrl({ storage: () => storage.storageConfig() }, key))).message, /resolver/);
    assert.match((await rejection(getDownloadUrl({ storage: storage.storageConfig() }, key, { expiresIn: -1 }))).message, /expiresIn/);
  });
});

describe('s3GeneratePresignedUrl', () => {
  let storage: TestStorage;
  let params: S3GeneratePresignedUrlParams;

  before(async () => {
    storage = await getTestStorage();
    params = {
      bucketName: storage.bucket,
      fileParams: { name: 'photo.png', type: 'image/png', size: 8, accept: 'image/*,.pdf', maxFileSize: 1000 },
      origin: 'https://app.example.com',
      provider: 'aws',
      s3ClientConfig: {
        region: storage.region,
        endpoint: storage.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
      },
    };
  });

  it('returns a UUID key, a signed PUT for exactly that size and type, a signed view URL and expiresIn', async () => {
    const result = await s3GeneratePresignedUrl(params);
    assert.match(result.key, /^[0-9a-f-]{36}\/photo\.png$/);
    assert.equal(result.expiresIn, 3600);
    assert.equal(new URL(result.uploadUrl).searchParams.get('X-Amz-SignedHeaders'), 'content-length;content-type;host');
    const put = await fetch(result.uploadUrl, { method: 'PUT', body: 'pngbytes', headers: { 'content-type': 'image/png' } });
    assert.equal(put.status, 200);
    assert.equal((await readObject(storage, result.key)).toString(), 'pngbytes');
    assert.equal(await (await fetch(result.publicUrl)).text(), 'pngbytes');
    assert.equal(new URL((await s3GeneratePresignedUrl({ ...params, expiresIn: 120 })).uploadUrl).searchParams.get('X-Amz-Expires'), '120');
  });

  it('refuses a file above fileParams.maxFileSize (413) or outside accept (415)', async () => {
    const tooLarge = await rejection(s3GeneratePresignedUrl({ ...params, fileParams: { ...params.fileParams, size: 1001 } }));
    assert.deepEqual([tooLarge.status, tooLarge.code], [413, 'FILE_TOO_LARGE']);
    const wrongType = await rejection(s3GeneratePresignedUrl({ ...params, fileParams: { ...params.fileParams, name: 'a.txt', type: 'text/plain' } }));
    assert.deepEqual([wrongType.status, wrongType.code], [415, 'FILE_TYPE_NOT_ALLOWED']);
    const byExtension = await s3GeneratePresignedUrl({ ...params, fileParams: { ...params.fileParams, name: 'doc.PDF', type: '' } });
    assert.match(byExtension.key, /doc\.PDF$/);
    const invalid = await rejection(s3GeneratePresignedUrl({ ...params, fileParams: { ...params.fileParams, size: -1 } }));
    assert.equal(invalid.status, 400);
  });

  it('enforces https endpoints (plain http only on loopback) and refuses storage without an S3 API', async () => {
    const insecure = await rejection(
      s3GeneratePresignedUrl({ ...params, s3ClientConfig: { ...params.s3ClientConfig, endpoint: 'http://storage.example.com' } }),
    );
    assert.equal(insecure.code, 'CONFIG_ERROR');
    assert.match(insecure.message, /https/);
    assert.equal((await rejection(s3GeneratePresignedUrl({ ...params, provider: 'azure' }))).code, 'CONFIG_ERROR');
    assert.equal((await rejection(s3GeneratePresignedUrl({ ...params, origin: 'not an origin' }))).code, 'CONFIG_ERROR');
  });

  it('with enableAutoCorsConfig adds a rule for the origin to the bucket, keeping the existing rules', async () => {
    const bucket = await storage.createBucket('autocors');
    await storage.client.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: { CORSRules: [{ AllowedOrigins: ['https://existing.example'], AllowedMethods: ['GET'] }] },
      }),
    );
    await s3GeneratePresignedUrl({ ...params, bucketName: bucket, enableAutoCorsConfig: true, origin: 'https://app.example.com/some/page' });
    const rules = (await storage.client.send(new GetBucketCorsCommand({ Bucket: bucket }))).CORSRules ?? [];
    assert.ok(
      rules.some((rule) => rule.AllowedOrigins?.includes('https://existing.example')),
      'existing rule kept',
    );
    const added = rules.find((rule) => rule.AllowedOrigins?.includes('https://app.example.com'));
    assert.ok(added?.AllowedMethods?.includes('PUT'));
    assert.ok(added?.ExposeHeaders?.includes('ETag'));
    assert.ok(added?.ExposeHeaders?.includes('Retry-After'));
    await s3GeneratePresignedUrl({ ...params, bucketName: bucket, enableAutoCorsConfig: true });
    const again = (await storage.client.send(new GetBucketCorsCommand({ Bucket: bucket }))).CORSRules ?? [];
    assert.equal(again.length, rules.length, 'no duplicate rule for an origin already allowed');
  });
});
