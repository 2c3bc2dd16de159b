// The SHA-256 the handler's S3 clients sign with: the same digests as Node's own HMAC and hash for
// every key form the AWS SDK passes (a string, bytes, a view into a larger buffer, an ArrayBuffer,
// none), across updates and resets; and the SigV4 signature it makes is the one the SDK's own
// SHA-256 makes (the storage suites show storage accepts it).
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { S3Client } from '@aws-sdk/client-s3';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { getKeyObjectSha256 } from '../../server/internal/key-object-sha256.js';

const KeyObjectSha256 = getKeyObjectSha256()!;

async function digestOf(secret: string | ArrayBuffer | ArrayBufferView | undefined, chunks: Uint8Array[]): Promise<Buffer> {
  const hash = new KeyObjectSha256(secret);
  for (const chunk of chunks) hash.update(chunk);
  return Buffer.from(await hash.digest());
}

describe('the SHA-256 the S3 clients sign with', () => {
  it('is available on Node, where node:crypto is built in', () => {
    assert.equal(typeof KeyObjectSha256, 'function');
  });

  it('gives the HMAC of Node for string, byte, view and ArrayBuffer keys, and the hash without one', async () => {
    const chunks = [randomBytes(37), randomBytes(0), randomBytes(4096)];
    const keyBytes = randomBytes(32);
    const backing = Buffer.concat([randomBytes(5), keyBytes, randomBytes(7)]);
    const view = new Uint8Array(backing.buffer, backing.byteOffset + 5, 32);
    const expectedHmac = (key: string | Buffer) => {
      const hmac = createHmac('sha256', key);
      for (const chunk of chunks) hmac.update(chunk);
      return hmac.digest();
    };
    assert.deepEqual(await digestOf('AWS4secret-access-key', chunks), expectedHmac('AWS4secret-access-key'));
    assert.deepEqual(await digestOf(keyBytes, chunks), expectedHmac(keyBytes));
    assert.deepEqual(await digestOf(view, chunks), expectedHmac(keyBytes), 'a view keys with its own bytes, not its buffer');
    assert.deepEqual(await digestOf(new Uint8Array(keyBytes).buffer, chunks), expectedHmac(keyBytes));
    assert.deepEqual(await digestOf(new Uint8Array(0), chunks), expectedHmac(''));
    const plain = createHash('sha256');
    for (const chunk of chunks) plain.update(chunk);
    assert.deepEqual(await digestOf(undefined, chunks), plain.digest());
  });

  it('keys the same bytes the same way on every use, and starts over on reset', async () => {
    const key = randomBytes(32);
    const data = randomBytes(100);
    const first = new KeyObjectSha256(key);
    first.update(randomBytes(10));
    first.reset();
    first.update(data);
    const second = new KeyObjectSha256(key);
    second.update(data);
    const expected = createHmac('sha256', key).update(data).digest();
    assert.deepEqual(Buffer.from(await first.digest()), expected);
    assert.deepEqual(Buffer.from(await second.digest()), expected);
  });

  it('reads a plain hash again and refuses to extend a finished HMAC, as the SDK’s own does', async () => {
    const data = randomBytes(64);
    const plain = new KeyObjectSha256();
    plain.update(data);
    const once = Buffer.from(await plain.digest());
    assert.deepEqual(Buffer.from(await plain.digest()), once);
    plain.update(data);
    assert.deepEqual(Buffer.from(await plain.digest()), createHash('sha256').update(data).update(data).digest());
    const keyed = new KeyObjectSha256(randomBytes(32));
    keyed.update(data);
    await keyed.digest();
    assert.throws(() => keyed.update(data), /already finished/);
  });

  it('makes the presigned URL the SDK makes with its own SHA-256', async () => {
    const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
    const request = {
      method: 'PUT',
      protocol: 'https:',
      hostname: 'bucket.s3.eu-west-1.amazonaws.com',
      path: '/uploads/photo.jpg',
      query: { partNumber: '3', uploadId: 'abc' },
      headers: { host: 'bucket.s3.eu-west-1.amazonaws.com', 'content-length': '8388608' },
    };
    const signingDate = new Date('2026-11-29T12:00:00Z');
    const signed = async (sha256: S3Client['config']['sha256']) => {
      const presigner = new S3RequestPresigner({ credentials, region: 'eu-west-1', sha256 });
      // Twice: the second signature takes the signing key from the SDK's cache.
      await presigner.presign({ ...request }, { expiresIn: 900, signingDate });
      return presigner.presign({ ...request }, { expiresIn: 900, signingDate });
    };
    const ours = await signed(KeyObjectSha256);
    // The SDK's own SHA-256, as a client made without our option has it.
    const sdk = await signed(new S3Client({ region: 'eu-west-1' }).config.sha256);
    assert.equal(ours.query?.['X-Amz-Signature'], sdk.query?.['X-Amz-Signature']);
    assert.match(String(ours.query?.['X-Amz-Signature']), /^[0-9a-f]{64}$/);
  });
});
