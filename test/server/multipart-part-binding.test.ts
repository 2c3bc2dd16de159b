/**
 * Every part URL accepts exactly one part's bytes, only for part numbers the file has, and only
 * while the token that authorized it is valid. Storage (a real RGW) enforces the signature.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initUpload, sendPart, splitIntoParts, THREE_PART_SIZE } from './support/multipart-client.js';
import { decodeTokenPayload, MIB, MOUNT, onBothTransports, randomContent, readObject, signTokenPayload, type Transport } from './support/upload-harness.js';

const binary = (size: number) => ({ name: 'bound.bin', type: 'application/octet-stream', size });
const now = () => Math.floor(Date.now() / 1000);

describe('multipart part binding', () => {
  async function signPart(transport: Transport, token: string, partNumber: number) {
    return transport.post(`${MOUNT}/multipart/sign-part`, { token, partNumber });
  }

  async function putPart(uploadUrl: string, bytes: Buffer): Promise<number> {
    return (await fetch(uploadUrl, { method: 'PUT', body: Uint8Array.from(bytes) })).status;
  }

  onBothTransports((use, storage) => {
    it('binds the part size in the token and signs Content-Length into every part URL, with no uploadHeaders to set', async () => {
      const init = await initUpload(use(), binary(THREE_PART_SIZE));
      assert.equal(decodeTokenPayload(init.token).ps, init.partSize);
      const signed = await signPart(use(), init.token, 1);
      assert.equal(signed.status, 200);
      assert.deepEqual(Object.keys(signed.body).sort(), ['expiresIn', 'uploadUrl']);
      assert.equal(new URL(signed.body.uploadUrl).searchParams.get('X-Amz-SignedHeaders'), 'content-length;host');
      await use().post(`${MOUNT}/multipart/abort`, { token: init.token });
    });

    it('storage refuses a part body longer or shorter than the part, the last part included (403); exact lengths complete', async (t) => {
      if (!storage().enforcesSignatures) {
        t.skip('this storage checks no signatures');
        return;
      }
      const content = randomContent(THREE_PART_SIZE);
      const init = await initUpload(use(), binary(content.length));
      const chunks = splitIntoParts(content, init.partSize);
      const first = (await signPart(use(), init.token, 1)).body.uploadUrl;
      assert.equal(await putPart(first, randomContent(5 * MIB + 1)), 403, 'one byte too many');
      assert.equal(await putPart(first, randomContent(5 * MIB - 1)), 403, 'one byte short');
      const last = (await signPart(use(), init.token, 3)).body.uploadUrl;
      assert.equal(await putPart(last, randomContent(5 * MIB)), 403, 'a full-size body for the 1 MiB last part');
      assert.equal(await putPart(last, randomContent(MIB - 1)), 403);

      const parts = [];
      for (const [offset, chunk] of chunks.entries()) parts.push(await sendPart(use(), init.token, offset + 1, chunk));
      assert.equal((await use().post(`${MOUNT}/multipart/complete`, { token: init.token, parts })).status, 200);
      assert.ok((await readObject(storage(), init.key)).equals(content));
    });

    it('400 Invalid part number past ceil(size / partSize): a 1-byte file has exactly one part', async () => {
      const three = await initUpload(use(), binary(THREE_PART_SIZE));
      const small = await initUpload(use(), binary(1));
      for (const [token, partNumber] of [
        [three.token, 4],
        [small.token, 2],
        [small.token, 10_000],
      ] as const) {
        const response = await signPart(use(), token, partNumber);
        assert.equal(response.status, 400, `part ${partNumber}`);
        assert.deepEqual(response.body, { error: 'Invalid part number', code: 'BAD_REQUEST' });
      }
      assert.equal((await signPart(use(), three.token, 3)).status, 200);
      for (const init of [three, small]) await use().post(`${MOUNT}/multipart/abort`, { token: init.token });
    });

    it('a 1-byte file: its one part URL refuses 5 MiB (403) and takes the byte', async (t) => {
      if (!storage().enforcesSignatures) {
        t.skip('this storage checks no signatures');
        return;
      }
      const init = await initUpload(use(), binary(1));
      const url = (await signPart(use(), init.token, 1)).body.uploadUrl;
      assert.equal(await putPart(url, randomContent(5 * MIB)), 403);
      const part = await sendPart(use(), init.token, 1, Buffer.from('x'));
      assert.equal((await use().post(`${MOUNT}/multipart/complete`, { token: init.token, parts: [part] })).status, 200);
      assert.equal((await readObject(storage(), init.key)).toString(), 'x');
    });

    it('an empty file is one empty part', async () => {
      const init = await initUpload(use(), binary(0));
      const part = await sendPart(use(), init.token, 1, Buffer.alloc(0));
      assert.equal((await signPart(use(), init.token, 2)).status, 400);
      const complete = await use().post(`${MOUNT}/multipart/complete`, { token: init.token, parts: [part] });
      assert.equal(complete.status, 200, complete.text);
      assert.equal((await readObject(storage(), init.key)).length, 0);
    });

    it('403 Invalid upload token / malformed on sign-part for a token that binds no part size', async () => {
      const init = await initUpload(use(), binary(6 * MIB));
      const { ps: _dropped, ...unbound } = decodeTokenPayload(init.token);
      const response = await signPart(use(), signTokenPayload(unbound), 1);
      assert.equal(response.status, 403);
      assert.deepEqual(response.body, { error: 'Invalid upload token', code: 'malformed' });
      await use().post(`${MOUNT}/multipart/abort`, { token: init.token });
    });

    it('a part URL never outlives its token: expiresIn and X-Amz-Expires are the token time left', async () => {
      const init = await initUpload(use(), binary(6 * MIB));
      const payload = decodeTokenPayload(init.token);
      const expiresAt = now() + 120;
      const shortLived = signTokenPayload({ ...payload, exp: expiresAt });
      const signedFrom = now();
      const response = await signPart(use(), shortLived, 1);
      const signedUntil = now();
      assert.equal(response.status, 200);
      const { expiresIn, uploadUrl } = response.body;
      assert.ok(expiresIn <= expiresAt - signedFrom && expiresIn >= expiresAt - signedUntil, `expiresIn ${expiresIn}`);
      assert.equal(new URL(uploadUrl).searchParams.get('X-Amz-Expires'), String(expiresIn));

      const freshFrom = now();
      const fresh = await signPart(use(), init.token, 1);
      const freshUntil = now();
      assert.ok(fresh.body.expiresIn <= Math.min(3600, payload.exp - freshFrom) && fresh.body.expiresIn >= Math.min(3600, payload.exp - freshUntil));
      await use().post(`${MOUNT}/multipart/abort`, { token: init.token });
    });
  });
});
