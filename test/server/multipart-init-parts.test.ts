/**
 * `signParts` of /multipart/init: the answer carries the first part URLs, signed as
 * /multipart/sign-part signs them, so a client's first PUTs need no sign-part round trip.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { splitIntoParts, THREE_PART_SIZE } from './support/multipart-client.js';
import {
  closeAll,
  createTestHandler,
  inProcess,
  MIB,
  MOUNT,
  overHttp,
  randomContent,
  readObject,
  uniqueName,
  type Transport,
} from './support/upload-harness.js';

const INVALID_METADATA = { error: 'Invalid file metadata', code: 'BAD_REQUEST' };
const binary = (size: number) => ({ name: uniqueName('init-parts'), type: 'application/octet-stream', size });

describe('POST /multipart/init with signParts', () => {
  let storage: TestStorage;
  const transports: Transport[] = [];
  const hookSaw: unknown[] = [];

  before(async () => {
    storage = await getTestStorage();
    const seeingHook = await createTestHandler({
      hooks: {
        onPresignResponse: (payload, ctx) => {
          if (ctx.phase === 'multipart-init') hookSaw.push(payload);
        },
      },
    });
    transports.push(inProcess(seeingHook), await overHttp(seeingHook));
    const withChecksum = await createTestHandler({ storage: { ...storage.storageConfig(), checksumAlgorithm: 'CRC32C' } });
    transports.push(inProcess(withChecksum));
  });
  after(() => closeAll(transports));

  const handler = () => transports[0]!;

  it('answers the first N part URLs; they PUT into the bucket and the upload completes with the exact bytes', async () => {
    const content = randomContent(THREE_PART_SIZE);
    const init = await handler().post(`${MOUNT}/multipart/init`, { ...binary(content.length), signParts: 3 });
    assert.equal(init.status, 200, init.text);
    const { key, token, parts } = init.body;
    assert.deepEqual(
      parts.map((part: { partNumber: number }) => part.partNumber),
      [1, 2, 3],
    );
    const bodies = splitIntoParts(content, 5 * MIB);
    const completed = [];
    for (const part of parts) {
      assert.equal(part.expiresIn, 3600);
      assert.equal(part.uploadHeaders, undefined, 'no digest, no header to send');
      assert.deepEqual(new URL(part.uploadUrl).searchParams.get('X-Amz-SignedHeaders'), 'content-length;host');
      const put = await fetch(part.uploadUrl, { method: 'PUT', body: Uint8Array.from(bodies[part.partNumber - 1]!) });
      assert.equal(put.status, 200, await put.text());
      completed.push({ partNumber: part.partNumber, eTag: put.headers.get('etag') });
    }
    const complete = await handler().post(`${MOUNT}/multipart/complete`, { token, parts: completed });
    assert.equal(complete.status, 200, complete.text);
    assert.ok((await readObject(storage, key)).equals(content));
    const open = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: key }));
    assert.equal(open.Uploads?.length ?? 0, 0);
  });

  it('a part URL is bound to its part length, as sign-part binds it: the wrong part is refused', async () => {
    const content = randomContent(THREE_PART_SIZE);
    const init = await transports[1]!.post(`${MOUNT}/multipart/init`, { ...binary(content.length), signParts: 3 });
    assert.equal(init.status, 200, init.text);
    const tailUrl = init.body.parts[2].uploadUrl;
    const put = await fetch(tailUrl, { method: 'PUT', body: Uint8Array.from(content.subarray(0, 5 * MIB)) });
    assert.equal(put.status, 403, 'a full 5 MiB body on the 1 MiB tail URL');
    await transports[1]!.post(`${MOUNT}/multipart/abort`, { token: init.body.token });
  });

  it('signParts above the part count gives the part count', async () => {
    const init = await handler().post(`${MOUNT}/multipart/init`, { ...binary(THREE_PART_SIZE), signParts: 16 });
    assert.equal(init.status, 200, init.text);
    assert.deepEqual(
      init.body.parts.map((part: { partNumber: number }) => part.partNumber),
      [1, 2, 3],
    );
    const empty = await handler().post(`${MOUNT}/multipart/init`, { ...binary(0), signParts: 4 });
    assert.deepEqual(
      empty.body.parts.map((part: { partNumber: number }) => part.partNumber),
      [1],
      'an empty file is one empty part',
    );
    await Promise.all([init, empty].map((answer) => handler().post(`${MOUNT}/multipart/abort`, { token: answer.body.token })));
  });

  for (const [label, value] of [
    ['0', 0],
    ['17', 17],
    ['a fraction', 2.5],
    ['a string', '3'],
    ['null', null],
    ['an array', [3]],
    ['NaN as text', 'NaN'],
  ] as const) {
    it(`signParts ${label}: 400 Invalid file metadata`, async () => {
      const answer = await handler().post(`${MOUNT}/multipart/init`, { ...binary(THREE_PART_SIZE), signParts: value });
      assert.equal(answer.status, 400);
      assert.deepEqual(answer.body, INVALID_METADATA);
    });
  }

  it('no parts when the upload is opened with a checksum algorithm (each part URL needs its digest)', async () => {
    const init = await transports[2]!.post(`${MOUNT}/multipart/init`, { ...binary(THREE_PART_SIZE), checksumAlgorithm: 'CRC32C', signParts: 3 });
    assert.equal(init.status, 200, init.text);
    assert.equal(init.body.checksumAlgorithm, 'CRC32C');
    assert.equal('parts' in init.body, false);
    await transports[2]!.post(`${MOUNT}/multipart/abort`, { token: init.body.token });
  });

  it('without signParts the answer has no parts, exactly the fields it always had', async () => {
    const init = await handler().post(`${MOUNT}/multipart/init`, binary(THREE_PART_SIZE));
    assert.equal(init.status, 200, init.text);
    assert.deepEqual(Object.keys(init.body).sort(), ['expiresIn', 'key', 'partSize', 'token', 'uploadId']);
    await handler().post(`${MOUNT}/multipart/abort`, { token: init.body.token });
  });

  it('the multipart-init payload hook sees the parts', async () => {
    hookSaw.length = 0;
    const init = await handler().post(`${MOUNT}/multipart/init`, { ...binary(THREE_PART_SIZE), signParts: 2 });
    assert.equal(hookSaw.length, 1);
    assert.equal((hookSaw[0] as { parts: unknown[] }).parts.length, 2);
    assert.deepEqual((hookSaw[0] as { parts: unknown[] }).parts, init.body.parts);
    await handler().post(`${MOUNT}/multipart/abort`, { token: init.body.token });
  });
});
