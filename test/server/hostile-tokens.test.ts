/**
 * Hostile upload tokens and multipart continuations: bit flips, truncation, base64 padding and
 * alphabet tricks, another upload's or another user's token, expired tokens; sign-part, complete,
 * abort and resume on finished and aborted uploads; complete with duplicate, unsorted, missing and
 * extra parts and hostile ETags. Each answer is the contract's, and afterwards the bucket holds
 * exactly the objects that were completed and no open upload.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { UploadHandler } from '../../server/index.js';
import { getTestStorage } from '../support/storage.js';
import { sendPart, splitIntoParts, THREE_PART_SIZE, type SentPart } from './support/multipart-client.js';
import { APP, assertRefusal, createHostileHandler, hostileUser, MOUNT } from './support/hostile-harness.js';
import { decodeTokenPayload, inProcess, randomContent, readObject, signTokenPayload, type Transport } from './support/upload-harness.js';

const CONTINUATIONS = ['/multipart/sign-part', '/multipart/complete', '/multipart/abort', '/multipart/resume'] as const;
const refused = (code: string) => ({ error: 'Invalid upload token', code });
const INVALID_PARTS = { error: 'Invalid parts list', code: 'BAD_REQUEST' };
const DEAD_UPLOAD = { error: 'Multipart upload no longer exists', code: 'NOT_FOUND' };
const NOT_OWNER = { error: 'Upload token does not belong to the current user', code: 'AUTH_DENIED' };

/** A small seeded generator (mulberry32): the same flips on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function flipBit(text: string, random: () => number): string {
  const bytes = Buffer.from(text, 'base64url');
  const bit = Math.floor(random() * bytes.length * 8);
  bytes[bit >> 3]! ^= 1 << (bit & 7);
  return bytes.toString('base64url');
}

describe('hostile upload tokens', () => {
  const user = hostileUser();
  const completedKeys: string[] = [];
  let handler: UploadHandler;
  let transport: Transport;
  const headers = (who: string | undefined = user) => ({ origin: APP, ...(who ? { 'x-user': who } : {}) });
  const post = (path: string, body: unknown, who?: string) => transport.post(MOUNT + path, body, headers(who));
  const init = async (size: number) => {
    const response = await post('/multipart/init', { name: 'f.txt', type: 'text/plain', size });
    assert.equal(response.status, 200, response.text);
    return response.body as { key: string; uploadId: string; token: string; partSize: number };
  };
  /** Every continuation with `token`, each answered exactly `body` with `status`. */
  const expectEverywhere = async (token: unknown, status: number, body: Record<string, unknown>, label: string, who?: string) => {
    for (const path of CONTINUATIONS) {
      assertRefusal(await post(path, { token, partNumber: 1, parts: [{ partNumber: 1, eTag: '"x"' }] }, who), status, body, `${label} on ${path}`);
    }
  };

  before(async () => {
    handler = await createHostileHandler();
    transport = inProcess(handler);
  });
  after(async () => {
    const storage = await getTestStorage();
    const objects = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `${user}/` }));
    assert.deepEqual((objects.Contents ?? []).map((object) => object.Key).sort(), [...completedKeys].sort(), 'exactly the completed objects');
    const uploads = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: `${user}/` }));
    assert.deepEqual(uploads.Uploads ?? [], [], 'no open upload left');
  });

  it('refuses seeded bit flips anywhere in the payload or the signature as bad_signature', async () => {
    const { token } = await init(10);
    const [payload, signature] = token.split('.') as [string, string];
    const random = seededRandom(20_261_125);
    for (let flip = 0; flip < 24; flip += 1) {
      const tampered = flip % 2 === 0 ? `${flipBit(payload, random)}.${signature}` : `${payload}.${flipBit(signature, random)}`;
      await expectEverywhere(tampered, 403, refused('bad_signature'), `flip ${flip}`);
    }
    assert.equal((await post('/multipart/abort', { token })).status, 200);
  });

  it('refuses truncated, padded, re-alphabeted and re-encoded tokens', async () => {
    const { token } = await init(10);
    const [payload, signature] = token.split('.') as [string, string];
    const malformed = [
      '',
      '.',
      `${payload}.`,
      `.${signature}`,
      payload,
      `${payload}.${signature}.`,
      `${payload}.${signature}.${signature}`,
      `${payload}=.${signature}`,
      `${payload}.${signature}=`,
      `${payload}==.${signature}==`,
      `${payload}.${signature}%3D`,
      `${payload.replace(/-/g, '+').replace(/_/g, '/')}+/.${signature}`,
      ` ${token}`,
      `${token}\n`,
      `${payload}.\u0000${signature}`,
      `${payload}.${signature}\u00e9`,
      token.slice(0, payload.length - 3),
      'a'.repeat(5000),
      `${'a'.repeat(4000)}.${'b'.repeat(100)}`,
    ];
    for (const variant of malformed) await expectEverywhere(variant, 403, refused('malformed'), JSON.stringify(variant.slice(0, 30)));
    for (const variant of [null, 42, true, [token], { token }])
      await expectEverywhere(variant, 403, refused('malformed'), JSON.stringify(variant).slice(0, 30));
    const badSignature = [
      token.slice(0, -1),
      token.slice(0, -5),
      `${payload}.${signature.slice(0, 10)}`,
      `${payload}.${signature}A`,
      // The same claims, encoded again with other spacing: the signature covers the text, not the claims.
      `${Buffer.from(JSON.stringify(decodeTokenPayload(token), null, 1)).toString('base64url')}.${signature}`,
      signTokenPayload({ ...decodeTokenPayload(token), smax: 1e12 }, 'a-secret-that-is-not-the-servers'),
    ];
    for (const variant of badSignature) await expectEverywhere(variant, 403, refused('bad_signature'), variant.slice(-20));
    assert.equal((await post('/multipart/abort', { token })).status, 200, 'the genuine token still works');
  });

  it('binds a token to its owner: another user, or nobody, gets 403 AUTH_DENIED', async () => {
    const { token } = await init(10);
    await expectEverywhere(token, 403, NOT_OWNER, 'another user', hostileUser());
    await expectEverywhere(token, 403, NOT_OWNER, 'no user', '');
    assert.equal((await post('/multipart/abort', { token })).status, 200);
  });

  it('refuses an expired token everywhere but resume, and resume past its window', async () => {
    const { token } = await init(10);
    const claims = decodeTokenPayload(token);
    const now = Math.floor(Date.now() / 1000);
    const expired = signTokenPayload({ ...claims, exp: now - 5 });
    for (const path of ['/multipart/sign-part', '/multipart/complete', '/multipart/abort']) {
      assertRefusal(
        await post(path, { token: expired, partNumber: 1, parts: [{ partNumber: 1, eTag: '"x"' }] }),
        403,
        refused('expired'),
        `expired on ${path}`,
      );
    }
    const resumed = await post('/multipart/resume', { token: expired });
    assert.equal(resumed.status, 200, `an expired token resumes inside the window: ${resumed.text}`);
    const outsideWindow = signTokenPayload({ ...claims, exp: now - 5, iat: now - 86_400 - 5 });
    assertRefusal(
      await post('/multipart/resume', { token: outsideWindow }),
      403,
      { error: 'Upload resume window has expired', code: 'expired' },
      'resume past the window',
    );
    assert.equal((await post('/multipart/abort', { token: (resumed.body as { token: string }).token })).status, 200);
  });

  it("never lets one upload's token reach another upload's parts", async () => {
    const first = await init(10);
    const second = await init(10);
    const part = await sendPart(transport, first.token, 1, randomContent(10), headers());
    assertRefusal(
      await post('/multipart/complete', { token: second.token, parts: [part] }),
      400,
      INVALID_PARTS,
      "the first upload's part with the second token",
    );
    const signed = await post('/multipart/sign-part', { token: second.token, partNumber: 1 });
    assert.equal(signed.status, 200);
    assert.ok((signed.body as { uploadUrl: string }).uploadUrl.includes(encodeURIComponent(second.uploadId)), "the URL is the second upload's");
    assert.ok(!(signed.body as { uploadUrl: string }).uploadUrl.includes(encodeURIComponent(first.uploadId)));
    const completed = await post('/multipart/complete', { token: first.token, parts: [part] });
    assert.equal(completed.status, 200, completed.text);
    completedKeys.push(first.key);
    assert.equal((await post('/multipart/abort', { token: second.token })).status, 200);
  });

  it('answers continuations of an aborted upload as the contract says, and stores nothing', async () => {
    const { token } = await init(10);
    assert.deepEqual((await post('/multipart/abort', { token })).body, { ok: true });
    assert.deepEqual((await post('/multipart/abort', { token })).body, { ok: true }, 'a repeated abort is harmless');
    assertRefusal(await post('/multipart/complete', { token, parts: [{ partNumber: 1, eTag: '"x"' }] }), 404, DEAD_UPLOAD, 'complete after abort');
    assertRefusal(await post('/multipart/resume', { token }), 404, DEAD_UPLOAD, 'resume after abort');
    // Signing needs no storage call; storage itself refuses the part of an upload it no longer has.
    const signed = await post('/multipart/sign-part', { token, partNumber: 1 });
    assert.equal(signed.status, 200);
    const put = await fetch((signed.body as { uploadUrl: string }).uploadUrl, { method: 'PUT', body: new Uint8Array(10) });
    assert.equal(put.status, 404, 'storage refuses a part of an aborted upload');
  });

  it('answers continuations of a completed upload without touching its object', async () => {
    const { key, token } = await init(10);
    const content = randomContent(10);
    const part = await sendPart(transport, token, 1, content, headers());
    const first = await post('/multipart/complete', { token, parts: [part] });
    assert.equal(first.status, 200, first.text);
    completedKeys.push(key);
    const repeated = await post('/multipart/complete', { token, parts: [part] });
    assert.equal(repeated.status, 200, 'a repeated complete answers like the first');
    assert.equal((repeated.body as { key: string }).key, key);
    assertRefusal(await post('/multipart/resume', { token }), 404, DEAD_UPLOAD, 'resume after complete');
    assert.deepEqual((await post('/multipart/abort', { token })).body, { ok: true });
    const signed = await post('/multipart/sign-part', { token, partNumber: 1 });
    const put = await fetch((signed.body as { uploadUrl: string }).uploadUrl, { method: 'PUT', body: new Uint8Array(10) });
    assert.equal(put.status, 404, 'storage refuses a part of a completed upload');
    assert.deepEqual(await readObject(await getTestStorage(), key), content, 'the object is intact');
  });

  it('refuses duplicate, extra and hostile-ETag parts lists, keeps the upload, and completes unsorted lists', async () => {
    const { key, token, partSize } = await init(THREE_PART_SIZE);
    const content = randomContent(THREE_PART_SIZE);
    const parts: SentPart[] = [];
    for (const [index, bytes] of splitIntoParts(content, partSize).entries()) parts.push(await sendPart(transport, token, index + 1, bytes, headers()));
    const [one, two, three] = parts as [SentPart, SentPart, SentPart];
    const hostileLists: [string, unknown][] = [
      ['duplicate', [one, one, two, three]],
      ['extra part never sent', [one, two, three, { partNumber: 4, eTag: three.eTag }]],
      ["another part's ETag", [{ partNumber: 1, eTag: two.eTag }, two, three]],
      ['XML in the ETag', [{ partNumber: 1, eTag: '"</ETag></Part><Part><PartNumber>2</PartNumber><ETag>x"' }, two, three]],
      ['entity in the ETag', [{ partNumber: 1, eTag: '&amp;&lt;' }, two, three]],
      ['only quotes', [{ partNumber: 1, eTag: '""' }, two, three]],
      ['very long ETag', [{ partNumber: 1, eTag: `"${'a'.repeat(5000)}"` }, two, three]],
      ['part number as text', [{ partNumber: '1', eTag: one.eTag }, two, three]],
      ['fractional part number', [{ partNumber: 1.5, eTag: one.eTag }, two, three]],
      ['part 0', [{ partNumber: 0, eTag: one.eTag }, two, three]],
      ['part 10001', [one, two, three, { partNumber: 10_001, eTag: one.eTag }]],
      ['__proto__ entries', JSON.parse(`[{"__proto__": {"partNumber": 1, "eTag": ${JSON.stringify(one.eTag)}}}]`)],
    ];
    for (const [label, list] of hostileLists) assertRefusal(await post('/multipart/complete', { token, parts: list }), 400, INVALID_PARTS, label);
    const completed = await post('/multipart/complete', { token, parts: [three, one, two] });
    assert.equal(completed.status, 200, completed.text);
    completedKeys.push(key);
    assert.deepEqual(await readObject(await getTestStorage(), key), content, 'the parts in their own order');
  });

  it('aborts an upload completed with parts missing, as outside the signed envelope', async () => {
    const { token, partSize } = await init(THREE_PART_SIZE);
    const [first, second] = splitIntoParts(randomContent(THREE_PART_SIZE), partSize);
    const parts = [await sendPart(transport, token, 1, first!, headers()), await sendPart(transport, token, 2, second!, headers())];
    assertRefusal(await post('/multipart/complete', { token, parts }), 403, { error: 'Upload size outside signed envelope' }, 'a part missing');
    assertRefusal(await post('/multipart/resume', { token }), 404, DEAD_UPLOAD, 'the upload is gone');
  });
});

describe('hostile completion tokens on /complete', () => {
  const user = hostileUser();
  let transport: Transport;
  const headers = (who: string | undefined = user) => ({ origin: APP, ...(who ? { 'x-user': who } : {}) });
  const post = (path: string, body: unknown, who?: string) => transport.post(MOUNT + path, body, headers(who));
  /** A completion token whose PUT was never sent: every refusal below must come before storage. */
  const presign = async () => {
    const response = await post('/presign', { name: 'f.txt', type: 'text/plain', size: 10 });
    assert.equal(response.status, 200, response.text);
    return response.body as { key: string; completionToken: string; uploadUrl: string };
  };

  before(async () => {
    transport = inProcess(await createHostileHandler());
  });
  after(async () => {
    const storage = await getTestStorage();
    const objects = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `${user}/` }));
    assert.deepEqual(objects.Contents ?? [], [], 'nothing stored');
  });

  it('refuses bit flips, truncation and re-encoding as the multipart routes do', async () => {
    const { completionToken: token } = await presign();
    const [payload, signature] = token.split('.') as [string, string];
    const random = seededRandom(20_261_126);
    for (let flip = 0; flip < 24; flip += 1) {
      const tampered = flip % 2 === 0 ? `${flipBit(payload, random)}.${signature}` : `${payload}.${flipBit(signature, random)}`;
      assertRefusal(await post('/complete', { token: tampered }), 403, refused('bad_signature'), `flip ${flip}`);
    }
    for (const variant of ['', '.', `${payload}.`, payload, `${token}.${signature}`, `${payload}=.${signature}`, ` ${token}`, 'a'.repeat(40_000)]) {
      assertRefusal(await post('/complete', { token: variant }), 403, refused('malformed'), JSON.stringify(variant.slice(0, 30)));
    }
    for (const variant of [null, 42, true, [token], { token }])
      assertRefusal(await post('/complete', { token: variant }), 403, refused('malformed'), JSON.stringify(variant).slice(0, 30));
    assertRefusal(await post('/complete', {}), 403, refused('malformed'), 'no token');
    const foreign = signTokenPayload(decodeTokenPayload(token), 'a-secret-that-is-not-the-servers');
    assertRefusal(await post('/complete', { token: foreign }), 403, refused('bad_signature'), 'another secret');
  });

  it('binds the token to its owner and its expiry', async () => {
    const { completionToken: token } = await presign();
    assertRefusal(await post('/complete', { token }, hostileUser()), 403, NOT_OWNER, 'another user');
    assertRefusal(await post('/complete', { token }, ''), 403, NOT_OWNER, 'no user');
    const expired = signTokenPayload({ ...decodeTokenPayload(token), exp: Math.floor(Date.now() / 1000) - 5 });
    assertRefusal(await post('/complete', { token: expired }), 403, refused('expired'), 'expired');
    assertRefusal(await post('/complete', { token }), 404, { error: 'Upload not found', code: 'NOT_FOUND' }, 'the genuine token, nothing PUT');
  });

  it('never takes a multipart token for a completion token, nor the other way round', async () => {
    const init = await post('/multipart/init', { name: 'f.txt', type: 'text/plain', size: 10 });
    const multipartToken = (init.body as { token: string }).token;
    assertRefusal(await post('/complete', { token: multipartToken }), 403, refused('malformed'), 'a multipart token on /complete');
    const { completionToken } = await presign();
    for (const path of CONTINUATIONS) {
      assertRefusal(
        await post(path, { token: completionToken, partNumber: 1, parts: [{ partNumber: 1, eTag: '"x"' }] }),
        403,
        refused('malformed'),
        `a completion token on ${path}`,
      );
    }
    assert.equal((await post('/multipart/abort', { token: multipartToken })).status, 200);
  });
});
