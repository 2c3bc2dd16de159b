/**
 * Verification remembers the HMACs of genuine payloads (a multipart upload presents one token per
 * part). Remembering must never loosen the check: a payload seen with a genuine signature is still
 * refused with any other signature, and an expired token is still expired.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUploadTokenCodec, type UploadTokenClaims } from '../../server/internal/upload-token.js';

const SIGNING = 'the-signing-secret-of-this-server';
const OLDER = 'an-older-secret-still-verifying';
const FOREIGN = 'a-secret-this-server-never-held';
const issuedAt = 1_900_000_000;
const claims: UploadTokenClaims = {
  key: 'anon/6f2a/video.mp4',
  uploadId: 'upload-1',
  userId: null,
  minSize: 100,
  maxSize: 100,
  expiresAt: issuedAt + 3600,
  issuedAt,
  partSize: 50,
  uploadNonce: 'nonce-1',
};

async function refusalCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return assert.fail('the token was accepted');
}

function flipLastCharacter(token: string): string {
  const last = token.at(-1)!;
  return `${token.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
}

describe('upload token verification, repeated', () => {
  it('a genuine token verifies every time it is presented, with the same claims', async () => {
    const codec = createUploadTokenCodec([SIGNING]);
    const token = await codec.sign(claims);
    for (let attempt = 0; attempt < 3; attempt += 1) assert.deepEqual(await codec.verify(token, { now: issuedAt }), claims);
  });

  it('after a genuine token verified, its payload with another signature is refused as bad_signature', async () => {
    const codec = createUploadTokenCodec([SIGNING, OLDER]);
    const token = await codec.sign(claims);
    await codec.verify(token, { now: issuedAt });
    const [payload] = token.split('.');
    const foreignSigned = await createUploadTokenCodec([FOREIGN]).sign(claims);
    assert.equal(foreignSigned.split('.')[0], payload);
    assert.equal(await refusalCode(codec.verify(foreignSigned, { now: issuedAt })), 'bad_signature');
    assert.equal(await refusalCode(codec.verify(flipLastCharacter(token), { now: issuedAt })), 'bad_signature');
    assert.equal(await refusalCode(codec.verify(`${payload}.`, { now: issuedAt })), 'malformed');
    assert.deepEqual(await codec.verify(token, { now: issuedAt }), claims);
  });

  it('a token of the older secret keeps verifying, and a remembered payload still expires', async () => {
    const codec = createUploadTokenCodec([SIGNING, OLDER]);
    const olderToken = await createUploadTokenCodec([OLDER]).sign(claims);
    assert.deepEqual(await codec.verify(olderToken, { now: issuedAt }), claims);
    assert.deepEqual(await codec.verify(olderToken, { now: issuedAt + 10 }), claims);
    assert.equal(await refusalCode(codec.verify(olderToken, { now: claims.expiresAt })), 'expired');
    assert.deepEqual(await codec.verify(olderToken, { now: claims.expiresAt, acceptExpired: true }), claims);
  });

  it('a forged token presented first does not make the genuine one fail, nor the reverse', async () => {
    const codec = createUploadTokenCodec([SIGNING]);
    const token = await codec.sign(claims);
    const forged = flipLastCharacter(token);
    assert.equal(await refusalCode(codec.verify(forged, { now: issuedAt })), 'bad_signature');
    assert.deepEqual(await codec.verify(token, { now: issuedAt }), claims);
    assert.equal(await refusalCode(codec.verify(forged, { now: issuedAt })), 'bad_signature');
  });
});
