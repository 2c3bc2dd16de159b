/**
 * A credential pair with one half missing (typically an unset environment variable) is refused
 * when the configuration is read, naming the missing half, instead of at the first signed request.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUploadHandler, getDownloadUrl, isUpupError, s3GeneratePresignedUrl, type UploadHandlerConfig } from '../../server/index.js';

const storage = { type: 's3', bucket: 'uploads', region: 'us-east-1', endpoint: 'http://127.0.0.1:9', forcePathStyle: true };
const halfPairs = [
  [{ accessKeyId: 'AKIAEXAMPLE' }, /credentials\.secretAccessKey is missing or empty/],
  [{ accessKeyId: 'AKIAEXAMPLE', secretAccessKey: '' }, /credentials\.secretAccessKey is missing or empty/],
  [{ secretAccessKey: 'wJalrXUtnFEMI' }, /credentials\.accessKeyId is missing or empty/],
  [{ accessKeyId: ' ', secretAccessKey: 'wJalrXUtnFEMI' }, /credentials\.accessKeyId is missing or empty/],
  [{ accessKeyId: '', secretAccessKey: '' }, /credentials\.accessKeyId and .*credentials\.secretAccessKey are missing or empty/],
] as const;

async function configErrorOf(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    assert.ok(isUpupError(error), String(error));
    assert.equal(error.code, 'CONFIG_ERROR');
    return error.message;
  }
  return assert.fail('accepted a half-set credential pair');
}

describe('storage credentials: both halves or neither', () => {
  it('createUploadHandler refuses a half-set pair at construction, naming the missing field', async () => {
    for (const [credentials, message] of halfPairs) {
      assert.match(await configErrorOf(() => createUploadHandler({ storage: { ...storage, credentials } } as unknown as UploadHandlerConfig)), message);
    }
    assert.doesNotThrow(() => createUploadHandler({ storage: { ...storage, credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI' } } }));
    assert.doesNotThrow(() => createUploadHandler({ storage }), 'no credentials: the default AWS chain');
  });

  it('getDownloadUrl and s3GeneratePresignedUrl refuse the same pairs', async () => {
    for (const [credentials, message] of halfPairs) {
      assert.match(await configErrorOf(() => getDownloadUrl({ storage: { ...storage, credentials } as never }, 'a/key.txt')), message);
      const params = {
        bucketName: 'uploads',
        fileParams: { name: 'a.txt', type: 'text/plain', size: 3 },
        origin: 'https://app.example.test',
        provider: 'aws',
        s3ClientConfig: { region: 'us-east-1', credentials: credentials as never },
      };
      assert.match(await configErrorOf(() => s3GeneratePresignedUrl(params)), message);
    }
  });
});
