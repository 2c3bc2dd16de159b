/**
 * The handler's presigned URLs are the SDK's own, byte for byte: the prepared presigner must sign
 * exactly what `getSignedUrl` signs for the same command, endpoint style, key and options.
 */
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { presignPrepared, type PresignRequest } from '../../server/internal/prepared-presigner.js';
import { presignPutObject, presignUploadPart } from '../../server/internal/s3-operations.js';

const signingDate = new Date('2026-03-01T12:34:56Z');
const noFallback = () => Promise.reject(new Error('a plain SigV4 endpoint must not fall back to getSignedUrl'));
const keys = ['anon/2f1c/photo.jpg', "users/ü ser/a b (1)*!'~.png", 'x//y/.hidden', 'k+%2F=&?#', 'dir/'];
const base = { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const;
const clients: [string, S3Client, string][] = [
  [
    'path style, custom endpoint with a port',
    new S3Client({
      ...base,
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:7480',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
    }),
    'uploads',
  ],
  ['AWS virtual-hosted', new S3Client({ ...base, region: 'eu-west-1', credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' } }), 'uploads'],
  [
    'AWS, a dotted bucket (path style chosen by the SDK)',
    new S3Client({ ...base, region: 'eu-west-1', credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' } }),
    'my.uploads',
  ],
  [
    'session credentials, custom endpoint with a base path',
    new S3Client({
      ...base,
      region: 'auto',
      endpoint: 'https://storage.example.com/s3',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret', sessionToken: 'tok/en+=' },
    }),
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
/** A CRC32C and a SHA-256 in S3's base64 form; `+` and `/` test the escaping. */
const crc32c = 'q+/9Aw==';
const sha256Base64 = 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=';

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
      sdk: (options) =>
        getSignedUrl(client, new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: 7, ContentLength: 8_388_608 }), options),
      request: { method: 'PUT', ...part, headers: { 'content-length': '8388608' }, signableHeaders: new Set(['content-length']) },
    },
    {
      name: 'PUT with Content-MD5',
      sdk: (options) =>
        getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: 2345, ContentType: 'image/jpeg', ContentMD5: md5 }), options),
      request: { method: 'PUT', operation: 'PutObject', headers: { ...putRequest, 'content-md5': md5 }, expiresIn: 3600, signableHeaders: md5PutHeaders },
    },
    {
      // The whole-file SHA-256 as object metadata: moved into the query, not a header to send.
      name: 'PUT with SHA-256 metadata',
      sdk: (options) =>
        getSignedUrl(
          client,
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            ContentLength: 2345,
            ContentType: 'image/jpeg',
            ContentMD5: md5,
            Metadata: { 'checksum-sha256': sha256 },
          }),
          options,
        ),
      request: {
        method: 'PUT',
        operation: 'PutObject',
        headers: { ...putRequest, 'content-md5': md5, 'x-amz-meta-checksum-sha256': sha256 },
        expiresIn: 3600,
        signableHeaders: md5PutHeaders,
      },
    },
    {
      name: 'part with Content-MD5',
      sdk: (options) =>
        getSignedUrl(
          client,
          new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: 7, ContentLength: 8_388_608, ContentMD5: md5 }),
          options,
        ),
      request: {
        method: 'PUT',
        ...part,
        headers: { 'content-length': '8388608', 'content-md5': md5 },
        signableHeaders: new Set(['content-length', 'content-md5']),
      },
    },
    {
      // x-amz-checksum-* stays a signed header (unhoistable): in the query S3 would not check it.
      name: 'PUT with x-amz-checksum-sha256',
      sdk: (options) =>
        getSignedUrl(
          client,
          new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: 2345, ContentType: 'image/jpeg', ContentMD5: md5, ChecksumSHA256: sha256Base64 }),
          {
            ...options,
            unhoistableHeaders: new Set(['x-amz-checksum-sha256']),
          },
        ),
      request: {
        method: 'PUT',
        operation: 'PutObject',
        headers: { ...putRequest, 'content-md5': md5, 'x-amz-checksum-sha256': sha256Base64 },
        expiresIn: 3600,
        signableHeaders: new Set([...md5PutHeaders, 'x-amz-checksum-sha256']),
        unhoistableHeaders: new Set(['x-amz-checksum-sha256']),
      },
    },
    {
      name: 'part with x-amz-checksum-crc32c',
      sdk: (options) =>
        getSignedUrl(
          client,
          new UploadPartCommand({
            Bucket: bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber: 7,
            ContentLength: 8_388_608,
            ContentMD5: md5,
            ChecksumCRC32C: crc32c,
          }),
          {
            ...options,
            unhoistableHeaders: new Set(['x-amz-checksum-crc32c']),
          },
        ),
      request: {
        method: 'PUT',
        ...part,
        headers: { 'content-length': '8388608', 'content-md5': md5, 'x-amz-checksum-crc32c': crc32c },
        signableHeaders: new Set(['content-length', 'content-md5', 'x-amz-checksum-crc32c']),
        unhoistableHeaders: new Set(['x-amz-checksum-crc32c']),
      },
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
        assertChecksumSignedAsHeader(
          signed.get('PUT with x-amz-checksum-sha256')!,
          'x-amz-checksum-sha256',
          'content-length;content-md5;content-type;host;x-amz-checksum-sha256',
        );
        assertChecksumSignedAsHeader(
          signed.get('part with x-amz-checksum-crc32c')!,
          'x-amz-checksum-crc32c',
          'content-length;content-md5;host;x-amz-checksum-crc32c',
        );
      }
    });
  }
});

function assertChecksumSignedAsHeader(url: string, header: string, signedHeaders: string): void {
  const query = new URL(url).searchParams;
  assert.equal(query.get('X-Amz-SignedHeaders'), signedHeaders);
  assert.equal(query.has(header), false, `${header} must not be moved into the query`);
  assert.equal(query.has('x-amz-sdk-checksum-algorithm'), false);
}

/**
 * A client the prepared presigner does not prepare: a middleware adds a query parameter to every
 * request, as an unusual endpoint's signing scheme would, so the probe URL is not plain SigV4 and
 * the handler's own operations sign through `getSignedUrl`.
 */
function unpreparedClient(): S3Client {
  const client = new S3Client({
    ...base,
    region: 'eu-west-1',
    endpoint: 'http://127.0.0.1:7480',
    forcePathStyle: true,
    credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
  });
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { query?: Record<string, string> };
      if (request.query) request.query['x-endpoint-scheme'] = 'other';
      return next(args);
    },
    { step: 'build', name: 'unusualEndpointScheme' },
  );
  return client;
}

describe('presigning through getSignedUrl, for endpoints the prepared presigner does not prepare', () => {
  const client = unpreparedClient();
  const key = 'users/ü ser/a b (1).bin';

  /** The SDK's URL and the handler's, signed at the same moment. */
  async function atOneMoment(handler: () => Promise<string>, sdk: () => Promise<string>): Promise<[string, string]> {
    mock.timers.enable({ apis: ['Date'], now: signingDate });
    try {
      return [await handler(), await sdk()];
    } finally {
      mock.timers.reset();
    }
  }

  it('a part with x-amz-checksum-crc32c is byte for byte what getSignedUrl signs, the digest a signed header', async () => {
    const [handler, sdk] = await atOneMoment(
      () =>
        presignUploadPart(
          client,
          'uploads',
          key,
          { uploadId, partNumber: 7, contentLength: 8_388_608, contentMd5: md5, checksum: { algorithm: 'CRC32C', value: crc32c } },
          1800,
        ),
      () =>
        getSignedUrl(
          client,
          new UploadPartCommand({
            Bucket: 'uploads',
            Key: key,
            UploadId: uploadId,
            PartNumber: 7,
            ContentLength: 8_388_608,
            ContentMD5: md5,
            ChecksumCRC32C: crc32c,
          }),
          {
            expiresIn: 1800,
            signableHeaders: new Set(['content-length', 'content-md5', 'x-amz-checksum-crc32c']),
            unhoistableHeaders: new Set(['x-amz-checksum-crc32c']),
          },
        ),
    );
    assert.equal(new URL(handler).searchParams.get('x-endpoint-scheme'), 'other', 'signed through getSignedUrl');
    assert.equal(handler, sdk);
    assertChecksumSignedAsHeader(handler, 'x-amz-checksum-crc32c', 'content-length;content-md5;host;x-amz-checksum-crc32c');
  });

  it('a PUT with x-amz-checksum-sha256 is byte for byte what getSignedUrl signs, the digest a signed header', async () => {
    const [handler, sdk] = await atOneMoment(
      async () =>
        (
          await presignPutObject(client, 'uploads', key, {
            type: 'image/jpeg',
            size: 2345,
            contentMd5: md5,
            checksum: { algorithm: 'SHA256', value: sha256Base64 },
          })
        ).uploadUrl,
      () =>
        getSignedUrl(
          client,
          new PutObjectCommand({ Bucket: 'uploads', Key: key, ContentLength: 2345, ContentType: 'image/jpeg', ContentMD5: md5, ChecksumSHA256: sha256Base64 }),
          {
            expiresIn: 3600,
            signableHeaders: new Set(['content-length', 'content-type', 'content-md5', 'x-amz-checksum-sha256']),
            unhoistableHeaders: new Set(['x-amz-checksum-sha256']),
          },
        ),
    );
    assert.equal(new URL(handler).searchParams.get('x-endpoint-scheme'), 'other', 'signed through getSignedUrl');
    assert.equal(handler, sdk);
    assertChecksumSignedAsHeader(handler, 'x-amz-checksum-sha256', 'content-length;content-md5;content-type;host;x-amz-checksum-sha256');
  });
});
