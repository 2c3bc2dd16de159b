/**
 * `hooks.verifyUpload`: the host's verdict on a stored object before it counts. Refused objects
 * are deleted and answered 403; a verdict that fails keeps the object and is asked again on the
 * repeat; a slow verdict (a virus scan) is waited for while another instance's repeat waits too;
 * and the quarantine recipe moves accepted files out of `quarantine/` and refuses the EICAR file.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createUploadHandler, UpupError, type UploadHandlerConfig, type VerifyUploadContext } from '../../../server/index.js';
import { getTestStorage, type TestStorage } from '../../support/storage.js';
import { MIB } from '../support/upload-harness.js';
import { listKeys, MOUNT, randomContent, readObject, TEST_SECRET } from '../support/upload-harness.js';
import { createHookRecorder, putMultipart, putSingle, serveTracked, type TrackedServer } from './support.js';

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const REJECTED = { error: 'Upload rejected' };

describe('hooks.verifyUpload', () => {
  let storage: TestStorage;
  const recorder = createHookRecorder();
  const servers: TrackedServer[] = [];
  let verdict: (upload: VerifyUploadContext) => unknown = () => true;
  const seen: VerifyUploadContext[] = [];

  async function serve(overrides: Partial<UploadHandlerConfig> = {}): Promise<TrackedServer> {
    const server = await serveTracked(
      createUploadHandler({
        storage: storage.storageConfig(),
        uploadTokenSecret: TEST_SECRET,
        allowAnonymousUploads: true,
        hooks: {
          ...recorder.hooks,
          verifyUpload: async (upload) => {
            seen.push(upload);
            return verdict(upload) as boolean;
          },
          onError: () => undefined,
        },
        ...overrides,
      }),
    );
    servers.push(server);
    return server;
  }

  const exists = (key: string) =>
    storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key })).then(
      () => true,
      () => false,
    );

  before(async () => {
    storage = await getTestStorage();
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('false: the object is deleted, 403 Upload rejected, no hook, and the same 403 on a repeat (single and multipart)', async () => {
    const server = await serve();
    verdict = () => false;
    const single = await putSingle(server, randomContent(50));
    const refused = await server.post(`${MOUNT}/complete`, { token: single.completionToken });
    assert.deepEqual([refused.status, refused.body], [403, REJECTED]);
    assert.equal(await exists(single.key), false);
    const again = await server.post(`${MOUNT}/complete`, { token: single.completionToken });
    assert.deepEqual([again.status, again.body], [403, REJECTED]);

    const multipart = await putMultipart(server, randomContent(6 * MIB));
    const refusedMultipart = await server.post(`${MOUNT}/multipart/complete`, { token: multipart.token, parts: multipart.parts });
    assert.deepEqual([refusedMultipart.status, refusedMultipart.body], [403, REJECTED]);
    assert.equal(await exists(multipart.key), false);
    const againMultipart = await server.post(`${MOUNT}/multipart/complete`, { token: multipart.token, parts: multipart.parts });
    assert.deepEqual([againMultipart.status, againMultipart.body], [403, REJECTED]);
    assert.equal(recorder.count(single.key) + recorder.count(multipart.key), 0);
  });

  it('sees the stored upload: key, size, type, user, metadata, source, upload id and bucket', async () => {
    const server = await serve();
    verdict = () => true;
    seen.length = 0;
    const single = await putSingle(server, randomContent(50), { metadata: { purpose: 'avatar' } });
    assert.equal((await server.post(`${MOUNT}/complete`, { token: single.completionToken })).status, 200);
    const [upload] = seen;
    assert.equal(upload!.key, single.key);
    assert.equal(upload!.size, 50);
    assert.equal(upload!.type, 'text/plain');
    assert.equal(upload!.userId, null);
    assert.deepEqual(upload!.metadata, { purpose: 'avatar' });
    assert.equal(upload!.source, 'single');
    assert.match(upload!.uploadId, /^[0-9a-f]{32}$/);
    assert.equal(upload!.storage.bucket, storage.bucket);
    assert.ok(upload!.etag);
  });

  it('an UpupError refuses with its message, code and 4xx status (403 when it has none)', async () => {
    const server = await serve();
    verdict = () => {
      throw new UpupError('File is encrypted', 'ENCRYPTED_FILE', { status: 422 });
    };
    const first = await putSingle(server, randomContent(50));
    const refused = await server.post(`${MOUNT}/complete`, { token: first.completionToken });
    assert.deepEqual([refused.status, refused.body], [422, { error: 'File is encrypted', code: 'ENCRYPTED_FILE' }]);
    verdict = () => {
      throw new UpupError('Quota exceeded', 'QUOTA');
    };
    const second = await putSingle(server, randomContent(50));
    const quota = await server.post(`${MOUNT}/complete`, { token: second.completionToken });
    assert.deepEqual([quota.status, quota.body], [403, { error: 'Quota exceeded', code: 'QUOTA' }]);
    assert.equal(await exists(first.key), false);
    assert.equal(await exists(second.key), false);
  });

  it('a verdict that fails (a scanner outage) keeps the object, answers 500, and is asked again on the repeat', async () => {
    const server = await serve();
    let outage = true;
    verdict = () => {
      if (outage) throw new Error('scanner unreachable');
      return true;
    };
    seen.length = 0;
    const single = await putSingle(server, randomContent(50));
    const failed = await server.post(`${MOUNT}/complete`, { token: single.completionToken });
    assert.deepEqual([failed.status, failed.body], [500, { error: 'Internal error', code: 'STORAGE_ERROR' }]);
    assert.equal(await exists(single.key), true, 'a good file is not deleted because the scanner failed');
    verdict = () => undefined;
    const undecided = await server.post(`${MOUNT}/complete`, { token: single.completionToken });
    assert.equal(undecided.status, 500, 'a verdict that is neither true nor false is not an acceptance');
    outage = false;
    verdict = () => true;
    const completed = await server.post(`${MOUNT}/complete`, { token: single.completionToken });
    assert.equal(completed.status, 200, completed.text);
    assert.equal(seen.length, 3);
    assert.equal(recorder.count(single.key), 1);
  });

  it('a 3 s check is waited for; a repeat on another instance meanwhile waits for it, and the hooks run once', { timeout: 60_000 }, async () => {
    const instanceA = await serve({ completion: { leaseSeconds: 1 } });
    const instanceB = await serve({ completion: { leaseSeconds: 1 } });
    let checks = 0;
    let checking: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      checking = resolve;
    });
    verdict = async () => {
      checks += 1;
      checking();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return true;
    };
    const single = await putSingle(instanceA, randomContent(50));
    const firstAnswer = instanceA.post(`${MOUNT}/complete`, { token: single.completionToken });
    await started;
    // The lease is 1 s and the check 3 s: only renewals keep the claim from being taken over.
    const repeat = await instanceB.post(`${MOUNT}/complete`, { token: single.completionToken });
    const first = await firstAnswer;
    assert.equal(first.status, 200, first.text);
    assert.equal(repeat.status, 200, repeat.text);
    assert.equal(checks, 1);
    assert.equal(recorder.count(single.key), 1);
  });

  it('the quarantine recipe: uploads land under quarantine/, the verdict scans and moves them; the EICAR file is refused', async () => {
    const s3 = new S3Client({ ...storage.storageConfig(), requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
    const folder = `recipe-${randomUUID().slice(0, 8)}`;
    const server = await serve({
      keyStrategy: ({ safeName }) => `${folder}/quarantine/${randomUUID()}/${safeName}`,
    });
    verdict = async (upload) => {
      const object = await s3.send(new GetObjectCommand({ Bucket: upload.storage.bucket, Key: upload.key, IfMatch: upload.etag }));
      if ((await object.Body!.transformToString('latin1')).includes(EICAR)) return false;
      const accepted = upload.key.replace('/quarantine/', '/files/');
      // CopySourceIfMatch: exactly the bytes that were scanned, even if the client PUT again since.
      await s3.send(
        new CopyObjectCommand({
          Bucket: upload.storage.bucket,
          Key: accepted,
          CopySource: `${upload.storage.bucket}/${encodeURI(upload.key)}`,
          CopySourceIfMatch: upload.etag,
        }),
      );
      await s3.send(new DeleteObjectCommand({ Bucket: upload.storage.bucket, Key: upload.key }));
      return { key: accepted };
    };
    const clean = await putSingle(server, Buffer.from('a clean file'));
    const infected = await putSingle(server, Buffer.from(`prefix ${EICAR} suffix`));
    const accepted = await server.post(`${MOUNT}/complete`, { token: clean.completionToken });
    assert.equal(accepted.status, 200, accepted.text);
    assert.match(accepted.body.key, new RegExp(`^${folder}/files/`));
    assert.equal(Buffer.from(await (await fetch(accepted.body.downloadUrl)).arrayBuffer()).toString(), 'a clean file');
    const refused = await server.post(`${MOUNT}/complete`, { token: infected.completionToken });
    assert.deepEqual([refused.status, refused.body], [403, REJECTED]);
    assert.deepEqual(await listKeys(storage, `${folder}/quarantine/`), [], 'nothing left in quarantine');
    assert.deepEqual(await listKeys(storage, `${folder}/files/`), [accepted.body.key], 'only the clean file was moved');
    assert.equal((await readObject(storage, accepted.body.key)).toString(), 'a clean file');
    assert.equal(recorder.count(accepted.body.key), 1, 'onFileUploaded names the key the file was moved to');
    assert.equal(recorder.count(clean.key), 0);
    const again = await server.post(`${MOUNT}/complete`, { token: clean.completionToken });
    assert.deepEqual([again.status, again.body.key], [200, accepted.body.key], 'a repeat answers the moved key');
  });
});
