/**
 * `confirmUpload`: a host's own token endpoint (s3GeneratePresignedUrl with a completionSecret)
 * confirms an upload after the PUT: the object is checked as /complete checks it, and exactly one
 * confirmation is the first, even when two run at once.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { confirmUpload, isUpupError, s3GeneratePresignedUrl, type S3GeneratePresignedUrlParams } from '../../../server/index.js';
import { getTestStorage, type TestStorage } from '../../support/storage.js';
import { decodeTokenPayload } from '../support/upload-harness.js';

const SECRET = 'the-token-endpoint-completion-secret';

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => assert.fail('expected a rejection'),
    (reason: unknown) => reason,
  );
  assert.ok(isUpupError(error), String(error));
  return error;
}

describe('confirmUpload', () => {
  let storage: TestStorage;
  let params: S3GeneratePresignedUrlParams;
  const target = () => ({ bucketName: params.bucketName, provider: params.provider, s3ClientConfig: params.s3ClientConfig, completionSecret: SECRET });

  before(async () => {
    storage = await getTestStorage();
    params = {
      bucketName: storage.bucket,
      fileParams: { name: 'photo.png', type: 'image/png', size: 8 },
      origin: 'https://app.example.com',
      provider: 'aws',
      completionSecret: SECRET,
      s3ClientConfig: {
        region: storage.region,
        endpoint: storage.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
      },
    };
  });

  it('confirms the object once it is PUT; of two confirmations at once, exactly one is the first', async () => {
    const signed = await s3GeneratePresignedUrl(params);
    assert.ok(signed.completionToken);
    const early = await rejection(confirmUpload(target(), signed.completionToken));
    assert.deepEqual([early.status, early.message, early.code], [404, 'Upload not found', 'NOT_FOUND']);
    const put = await fetch(signed.uploadUrl, { method: 'PUT', body: new Uint8Array(8), headers: { 'Content-Type': 'image/png' } });
    assert.equal(put.status, 200);
    const confirmations = await Promise.all([confirmUpload(target(), signed.completionToken), confirmUpload(target(), signed.completionToken)]);
    assert.deepEqual(confirmations.map((confirmation) => confirmation.firstConfirmation).sort(), [false, true]);
    for (const confirmation of confirmations) {
      assert.equal(confirmation.key, signed.key);
      assert.equal(confirmation.size, 8);
      assert.equal(confirmation.type, 'image/png');
      assert.equal(confirmation.uploadId, decodeTokenPayload(signed.completionToken).u);
    }
    assert.equal((await confirmUpload(target(), signed.completionToken)).firstConfirmation, false);
  });

  it('deletes an object that is not what was signed, and refuses tokens it did not sign', async () => {
    const signed = await s3GeneratePresignedUrl(params);
    await storage.client.send(
      new PutObjectCommand({
        Bucket: storage.bucket,
        Key: signed.key,
        Body: 'nine byte',
        ContentType: 'image/png',
        Metadata: { 'svc-upload-nonce': decodeTokenPayload(signed.completionToken!).u },
      }),
    );
    const refused = await rejection(confirmUpload(target(), signed.completionToken));
    assert.deepEqual([refused.status, refused.message], [403, 'Upload size outside signed envelope']);
    await assert.rejects(storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: signed.key })));
    const foreign = await rejection(confirmUpload({ ...target(), completionSecret: 'another-secret-of-sixteen-plus' }, signed.completionToken));
    assert.deepEqual([foreign.status, foreign.code], [403, 'bad_signature']);
    assert.equal((await rejection(confirmUpload(target(), 'not-a-token'))).code, 'malformed');
    assert.equal((await rejection(s3GeneratePresignedUrl({ ...params, completionSecret: 'short' }))).code, 'CONFIG_ERROR');
    assert.equal((await s3GeneratePresignedUrl({ ...params, completionSecret: undefined })).completionToken, undefined, 'no token without a secret');
  });
});
