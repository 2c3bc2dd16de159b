/**
 * Rotating the upload-token secret: the first secret of a list signs, every one verifies, so the
 * uploads in flight survive the switch.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createUploadHandler, isUpupError, type UploadHandlerConfig } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { initUpload, sendPart, splitIntoParts, THREE_PART_SIZE } from './support/multipart-client.js';
import {
  bothTransports,
  closeAll,
  createTestHandler,
  decodeTokenPayload,
  MOUNT,
  randomContent,
  readObject,
  signTokenPayload,
  type Transport,
} from './support/upload-harness.js';

const OLD_SECRET = 'the-secret-before-rotation';
const NEW_SECRET = 'the-secret-after-rotation!';
const UNKNOWN_SECRET = 'a-secret-this-server-never-had';
const binary = (size: number) => ({ name: 'rotated.bin', type: 'application/octet-stream', size });
const BAD_SIGNATURE = { error: 'Invalid upload token', code: 'bad_signature' };

function constructionMessage(uploadTokenSecret: unknown): string {
  const storage = { type: 's3', bucket: 'uploads', region: 'us-east-1' };
  try {
    createUploadHandler({ storage, uploadTokenSecret } as UploadHandlerConfig);
  } catch (error) {
    assert.ok(isUpupError(error));
    assert.equal(error.code, 'CONFIG_ERROR');
    return error.message;
  }
  return assert.fail('construction succeeded');
}

describe('uploadTokenSecret rotation', () => {
  let storage: TestStorage;
  const handlers: Record<string, Transport[]> = {};

  before(async () => {
    storage = await getTestStorage();
    handlers.before = await bothTransports(await createTestHandler({ uploadTokenSecret: OLD_SECRET }));
    handlers.rotating = await bothTransports(
      await createTestHandler({ uploadTokenSecret: [NEW_SECRET, OLD_SECRET], health: { exposeSecretFingerprint: true } }),
    );
    handlers.after = await bothTransports(await createTestHandler({ uploadTokenSecret: [NEW_SECRET] }));
  });
  after(() => closeAll(Object.values(handlers).flat()));

  it('refuses an empty list and any list entry shorter than 16 characters, naming its position', () => {
    assert.match(constructionMessage([]), /uploadTokenSecret must not be an empty list/);
    assert.match(constructionMessage([NEW_SECRET, 'too-short']), /uploadTokenSecret\[1\] must be a string of at least 16 characters/);
    assert.match(constructionMessage([42]), /uploadTokenSecret\[0\]/);
    assert.match(constructionMessage(12345678901234568), /uploadTokenSecret must be a string of at least 16 characters or a non-empty list/);
  });

  for (const index of [0, 1]) {
    describe(index === 0 ? 'in-process' : 'http', () => {
      const use = (name: string) => handlers[name]![index]!;

      it('a token signed with the old secret still completes after rotation; new tokens are signed with the first secret', async () => {
        const content = randomContent(THREE_PART_SIZE);
        const init = await initUpload(use('before'), binary(content.length));
        const chunks = splitIntoParts(content, init.partSize);
        const parts = [await sendPart(use('before'), init.token, 1, chunks[0]!)];
        // The server restarts with the new secret first and the old one kept for verification.
        parts.push(await sendPart(use('rotating'), init.token, 2, chunks[1]!));
        const resumed = await use('rotating').post(`${MOUNT}/multipart/resume`, { token: init.token });
        assert.equal(resumed.status, 200, resumed.text);
        assert.equal(resumed.body.token, signTokenPayload(decodeTokenPayload(resumed.body.token), NEW_SECRET), 're-issued under the new secret');
        parts.push(await sendPart(use('after'), resumed.body.token, 3, chunks[2]!));
        const complete = await use('rotating').post(`${MOUNT}/multipart/complete`, { token: init.token, parts });
        assert.equal(complete.status, 200, complete.text);
        assert.ok((await readObject(storage, init.key)).equals(content));
      });

      it('403 bad_signature for a token from a secret the server does not hold, and for old tokens once the old secret is dropped', async () => {
        const init = await initUpload(use('before'), binary(10));
        const unknown = signTokenPayload(decodeTokenPayload(init.token), UNKNOWN_SECRET);
        assert.deepEqual((await use('rotating').post(`${MOUNT}/multipart/sign-part`, { token: unknown, partNumber: 1 })).body, BAD_SIGNATURE);
        assert.deepEqual((await use('after').post(`${MOUNT}/multipart/sign-part`, { token: init.token, partNumber: 1 })).body, BAD_SIGNATURE);
        await use('before').post(`${MOUNT}/multipart/abort`, { token: init.token });
      });

      it('health fingerprints the signing secret, the first of the list', async () => {
        const health = await use('rotating').send(`${MOUNT}/health`);
        assert.equal(health.body.checks.config, 'ok');
        assert.equal(health.body.uploadTokenFingerprint, createHash('sha256').update(NEW_SECRET).digest('hex').slice(0, 8));
      });
    });
  }
});
