import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GetBucketCorsCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getTestStorage } from '../support/storage.js';

describe('test storage harness', () => {
  it('provides a bucket that stores and returns bytes', async () => {
    const storage = await getTestStorage();
    const body = new Uint8Array([1, 2, 3, 250, 251, 252]);
    await storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: 'harness/check.bin', Body: body }));
    const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: 'harness/check.bin' }));
    assert.deepEqual(new Uint8Array(await object.Body!.transformToByteArray()), body);
  });

  it('exposes ETag to browsers through bucket CORS', async (t) => {
    const storage = await getTestStorage();
    if (storage.kind === 's3rver') return t.skip('s3rver keeps CORS outside the S3 API');
    const cors = await storage.client.send(new GetBucketCorsCommand({ Bucket: storage.bucket }));
    assert.deepEqual(cors.CORSRules?.[0]?.ExposeHeaders, ['ETag', 'Retry-After']);
  });
});
