/**
 * The handler's presigned URLs are the SDK's own, byte for byte: the prepared presigner must sign
 * exactly what `getSignedUrl` signs for the same command, endpoint style, key and options.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { presignPrepared } from '../../server/internal/prepared-presigner.js';

const signingDate = new Date('2026-03-01T12:34:56Z');
const noFallback = () => Promise.reject(new Error('a plain SigV4 endpoint must not fall back to getSignedUrl'));
const keys = ['anon/2f1c/photo.jpg', 'users/ü ser/a b (1)*!\'~.png', 'x//y/.hidden', 'k+%2F=&?#', 'dir/'];
const base = { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const;
const clients: [string, S3Client, string][] = [
  ['path style, custom endpoint with a port', new S3Client({ ...base, region: 'us-east-1', endpoint: 'http://127.0.0.1:7480', forcePathStyle: true, credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' } }), 'uploads'],
  ['AWS virtual-hosted', new S3Client({ ...base, region: 'eu-west-1', credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' } }), 'uploads'],
  ['AWS, a dotted bucket (path style chosen by the SDK)', new S3Client({ ...base, region: 'eu-west-1', credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' } }), 'my.uploads'],
  [
    'session credentials, custom endpoint with a base path',
    new S3Client({ ...base, region: 'auto', endpoint: 'https://storage.example.com/s3', forcePathStyle: true, credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret', sessionToken: 'tok/en+=' } }),
    'uploads',
  ],
];

describe('prepared presigner', () => {
  for (const [label, client, bucket] of clients) {
    it(`signs PUT, part and GET URLs identical to getSignedUrl (${label})`, async () => {
      for (const key of keys) {
        const putHeaders = new Set(['content-type', 'content-length']);
        const expectedPut = await getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: 2345, ContentType: 'image/jpeg' }), {
          expiresIn: 3600,
          signableHeaders: putHeaders,
          signingDate,
        });
        const put = await presignPrepared(
          client,
          bucket,
          { method: 'PUT', key, operation: 'PutObject', headers: { 'content-length': '2345', 'content-type': 'image/jpeg' }, expiresIn: 3600, signableHeaders: putHeaders, signingDate },
          noFallback,
        );
        assert.equal(put, expectedPut);

        const partHeaders = new Set(['content-length']);
        const expectedPart = await getSignedUrl(client, new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: 'up/load+id=', PartNumber: 7, ContentLength: 8_388_608 }), {
          expiresIn: 1800,
          signableHeaders: partHeaders,
          signingDate,
        });
        const part = await presignPrepared(
          client,
          bucket,
          {
            method: 'PUT',
            key,
            operation: 'UploadPart',
            query: { partNumber: '7', uploadId: 'up/load+id=' },
            headers: { 'content-length': '8388608' },
            expiresIn: 1800,
            signableHeaders: partHeaders,
            signingDate,
          },
          noFallback,
        );
        assert.equal(part, expectedPart);

        // With a signed Content-MD5 (checksumVerification) on a PUT and on a part.
        const md5 = 'ndTkYSaMgDT1yFZOFVxnpg==';
        const md5PutHeaders = new Set(['content-type', 'content-length', 'content-md5']);
        const expectedMd5Put = await getSignedUrl(
          client,
          new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: 2345, ContentType: 'image/jpeg', ContentMD5: md5 }),
          { expiresIn: 3600, signableHeaders: md5PutHeaders, signingDate },
        );
        const md5PutRequest = { 'content-length': '2345', 'content-type': 'image/jpeg', 'content-md5': md5 };
        const md5Put = await presignPrepared(
          client,
          bucket,
          { method: 'PUT', key, operation: 'PutObject', headers: md5PutRequest, expiresIn: 3600, signableHeaders: md5PutHeaders, signingDate },
          noFallback,
        );
        assert.equal(md5Put, expectedMd5Put);
        assert.match(md5Put, /X-Amz-SignedHeaders=content-length%3Bcontent-md5%3Bcontent-type%3Bhost/);
        // The whole-file SHA-256 as object metadata: moved into the query, not a header to send.
        const sha256 = 'a'.repeat(64);
        const expectedMetadataPut = await getSignedUrl(
          client,
          new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: 2345, ContentType: 'image/jpeg', ContentMD5: md5, Metadata: { 'checksum-sha256': sha256 } }),
          { expiresIn: 3600, signableHeaders: md5PutHeaders, signingDate },
        );
        const metadataPut = await presignPrepared(
          client,
          bucket,
          {
            method: 'PUT',
            key,
            operation: 'PutObject',
            headers: { ...md5PutRequest, 'x-amz-meta-checksum-sha256': sha256 },
            expiresIn: 3600,
            signableHeaders: md5PutHeaders,
            signingDate,
          },
          noFallback,
        );
        assert.equal(metadataPut, expectedMetadataPut);
        assert.equal(new URL(metadataPut).searchParams.get('x-amz-meta-checksum-sha256'), sha256);
        const md5PartHeaders = new Set(['content-length', 'content-md5']);
        const expectedMd5Part = await getSignedUrl(
          client,
          new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: 'up/load+id=', PartNumber: 7, ContentLength: 8_388_608, ContentMD5: md5 }),
          { expiresIn: 1800, signableHeaders: md5PartHeaders, signingDate },
        );
        const md5Part = await presignPrepared(
          client,
          bucket,
          {
            method: 'PUT',
            key,
            operation: 'UploadPart',
            query: { partNumber: '7', uploadId: 'up/load+id=' },
            headers: { 'content-length': '8388608', 'content-md5': md5 },
            expiresIn: 1800,
            signableHeaders: md5PartHeaders,
            signingDate,
          },
          noFallback,
        );
        assert.equal(md5Part, expectedMd5Part);

        const expectedGet = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 259_200, signingDate });
        const get = await presignPrepared(client, bucket, { method: 'GET', key, operation: 'GetObject', expiresIn: 259_200, signingDate }, noFallback);
        assert.equal(get, expectedGet);
      }
    });
  }
});
