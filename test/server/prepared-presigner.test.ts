/**
 * The handler's presigned URLs are the SDK's own, byte for byte: the prepared presigner must sign
 * exactly what `getSignedUrl` signs for the same command, endpoint style, key and options.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { presignPrepared, type PresignRequest } from '../../server/internal/prepared-presigner.js';

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

type SdkOptions = NonNullable<Parameters<typeof getSignedUrl>[2]>;

/** One URL to sign: by getSignedUrl with the SDK's command, and the same request as the handler describes it. */
interface SigningCase {
  name: string;
  sdk: (options: SdkOptions) => Promise<string>;
  request: Omit<PresignRequest, 'key' | 'signingDate'>;
}

const md5 = 'ndTkYSaMgDT1yFZOFVxnpg==';
const sha256 = 'a'.repeat(64);
const uploadId = 'up/load+id=';

/** PUT, part and GET, plain and with a signed Content-MD5 (checksumVerification) or SHA-256 metadata. */
function signingCases(client: S3Client, bucket: string, key: string): SigningCase[] {
  const putRequest = { 'content-length': '2345', 'content-type': 'image/jpeg' };
  const putHeaders = new Set(['content-type', 'content-length']);
  const md5PutHeaders = new Set([...putHeaders, 'content-md5']);
  const part = { operation: 'UploadPart', query: { partNumber: '7', uploadId }, expiresIn: 1800 } as const;
  return [
    {
      name: 'PUT',
      sdk: (options) => getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: 2345, ContentType: 'image/jpeg' }), options),
      request: { method: 'PUT', operation: 'PutObject', headers: putRequest, expiresIn: 3600, signableHeaders: putHeaders },
    },
    {
      name: 'part',
      sdk: (options) => getSignedUrl(client, new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: 7, ContentLength: 8_388_608 }), options),
      request: { method: 'PUT', ...part, headers: { 'content-length': '8388608' }, signableHeaders: new Set(['content-length']) },
    },
    {
      name: 'PUT with Content-MD5',
      sdk: (options) => getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: 2345, ContentType: 'image/jpeg', ContentMD5: md5 }), options),
      request: { method: 'PUT', operation: 'PutObject', headers: { ...putRequest, 'content-md5': md5 }, expiresIn: 3600, signableHeaders: md5PutHeaders },
    },
    {
      // The whole-file SHA-256 as object metadata: moved into the query, not a header to send.
      name: 'PUT with SHA-256 metadata',
      sdk: (options) => getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: 2345, ContentType: 'image/jpeg', ContentMD5: md5, Metadata: { 'checksum-sha256': sha256 } }), options),
      request: { method: 'PUT', operation: 'PutObject', headers: { ...putRequest, 'content-md5': md5, 'x-amz-meta-checksum-sha256': sha256 }, expiresIn: 3600, signableHeaders: md5PutHeaders },
    },
    {
      name: 'part with Content-MD5',
      sdk: (options) => getSignedUrl(client, new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: 7, ContentLength: 8_388_608, ContentMD5: md5 }), options),
      request: { method: 'PUT', ...part, headers: { 'content-length': '8388608', 'content-md5': md5 }, signableHeaders: new Set(['content-length', 'content-md5']) },
    },
    {
      name: 'GET',
      sdk: (options) => getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), options),
      request: { method: 'GET', operation: 'GetObject', expiresIn: 259_200 },
    },
  ];
}

describe('prepared presigner', () => {
  for (const [label, client, bucket] of clients) {
    it(`signs PUT, part and GET URLs identical to getSignedUrl (${label})`, async () => {
      for (const key of keys) {
        const signed = new Map<string, string>();
        for (const { name, sdk, request } of signingCases(client, bucket, key)) {
          const { expiresIn, signableHeaders } = request;
          const expected = await sdk({ expiresIn, ...(signableHeaders ? { signableHeaders } : {}), signingDate });
          const prepared = await presignPrepared(client, bucket, { ...request, key, signingDate }, noFallback);
          assert.equal(prepared, expected, `${name} of ${key}`);
          signed.set(name, prepared);
        }
        assert.match(signed.get('PUT with Content-MD5')!, /X-Amz-SignedHeaders=content-length%3Bcontent-md5%3Bcontent-type%3Bhost/);
        assert.equal(new URL(signed.get('PUT with SHA-256 metadata')!).searchParams.get('x-amz-meta-checksum-sha256'), sha256);
      }
    });
  }
});
