/**
 * A `contentMd5` sent with /presign or /multipart/sign-part is signed into the upload URL, so
 * storage itself (a real RGW here) refuses a body whose bytes differ from the digest, and
 * accepts the exact bytes. A malformed digest never reaches storage: 400 with the contract's body.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { initUpload, splitIntoParts, THREE_PART_SIZE } from './support/multipart-client.js';
import { MIB, MOUNT, onBothTransports, randomContent, readObject } from './support/upload-harness.js';

const md5Base64 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');
const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The same bytes with one bit of one byte changed: what a faulty link or proxy delivers. */
function flipOneByte(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  copy[Math.floor(copy.length / 2)]! ^= 0x01;
  return copy;
}

const MALFORMED_DIGESTS: Array<[string, unknown]> = [
  ['hex instead of base64', 'd41d8cd98f00b204e9800998ecf8427e'],
  ['too short', 'ndTkYSaMgDT1yFZOFVxnpg='],
  ['too long', 'ndTkYSaMgDT1yFZOFVxnpg==='],
  ['a SHA-256 in base64', createHash('sha256').update('x').digest('base64')],
  ['two digests', 'ndTkYSaMgDT1yFZOFVxnpg==,ndTkYSaMgDT1yFZOFVxnpg=='],
  ['a header injection', 'ndTkYSaMgDT1yFZOFVx\r\nX:=='],
  ['non-canonical padding bits', 'ndTkYSaMgDT1yFZOFVxnph=='],
  ['base64url alphabet', 'ndTkYSaMgDT1yFZOFVx_pg=='],
  ['a number', 12345],
  ['an object', { md5: 'ndTkYSaMgDT1yFZOFVxnpg==' }],
  ['an empty string', ''],
  ['64 KiB of text', 'A'.repeat(64 * 1024)],
];

describe('Content-MD5 signed into upload URLs', () => {
  onBothTransports((use, storage) => {
    describe('POST /presign', () => {
      const content = randomContent(256 * 1024);
      const file = { name: 'digest.bin', type: 'application/octet-stream', size: content.length, contentMd5: md5Base64(content) };

      it('signs content-md5 into the PUT and asks the client to send it', async () => {
        const { status, body } = await use().post(`${MOUNT}/presign`, file);
        assert.equal(status, 200);
        assert.deepEqual(body.uploadHeaders, {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': 'inline',
          'Cache-Control': 'private',
          'Content-MD5': file.contentMd5,
        });
        assert.deepEqual(new URL(body.uploadUrl).searchParams.get('X-Amz-SignedHeaders')!.split(';'), [
          'cache-control',
          'content-disposition',
          'content-length',
          'content-md5',
          'content-type',
          'host',
        ]);
      });

      it('storage refuses a body with one flipped byte with 400 BadDigest and stores nothing', async () => {
        const { body } = await use().post(`${MOUNT}/presign`, file);
        const put = await fetch(body.uploadUrl, { method: 'PUT', body: Uint8Array.from(flipOneByte(content)), headers: body.uploadHeaders });
        assert.equal(put.status, 400);
        assert.match(await put.text(), /<Code>BadDigest<\/Code>/);
        await assert.rejects(readObject(storage(), body.key), /NoSuchKey|NotFound/);
      });

      it('storage refuses the PUT without the signed Content-MD5 header', async () => {
        const { body } = await use().post(`${MOUNT}/presign`, file);
        const put = await fetch(body.uploadUrl, { method: 'PUT', body: Uint8Array.from(content), headers: { 'Content-Type': file.type } });
        assert.equal(put.status, 403);
      });

      it('storage stores the exact bytes', async () => {
        const { body } = await use().post(`${MOUNT}/presign`, file);
        const put = await fetch(body.uploadUrl, { method: 'PUT', body: Uint8Array.from(content), headers: body.uploadHeaders });
        assert.equal(put.status, 200, await put.text());
        assert.equal(sha256Hex(await readObject(storage(), body.key)), sha256Hex(content));
      });

      it('stores a well-formed metadata.checksumSha256 on the object as x-amz-meta-checksum-sha256, and drops any other value', async () => {
        const checksumSha256 = sha256Hex(content);
        const { body } = await use().post(`${MOUNT}/presign`, { ...file, metadata: { checksumSha256 } });
        assert.deepEqual(
          body.uploadHeaders,
          { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'inline', 'Cache-Control': 'private', 'Content-MD5': file.contentMd5 },
          'no header to send for the metadata',
        );
        const put = await fetch(body.uploadUrl, { method: 'PUT', body: Uint8Array.from(content), headers: body.uploadHeaders });
        assert.equal(put.status, 200, await put.text());
        const head = await storage().client.send(new HeadObjectCommand({ Bucket: storage().bucket, Key: body.key }));
        assert.equal(head.Metadata?.['checksum-sha256'], checksumSha256);
        for (const malformed of [checksumSha256.toUpperCase(), `${checksumSha256}0`, 'x'.repeat(64), 42]) {
          const refused = await use().post(`${MOUNT}/presign`, { ...file, metadata: { checksumSha256: malformed } });
          assert.equal(refused.status, 200);
          assert.equal(new URL(refused.body.uploadUrl).searchParams.has('x-amz-meta-checksum-sha256'), false, String(malformed));
        }
      });

      it('without contentMd5 the PUT is signed as before and a flipped byte is stored', async () => {
        const { contentMd5: _omitted, ...plain } = file;
        const { body } = await use().post(`${MOUNT}/presign`, plain);
        assert.deepEqual(body.uploadHeaders, { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'inline', 'Cache-Control': 'private' });
        const put = await fetch(body.uploadUrl, { method: 'PUT', body: Uint8Array.from(flipOneByte(content)), headers: body.uploadHeaders });
        assert.equal(put.status, 200);
        assert.notEqual(sha256Hex(await readObject(storage(), body.key)), sha256Hex(content));
      });

      for (const [label, contentMd5] of MALFORMED_DIGESTS) {
        it(`400 Invalid content digest for ${label}`, async () => {
          const response = await use().post(`${MOUNT}/presign`, { ...file, contentMd5 });
          assert.equal(response.status, 400);
          assert.deepEqual(response.body, { error: 'Invalid content digest', code: 'BAD_REQUEST' });
        });
      }
    });

    describe('POST /multipart/sign-part', () => {
      const content = randomContent(THREE_PART_SIZE);
      const parts = splitIntoParts(content, 5 * MIB);

      it('signs each part with its digest: a flipped byte is 400 BadDigest, the right bytes complete the object', async () => {
        const init = await initUpload(use(), { name: 'parts.bin', type: 'application/octet-stream', size: content.length });
        const sent = [];
        for (const [offset, bytes] of parts.entries()) {
          const partNumber = offset + 1;
          const contentMd5 = md5Base64(bytes);
          const signed = await use().post(`${MOUNT}/multipart/sign-part`, { token: init.token, partNumber, contentMd5 });
          assert.equal(signed.status, 200, signed.text);
          assert.deepEqual(signed.body.uploadHeaders, { 'Content-MD5': contentMd5 });
          assert.deepEqual(new URL(signed.body.uploadUrl).searchParams.get('X-Amz-SignedHeaders')!.split(';'), ['content-length', 'content-md5', 'host']);
          const flipped = await fetch(signed.body.uploadUrl, { method: 'PUT', body: Uint8Array.from(flipOneByte(bytes)), headers: signed.body.uploadHeaders });
          assert.equal(flipped.status, 400, `part ${partNumber} with a flipped byte`);
          assert.match(await flipped.text(), /<Code>BadDigest<\/Code>/);
          const put = await fetch(signed.body.uploadUrl, { method: 'PUT', body: Uint8Array.from(bytes), headers: signed.body.uploadHeaders });
          assert.equal(put.status, 200, await put.text());
          sent.push({ partNumber, eTag: put.headers.get('etag')! });
        }
        const complete = await use().post(`${MOUNT}/multipart/complete`, { token: init.token, parts: sent });
        assert.equal(complete.status, 200, complete.text);
        assert.equal(sha256Hex(await readObject(storage(), init.key)), sha256Hex(content));
      });

      it('stores the metadata.checksumSha256 sent to /multipart/init on the object', async () => {
        const checksumSha256 = sha256Hex(content);
        const init = await initUpload(use(), {
          name: 'parts.bin',
          type: 'application/octet-stream',
          size: content.length,
          metadata: { checksumSha256 },
        } as never);
        const sent = [];
        for (const [offset, bytes] of parts.entries()) {
          const signed = await use().post(`${MOUNT}/multipart/sign-part`, { token: init.token, partNumber: offset + 1 });
          const put = await fetch(signed.body.uploadUrl, { method: 'PUT', body: Uint8Array.from(bytes) });
          sent.push({ partNumber: offset + 1, eTag: put.headers.get('etag')! });
        }
        assert.equal((await use().post(`${MOUNT}/multipart/complete`, { token: init.token, parts: sent })).status, 200);
        const head = await storage().client.send(new HeadObjectCommand({ Bucket: storage().bucket, Key: init.key }));
        assert.equal(head.Metadata?.['checksum-sha256'], checksumSha256);
      });

      for (const [label, contentMd5] of MALFORMED_DIGESTS) {
        it(`400 Invalid content digest for ${label}`, async () => {
          const init = await initUpload(use(), { name: 'parts.bin', type: 'application/octet-stream', size: content.length });
          const response = await use().post(`${MOUNT}/multipart/sign-part`, { token: init.token, partNumber: 1, contentMd5 });
          assert.equal(response.status, 400);
          assert.deepEqual(response.body, { error: 'Invalid content digest', code: 'BAD_REQUEST' });
          await use().post(`${MOUNT}/multipart/abort`, { token: init.token });
        });
      }
    });
  });
});
