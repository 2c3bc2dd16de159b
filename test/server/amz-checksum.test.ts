/**
 * `storage.checksumAlgorithm`: the `checksum` a client sends with /presign is signed into the PUT
 * URL as `x-amz-checksum-<algorithm>` and returned in `uploadHeaders`. This RGW does not check
 * the header's value (AWS S3 does), so what is proven here is the signature: the header is among
 * the signed ones, storage accepts the PUT that carries it and refuses the one that leaves it out,
 * and the stored bytes are the file's. Content-MD5 is what proves storage enforcement elsewhere.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { createUploadHandler } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { crc32c, digestOf, type Algorithm } from './support/amz-digests.js';
import { createTestHandler, inProcess, MOUNT, randomContent, readObject, TEST_SECRET, type Transport } from './support/upload-harness.js';

const md5Base64 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');
const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const signedHeaders = (uploadUrl: string) => new URL(uploadUrl).searchParams.get('X-Amz-SignedHeaders')!.split(';');

const MALFORMED: Array<[string, unknown]> = [
  ['an unknown algorithm', { algorithm: 'MD5', value: 'ndTkYSaMgDT1yFZOFVxnpg==' }],
  ['a lower-case algorithm', { algorithm: 'crc32', value: 'AAAAAA==' }],
  ['a CRC32 of 5 bytes', { algorithm: 'CRC32', value: 'AAAAAAA=' }],
  ['a SHA256 value for CRC32C', { algorithm: 'CRC32C', value: createHash('sha256').update('x').digest('base64') }],
  ['non-canonical padding bits', { algorithm: 'CRC32', value: 'AAAAAB==' }],
  ['a header injection', { algorithm: 'CRC32', value: 'AA\r\nX:==' }],
  ['hex', { algorithm: 'SHA256', value: createHash('sha256').update('x').digest('hex') }],
  ['a string', 'AAAAAA=='],
  ['an array', [{ algorithm: 'CRC32', value: 'AAAAAA==' }]],
  ['null', null],
  ['64 KiB of text', { algorithm: 'SHA256', value: 'A'.repeat(64 * 1024) }],
];

describe('storage.checksumAlgorithm: x-amz-checksum-* signed into single-PUT URLs', () => {
  let storage: TestStorage;
  const transports = new Map<Algorithm | 'none', Transport>();
  const content = randomContent(256 * 1024);
  const file = { name: 'checksummed.bin', type: 'application/octet-stream', size: content.length, contentMd5: md5Base64(content) };

  before(async () => {
    storage = await getTestStorage();
    for (const algorithm of ['CRC32', 'CRC32C', 'SHA256'] as const) {
      transports.set(algorithm, inProcess(await createTestHandler({ storage: { ...storage.storageConfig(), checksumAlgorithm: algorithm } })));
    }
    transports.set('none', inProcess(await createTestHandler()));
  });
  after(() => Promise.all([...transports.values()].map((transport) => transport.close())));

  it('the test digests match published check values for "123456789"', () => {
    const check = new TextEncoder().encode('123456789');
    assert.equal(crc32(check), 0xcbf43926);
    assert.equal(crc32c(check), 0xe3069283);
  });

  for (const algorithm of ['CRC32', 'CRC32C', 'SHA256'] as const) {
    const header = `x-amz-checksum-${algorithm.toLowerCase()}`;
    describe(algorithm, () => {
      it(`signs ${header} with Content-MD5, returns it in uploadHeaders, and storage stores the exact bytes`, async () => {
        const checksum = { algorithm, value: digestOf(algorithm, content) };
        const { status, body } = await transports.get(algorithm)!.post(`${MOUNT}/presign`, { ...file, checksum });
        assert.equal(status, 200);
        assert.deepEqual(body.uploadHeaders, {
          'Content-Type': file.type,
          'Content-Disposition': 'inline',
          'Cache-Control': 'private',
          'Content-MD5': file.contentMd5,
          [header]: checksum.value,
        });
        assert.deepEqual(signedHeaders(body.uploadUrl), [
          'cache-control',
          'content-disposition',
          'content-length',
          'content-md5',
          'content-type',
          'host',
          header,
        ]);
        const put = await fetch(body.uploadUrl, { method: 'PUT', body: Uint8Array.from(content), headers: body.uploadHeaders });
        assert.equal(put.status, 200, await put.text());
        assert.equal(sha256Hex(await readObject(storage, body.key)), sha256Hex(content));
      });

      it(`storage refuses the PUT that leaves ${header} out (403)`, async () => {
        const checksum = { algorithm, value: digestOf(algorithm, content) };
        const { body } = await transports.get(algorithm)!.post(`${MOUNT}/presign`, { ...file, checksum });
        const { [header]: _left, ...headers } = body.uploadHeaders as Record<string, string>;
        const put = await fetch(body.uploadUrl, { method: 'PUT', body: Uint8Array.from(content), headers });
        assert.equal(put.status, 403);
        await assert.rejects(readObject(storage, body.key), /NoSuchKey|NotFound/);
      });
    });
  }

  it('a checksum in another algorithm than the bucket is configured for is not signed', async () => {
    const { status, body } = await transports
      .get('SHA256')!
      .post(`${MOUNT}/presign`, { ...file, checksum: { algorithm: 'CRC32', value: digestOf('CRC32', content) } });
    assert.equal(status, 200);
    assert.deepEqual(body.uploadHeaders, {
      'Content-Type': file.type,
      'Content-Disposition': 'inline',
      'Cache-Control': 'private',
      'Content-MD5': file.contentMd5,
    });
    assert.deepEqual(signedHeaders(body.uploadUrl), ['cache-control', 'content-disposition', 'content-length', 'content-md5', 'content-type', 'host']);
  });

  it('without storage.checksumAlgorithm the checksum is not signed', async () => {
    const { status, body } = await transports
      .get('none')!
      .post(`${MOUNT}/presign`, { ...file, checksum: { algorithm: 'SHA256', value: digestOf('SHA256', content) } });
    assert.equal(status, 200);
    assert.deepEqual(body.uploadHeaders, {
      'Content-Type': file.type,
      'Content-Disposition': 'inline',
      'Cache-Control': 'private',
      'Content-MD5': file.contentMd5,
    });
  });

  for (const [label, checksum] of MALFORMED) {
    it(`400 Invalid content digest for ${label}`, async () => {
      const response = await transports.get('CRC32')!.post(`${MOUNT}/presign`, { ...file, checksum });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, { error: 'Invalid content digest', code: 'BAD_REQUEST' });
    });
  }

  it('refuses a checksumAlgorithm it does not know when the handler is created', () => {
    assert.throws(
      () =>
        createUploadHandler({
          storage: { ...storage.storageConfig(), checksumAlgorithm: 'MD5' as never },
          uploadTokenSecret: TEST_SECRET,
          allowAnonymousUploads: true,
        }),
      /checksumAlgorithm must be "CRC32", "CRC32C" or "SHA256"/,
    );
  });
});
