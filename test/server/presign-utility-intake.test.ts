/**
 * s3GeneratePresignedUrl takes FileMetadata from a browser too: the same name cap and the same
 * one-MIME-type rule as the handler, so a header line or a second type is never signed.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { s3GeneratePresignedUrl, type S3GeneratePresignedUrlParams } from '../../server/index.js';
import { getTestStorage } from '../support/storage.js';

describe('s3GeneratePresignedUrl intake', () => {
  let params: S3GeneratePresignedUrlParams;

  before(async () => {
    const storage = await getTestStorage();
    params = {
      bucketName: storage.bucket,
      fileParams: { name: 'photo.png', type: 'image/png', size: 8 },
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

  it('refuses a type with a line break or a type list, and a name above 1,024 characters', async () => {
    const refusals = [
      { type: 'image/png\r\nx-amz-acl: public-read' },
      { type: 'image/png, text/html', accept: 'image/*' },
      { name: `a${'_'.repeat(64_000)}b.png` },
    ];
    for (const change of refusals) {
      await assert.rejects(
        s3GeneratePresignedUrl({ ...params, fileParams: { ...params.fileParams, ...change } }),
        { status: 400, message: 'Invalid file metadata' },
        JSON.stringify(change).slice(0, 60),
      );
    }
  });

  it('still signs a valid type as given', async () => {
    const result = await s3GeneratePresignedUrl({ ...params, fileParams: { ...params.fileParams, type: 'text/plain; charset=utf-8' } });
    const put = await fetch(result.uploadUrl, { method: 'PUT', body: 'textbyte', headers: { 'content-type': 'text/plain; charset=utf-8' } });
    assert.equal(put.status, 200);
  });

  it('signs only the name, type and size it checks: fields a browser adds (a digest, a checksum) are not signed', async () => {
    const extra = { contentMd5: 'not checked\r\nx-amz-acl: public-read', checksum: { algorithm: 'CRC32\r\nx-amz-acl: public-read', value: 'x' } };
    const result = await s3GeneratePresignedUrl({ ...params, fileParams: { ...params.fileParams, ...extra } as never });
    assert.deepEqual(new URL(result.uploadUrl).searchParams.get('X-Amz-SignedHeaders')!.split(';'), ['content-length', 'content-type', 'host']);
    const put = await fetch(result.uploadUrl, { method: 'PUT', body: '8 bytes!', headers: { 'content-type': 'image/png' } });
    assert.equal(put.status, 200);
  });
});
