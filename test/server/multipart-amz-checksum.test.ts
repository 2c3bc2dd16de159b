/**
 * `storage.checksumAlgorithm` for multipart uploads, observed on the wire. A fault proxy sits
 * between the handler (and the part PUTs) and a real Ceph RGW, and records each request's headers
 * and the body of CompleteMultipartUpload. RGW neither checks `x-amz-checksum-*` nor lists part
 * digests (AWS S3 does both), so what is proven here is what the handler asks of storage: the
 * algorithm at CreateMultipartUpload, each part URL signed with its digest as a header (a PUT
 * without it is refused, 403), and every part's digest named again at CompleteMultipartUpload.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { startFaultProxy, type FaultProxy, type FaultRule } from '../support/fault-proxy.mjs';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { digestOf, type Algorithm } from './support/amz-digests.js';
import { splitIntoParts } from './support/multipart-client.js';
import {
  createTestHandler,
  decodeTokenPayload,
  inProcess,
  MIB,
  MOUNT,
  randomContent,
  readObject,
  signTokenPayload,
  uniqueName,
  type Transport,
} from './support/upload-harness.js';

const md5Base64 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');
const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const signedHeaders = (uploadUrl: string) => new URL(uploadUrl).searchParams.get('X-Amz-SignedHeaders')!.split(';');
const INVALID_DIGEST = { error: 'Invalid content digest', code: 'BAD_REQUEST' };

/** Two full parts' worth is not needed: one 5 MiB part and a short tail make storage keep two parts. */
const content = randomContent(5 * MIB + 4099);
const parts = splitIntoParts(content, 5 * MIB);

const MALFORMED: Array<[string, unknown]> = [
  ['an unknown algorithm', { algorithm: 'MD5', value: 'ndTkYSaMgDT1yFZOFVxnpg==' }],
  ['a CRC32 of 5 bytes', { algorithm: 'CRC32C', value: 'AAAAAAA=' }],
  ['non-canonical padding bits', { algorithm: 'CRC32C', value: 'AAAAAB==' }],
  ['a header injection', { algorithm: 'CRC32C', value: 'AA\r\nX:==' }],
  ['a string', 'AAAAAA=='],
  ['64 KiB of text', { algorithm: 'CRC32C', value: 'A'.repeat(64 * 1024) }],
];

interface Scenario {
  proxy: FaultProxy;
  transport: Transport;
}

describe('storage.checksumAlgorithm on multipart uploads', () => {
  let storage: TestStorage;
  const opened: Scenario[] = [];

  before(async () => {
    storage = await getTestStorage();
  });
  after(async () => {
    await Promise.all(opened.map(({ proxy, transport }) => Promise.all([proxy.close(), transport.close()])));
  });

  /** A handler whose storage endpoint is a recording proxy in front of the test RGW. */
  async function scenario(checksumAlgorithm: Algorithm | undefined, rules: FaultRule[] = []): Promise<Scenario> {
    const proxy = await startFaultProxy(storage.endpoint, rules);
    const handler = await createTestHandler({
      storage: { ...storage.storageConfig(), endpoint: proxy.endpoint, ...(checksumAlgorithm ? { checksumAlgorithm } : {}) },
    });
    const opening = { proxy, transport: inProcess(handler) };
    opened.push(opening);
    return opening;
  }

  async function init(transport: Transport, body: Record<string, unknown> = {}) {
    const response = await transport.post(`${MOUNT}/multipart/init`, {
      name: uniqueName('amz-multipart'),
      type: 'application/octet-stream',
      size: content.length,
      ...body,
    });
    assert.equal(response.status, 200, response.text);
    return response.body as { key: string; token: string; partSize: number; checksumAlgorithm?: string };
  }

  /** Signs part `index + 1` with its MD5 and its digest in `algorithm`. */
  function signPart(transport: Transport, token: string, index: number, algorithm: Algorithm) {
    const bytes = parts[index]!;
    return transport.post(`${MOUNT}/multipart/sign-part`, {
      token,
      partNumber: index + 1,
      contentMd5: md5Base64(bytes),
      checksum: { algorithm, value: digestOf(algorithm, bytes) },
    });
  }

  async function putPart(uploadUrl: string, headers: Record<string, string>, index: number): Promise<Response> {
    return fetch(uploadUrl, { method: 'PUT', body: Uint8Array.from(parts[index]!), headers });
  }

  async function openUploads(key: string): Promise<string[]> {
    const listing = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: key }));
    return (listing.Uploads ?? []).map((upload) => upload.UploadId!);
  }

  for (const algorithm of ['CRC32', 'CRC32C', 'SHA256'] as const) {
    const header = `x-amz-checksum-${algorithm.toLowerCase()}`;
    it(`${algorithm}: opened with the algorithm, each part URL signed with its digest, every digest named at complete; the bucket holds the file`, async () => {
      const { proxy, transport } = await scenario(algorithm);
      const upload = await init(transport, { checksumAlgorithm: algorithm });
      assert.equal(upload.checksumAlgorithm, algorithm);
      assert.equal(decodeTokenPayload(upload.token).ca, algorithm);
      const create = proxy.log.indexOf('handler create');
      assert.ok(create >= 0, proxy.log.join(', '));
      assert.equal(proxy.headers[create]!['x-amz-checksum-algorithm'], algorithm);
      assert.equal(proxy.headers[create]!['x-amz-checksum-type'], 'COMPOSITE');

      const completed: Array<{ partNumber: number; eTag: string; checksum: { algorithm: Algorithm; value: string } }> = [];
      for (const index of parts.keys()) {
        const signed = await signPart(transport, upload.token, index, algorithm);
        assert.equal(signed.status, 200, signed.text);
        const value = digestOf(algorithm, parts[index]!);
        assert.deepEqual(signed.body.uploadHeaders, { 'Content-MD5': md5Base64(parts[index]!), [header]: value });
        assert.deepEqual(signedHeaders(signed.body.uploadUrl), ['content-length', 'content-md5', 'host', header]);
        // A header, not a query parameter: S3 checks the digest only where it is a header.
        assert.equal(new URL(signed.body.uploadUrl).searchParams.has(header), false);
        if (index === parts.length - 1) {
          // On the short tail: storage refuses a large body before reading it, and the
          // connection it drops could fail the next request sent over it.
          const { [header]: _left, ...withoutChecksum } = signed.body.uploadHeaders as Record<string, string>;
          const refused = await putPart(signed.body.uploadUrl, withoutChecksum, index);
          await refused.arrayBuffer();
          assert.equal(refused.status, 403, 'storage refuses the part without its signed digest');
        }
        const put = await putPart(signed.body.uploadUrl, signed.body.uploadHeaders, index);
        assert.equal(put.status, 200, await put.text());
        completed.push({ partNumber: index + 1, eTag: put.headers.get('etag')!, checksum: { algorithm, value } });
      }

      const done = await transport.post(`${MOUNT}/multipart/complete`, { token: upload.token, parts: completed });
      assert.equal(done.status, 200, done.text);
      const completeBody = proxy.bodies[proxy.log.indexOf('handler complete')]!;
      for (const part of completed) {
        assert.match(
          completeBody,
          new RegExp(
            `<Part><ETag>[^<]*</ETag><Checksum${algorithm}>${part.checksum.value.replace(/[+/]/g, '\\$&')}</Checksum${algorithm}><PartNumber>${part.partNumber}</PartNumber></Part>`,
          ),
        );
      }
      assert.equal(sha256Hex(await readObject(storage, upload.key)), sha256Hex(content));
      assert.deepEqual(await openUploads(upload.key), []);
    });
  }

  it("a checksumAlgorithm other than the bucket's opens the upload without one; a part checksum is then refused", async () => {
    const { proxy, transport } = await scenario('SHA256');
    const upload = await init(transport, { checksumAlgorithm: 'CRC32C' });
    assert.equal(upload.checksumAlgorithm, undefined);
    assert.equal(decodeTokenPayload(upload.token).ca, undefined);
    assert.equal(proxy.headers[proxy.log.indexOf('handler create')]!['x-amz-checksum-algorithm'], undefined);
    const signed = await signPart(transport, upload.token, 0, 'CRC32C');
    assert.equal(signed.status, 400);
    assert.deepEqual(signed.body, INVALID_DIGEST);
    const plain = await transport.post(`${MOUNT}/multipart/sign-part`, { token: upload.token, partNumber: 1, contentMd5: md5Base64(parts[0]!) });
    assert.equal(plain.status, 200, plain.text);
    assert.deepEqual(plain.body.uploadHeaders, { 'Content-MD5': md5Base64(parts[0]!) });
  });

  it('without storage.checksumAlgorithm the upload is opened without one', async () => {
    const { proxy, transport } = await scenario(undefined);
    const upload = await init(transport, { checksumAlgorithm: 'CRC32' });
    assert.equal(upload.checksumAlgorithm, undefined);
    assert.equal(proxy.headers[proxy.log.indexOf('handler create')]!['x-amz-checksum-algorithm'], undefined);
  });

  for (const value of ['MD5', 'crc32', 42, ['CRC32'], 'CRC32'.repeat(10_000)]) {
    it(`init: 400 Invalid content digest for checksumAlgorithm ${JSON.stringify(value).slice(0, 24)}`, async () => {
      const { transport } = await scenario('CRC32');
      const response = await transport.post(`${MOUNT}/multipart/init`, { name: 'x.bin', type: '', size: content.length, checksumAlgorithm: value });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, INVALID_DIGEST);
    });
  }

  describe('sign-part and complete refuse digests that do not fit the upload', () => {
    let transport: Transport;
    let token: string;
    before(async () => {
      ({ transport } = await scenario('CRC32C'));
      ({ token } = await init(transport, { checksumAlgorithm: 'CRC32C' }));
    });

    for (const [label, checksum] of MALFORMED) {
      it(`sign-part: 400 for ${label}`, async () => {
        const response = await transport.post(`${MOUNT}/multipart/sign-part`, { token, partNumber: 1, checksum });
        assert.equal(response.status, 400);
        assert.deepEqual(response.body, INVALID_DIGEST);
      });
    }

    it("sign-part: 400 for a digest in another algorithm than the upload's", async () => {
      const response = await signPart(transport, token, 0, 'CRC32');
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, INVALID_DIGEST);
    });

    it("sign-part: 400 when the part's digest is missing", async () => {
      const response = await transport.post(`${MOUNT}/multipart/sign-part`, { token, partNumber: 1, contentMd5: md5Base64(parts[0]!) });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, INVALID_DIGEST);
    });

    for (const [label, checksum] of [...MALFORMED, ['a missing digest', undefined] as [string, unknown]]) {
      it(`complete: 400 for ${label} on a part`, async () => {
        const response = await transport.post(`${MOUNT}/multipart/complete`, { token, parts: [{ partNumber: 1, eTag: '"abc"', checksum }] });
        assert.equal(response.status, 400);
        assert.deepEqual(response.body, INVALID_DIGEST);
      });
    }

    it('a token whose signed checksum algorithm is unknown is malformed', async () => {
      const forged = signTokenPayload({ ...decodeTokenPayload(token), ca: 'MD5' });
      const response = await signPart(transport, forged, 0, 'CRC32C');
      assert.equal(response.status, 403);
      assert.deepEqual(response.body, { error: 'Invalid upload token', code: 'malformed' });
    });
  });

  it('a token without an algorithm (an upload opened without one) refuses part digests at complete too', async () => {
    const { transport } = await scenario('CRC32');
    const upload = await init(transport);
    assert.equal(upload.checksumAlgorithm, undefined);
    const response = await transport.post(`${MOUNT}/multipart/complete`, {
      token: upload.token,
      parts: [{ partNumber: 1, eTag: '"abc"', checksum: { algorithm: 'CRC32', value: digestOf('CRC32', parts[0]!) } }],
    });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, INVALID_DIGEST);
  });

  it('complete reads 10,000 parts with a SHA-256 each (about 1.4 MiB), and refuses a body above 2 MiB', async () => {
    const { transport } = await scenario('SHA256');
    const { token } = await init(transport, { checksumAlgorithm: 'SHA256' });
    const checksum = { algorithm: 'SHA256', value: digestOf('SHA256', parts[0]!) };
    const entries = Array.from({ length: 10_000 }, (_, index) => ({ partNumber: index + 1, eTag: `"${'0'.repeat(32)}"`, checksum }));
    const body = JSON.stringify({ token, parts: entries });
    assert.ok(body.length > 1024 * 1024 && body.length < 2 * 1024 * 1024, String(body.length));
    const listed = await transport.post(`${MOUNT}/multipart/complete`, body);
    // Read and checked against storage's listing, where these parts do not exist.
    assert.equal(listed.status, 400, listed.text);
    assert.deepEqual(listed.body, { error: 'Invalid parts list', code: 'BAD_REQUEST' });
    const tooLarge = await transport.post(`${MOUNT}/multipart/complete`, JSON.stringify({ token, parts: entries, padding: 'x'.repeat(1024 * 1024) }));
    assert.equal(tooLarge.status, 400);
    assert.deepEqual(tooLarge.body, { error: 'Invalid JSON body', code: 'BAD_REQUEST' });
  });

  describe('resume', () => {
    async function uploadFirstPart(transport: Transport, algorithm: Algorithm) {
      const upload = await init(transport, { checksumAlgorithm: algorithm });
      const signed = await signPart(transport, upload.token, 0, algorithm);
      const put = await putPart(signed.body.uploadUrl, signed.body.uploadHeaders, 0);
      assert.equal(put.status, 200);
      return { upload, eTag: put.headers.get('etag')! };
    }

    it('names the algorithm; a part carries no digest when storage lists none (Ceph RGW), and the token keeps the algorithm', async () => {
      const { transport } = await scenario('SHA256');
      const { upload, eTag } = await uploadFirstPart(transport, 'SHA256');
      const resumed = await transport.post(`${MOUNT}/multipart/resume`, { token: upload.token });
      assert.equal(resumed.status, 200, resumed.text);
      assert.equal(resumed.body.checksumAlgorithm, 'SHA256');
      assert.deepEqual(resumed.body.parts, [{ partNumber: 1, eTag, size: parts[0]!.length }]);
      assert.equal(decodeTokenPayload(resumed.body.token).ca, 'SHA256');
    });

    it('returns the digests storage lists (as AWS S3 lists them), and complete refuses a part named with another digest', async () => {
      const value = digestOf('CRC32C', parts[0]!);
      const { transport } = await scenario('CRC32C', [
        { match: 'list-parts', fault: 'list-checksums', checksums: { 1: { algorithm: 'CRC32C', value } }, times: 2 },
      ]);
      const { upload, eTag } = await uploadFirstPart(transport, 'CRC32C');
      const resumed = await transport.post(`${MOUNT}/multipart/resume`, { token: upload.token });
      assert.equal(resumed.status, 200, resumed.text);
      assert.deepEqual(resumed.body.parts, [{ partNumber: 1, eTag, size: parts[0]!.length, checksum: { algorithm: 'CRC32C', value } }]);

      const other = digestOf('CRC32C', parts[1]!);
      const refused = await transport.post(`${MOUNT}/multipart/complete`, {
        token: resumed.body.token,
        parts: [{ partNumber: 1, eTag, checksum: { algorithm: 'CRC32C', value: other } }],
      });
      assert.equal(refused.status, 400, refused.text);
      assert.deepEqual(refused.body, { error: 'Invalid parts list', code: 'BAD_REQUEST' });
      await transport.post(`${MOUNT}/multipart/abort`, { token: resumed.body.token });
    });
  });
});
