/**
 * The tokens' signature is HMAC-SHA-256 of the payload part, base64url: computed here by Web
 * Crypto, independently of the handler's own HMAC. Instances of one deployment run different
 * releases during a rolling update, and a token one issued must verify on the others: a token
 * signed this way is accepted, and the handler's tokens carry exactly this signature.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCompletionTokenCodec } from '../../server/internal/completion-token.js';
import { createUploadTokenCodec } from '../../server/internal/upload-token.js';

const SECRET = 'a-signing-secret-shared-by-every-instance';
const OLDER = 'the-secret-before-the-last-rotation';
const issuedAt = 1_900_000_000;

function base64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

async function webCryptoSignature(secret: string, encodedPayload: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(encodedPayload))));
}

/** A token as Web Crypto signs it: `base64url(JSON) + "." + base64url(HMAC)`. */
async function webCryptoToken(secret: string, payload: object): Promise<string> {
  const encodedPayload = base64Url(new TextEncoder().encode(JSON.stringify(payload)));
  return `${encodedPayload}.${await webCryptoSignature(secret, encodedPayload)}`;
}

describe('token signatures are HMAC-SHA-256 as Web Crypto computes it', () => {
  it('a multipart upload token: the handler signs what Web Crypto signs, and verifies a Web Crypto token under either secret', async () => {
    const codec = createUploadTokenCodec([SECRET, OLDER]);
    const claims = { key: 'anon/7c1e/video.mp4', uploadId: 'upload-7', userId: 'user-1', minSize: 10, maxSize: 10, expiresAt: issuedAt + 60, issuedAt };
    const token = await codec.sign(claims);
    const [encodedPayload, signature] = token.split('.') as [string, string];
    assert.equal(signature, await webCryptoSignature(SECRET, encodedPayload));

    const payload = { k: 'anon/7c1e/other.mp4', u: 'upload-8', uid: null, smin: 5, smax: 5, exp: issuedAt + 60, iat: issuedAt };
    for (const secret of [SECRET, OLDER]) {
      assert.deepEqual(await codec.verify(await webCryptoToken(secret, payload), { now: issuedAt }), {
        key: 'anon/7c1e/other.mp4',
        uploadId: 'upload-8',
        userId: null,
        minSize: 5,
        maxSize: 5,
        expiresAt: issuedAt + 60,
        issuedAt,
      });
    }
    await assert.rejects(codec.verify(await webCryptoToken('a-secret-no-instance-holds', payload), { now: issuedAt }), { code: 'bad_signature' });
  });

  it('a completion token: the same', async () => {
    const codec = createCompletionTokenCodec([SECRET]);
    const claims = { key: 'anon/9d0f/photo.jpg', uploadId: 'single-1', userId: null, size: 1234, type: 'image/jpeg', expiresAt: issuedAt + 60, issuedAt };
    const token = await codec.sign(claims);
    const [encodedPayload, signature] = token.split('.') as [string, string];
    assert.equal(signature, await webCryptoSignature(SECRET, encodedPayload));
    const payload = { typ: 'put', k: claims.key, u: claims.uploadId, uid: null, s: 1234, t: 'image/jpeg', exp: issuedAt + 60, iat: issuedAt };
    assert.deepEqual(await codec.verify(await webCryptoToken(SECRET, payload), { now: issuedAt }), claims);
  });
});
