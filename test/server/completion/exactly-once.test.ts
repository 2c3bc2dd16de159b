/**
 * The after-commit hooks run exactly once for every stored object: a small file and a multipart
 * file, an answer lost after the request was sent, a client cut off while storage commits, two
 * completes at once on one handler and on two handlers sharing the bucket, a claim another
 * instance still holds, and one whose holder died. Afterwards every object the suite stored had
 * exactly one `onFileUploaded` and one `onUploadComplete`, and no hook named an object that is not
 * stored.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { createUploadHandler, type UploadHandlerConfig } from '../../../server/index.js';
import { markerKeyFor } from '../../../server/internal/completion/marker-store.js';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy.mjs';
import { getTestStorage, type TestStorage } from '../../support/storage.js';
import { THREE_PART_SIZE } from '../support/multipart-client.js';
import { decodeTokenPayload, MOUNT, randomContent, readObject, TEST_SECRET } from '../support/upload-harness.js';
import { createHookRecorder, leaveWhileHeld, postAndLeave, putMultipart, putSingle, serveTracked, type TrackedServer } from './support.js';

const prefix = `once-${randomUUID().slice(0, 8)}`;
const MARKER_PREFIX = '.svc-uploader/completions/';

describe('after-commit hooks, exactly once per stored object', () => {
  let storage: TestStorage;
  const recorder = createHookRecorder();
  let verdicts = 0;
  /** Two handlers with the same configuration and storage: two instances behind a load balancer. */
  let first: TrackedServer;
  let second: TrackedServer;
  const servers: TrackedServer[] = [];
  const proxies: FaultProxy[] = [];

  function config(overrides: Partial<UploadHandlerConfig> = {}): UploadHandlerConfig {
    return {
      storage: storage.storageConfig(),
      uploadTokenSecret: TEST_SECRET,
      allowAnonymousUploads: true,
      keyStrategy: ({ safeName }) => `${prefix}/${randomUUID()}/${safeName}`,
      hooks: {
        ...recorder.hooks,
        // A verdict that takes a moment, so a second request arrives while the first holds the claim.
        verifyUpload: async () => {
          verdicts += 1;
          await new Promise((resolve) => setTimeout(resolve, 200));
          return true;
        },
        onError: () => undefined,
      },
      completion: { leaseSeconds: 2 },
      ...overrides,
    };
  }

  async function serve(handlerConfig: UploadHandlerConfig): Promise<TrackedServer> {
    const server = await serveTracked(createUploadHandler(handlerConfig));
    servers.push(server);
    return server;
  }

  before(async () => {
    storage = await getTestStorage();
    first = await serve(config());
    second = await serve(config());
  });

  after(async () => {
    await Promise.all(servers.map((server) => server.idle()));
    await Promise.all([...servers.map((server) => server.close()), ...proxies.map((proxy) => proxy.close())]);
    const listing = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `${prefix}/` }));
    const stored = (listing.Contents ?? []).map((object) => object.Key!).sort();
    assert.ok(stored.length >= 10, `the scenarios stored their objects (${stored.length})`);
    for (const key of stored) {
      assert.equal(recorder.count(key, 'onFileUploaded'), 1, `onFileUploaded once for ${key}`);
      assert.equal(recorder.count(key, 'onUploadComplete'), 1, `onUploadComplete once for ${key}`);
    }
    const named = [...new Set(recorder.events.map((event) => event.file.key))].sort();
    assert.deepEqual(named, stored, 'no hook for an object that is not stored');
  });

  it('a small file: presign, PUT, /complete', async () => {
    const upload = await putSingle(first, randomContent(100));
    const response = await first.post(`${MOUNT}/complete`, { token: upload.completionToken });
    assert.equal(response.status, 200, response.text);
    assert.equal(recorder.count(upload.key), 1);
  });

  it('a multipart file', async () => {
    const upload = await putMultipart(first, randomContent(THREE_PART_SIZE));
    const response = await first.post(`${MOUNT}/multipart/complete`, { token: upload.token, parts: upload.parts });
    assert.equal(response.status, 200, response.text);
    assert.equal(recorder.count(upload.key), 1);
    assert.equal(recorder.events.find((event) => event.file.key === upload.key)!.file.uploadId, upload.uploadId);
  });

  it('an answer lost after the request was sent, then the repeat', async () => {
    const single = await putSingle(first, randomContent(100));
    const multipart = await putMultipart(first, randomContent(THREE_PART_SIZE));
    await postAndLeave(first, '/complete', { token: single.completionToken });
    await postAndLeave(first, '/multipart/complete', { token: multipart.token, parts: multipart.parts });
    const [singleAgain, multipartAgain] = await Promise.all([
      first.post(`${MOUNT}/complete`, { token: single.completionToken }),
      first.post(`${MOUNT}/multipart/complete`, { token: multipart.token, parts: multipart.parts }),
    ]);
    assert.equal(singleAgain.status, 200, singleAgain.text);
    assert.equal(multipartAgain.status, 200, multipartAgain.text);
    await first.idle();
    assert.equal(recorder.count(single.key), 1);
    assert.equal(recorder.count(multipart.key), 1);
  });

  it('the client cut off while storage commits: the commit completes and the hooks run; the repeat answers 200', async () => {
    const proxy = await startFaultProxy(storage.storageConfig().endpoint, [{ match: 'complete', side: 'handler', fault: 'hold-answer' }]);
    proxies.push(proxy);
    const cutServer = await serve(config({ storage: { ...storage.storageConfig(), endpoint: proxy.endpoint } }));
    const upload = await putMultipart(cutServer, randomContent(THREE_PART_SIZE));
    // Storage has committed and its answer is held; then the client leaves.
    await leaveWhileHeld(cutServer, proxy, '/multipart/complete', { token: upload.token, parts: upload.parts });
    assert.equal(recorder.count(upload.key), 1, 'the hooks ran for the object the cut request committed');
    const again = await cutServer.post(`${MOUNT}/multipart/complete`, { token: upload.token, parts: upload.parts });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.key, upload.key);
    assert.deepEqual(await readObject(storage, upload.key), upload.content);
    assert.equal(recorder.count(upload.key), 1);
  });

  it('two completes at once on one handler', async () => {
    const single = await putSingle(first, randomContent(100));
    const multipart = await putMultipart(first, randomContent(THREE_PART_SIZE));
    const answers = await Promise.all([
      first.post(`${MOUNT}/complete`, { token: single.completionToken }),
      first.post(`${MOUNT}/complete`, { token: single.completionToken }),
      first.post(`${MOUNT}/multipart/complete`, { token: multipart.token, parts: multipart.parts }),
      first.post(`${MOUNT}/multipart/complete`, { token: multipart.token, parts: multipart.parts }),
    ]);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200, 200],
      answers.map((answer) => answer.text).join('\n'),
    );
    assert.equal(answers[0]!.body.etag, answers[1]!.body.etag);
    assert.equal(answers[2]!.body.key, answers[3]!.body.key);
    assert.equal(recorder.count(single.key), 1);
    assert.equal(recorder.count(multipart.key), 1);
  });

  it('two handler instances sharing the bucket complete the same uploads at once', async () => {
    const single = await putSingle(first, randomContent(100));
    const multipart = await putMultipart(first, randomContent(THREE_PART_SIZE));
    const before = verdicts;
    const answers = await Promise.all([
      first.post(`${MOUNT}/complete`, { token: single.completionToken }),
      second.post(`${MOUNT}/complete`, { token: single.completionToken }),
      first.post(`${MOUNT}/multipart/complete`, { token: multipart.token, parts: multipart.parts }),
      second.post(`${MOUNT}/multipart/complete`, { token: multipart.token, parts: multipart.parts }),
    ]);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200, 200],
      answers.map((answer) => answer.text).join('\n'),
    );
    assert.equal(recorder.count(single.key), 1);
    assert.equal(recorder.count(multipart.key), 1);
    assert.equal(verdicts - before, 2, 'one verdict per upload');
  });

  it('a claim another instance keeps alive: 503 with Retry-After; once its holder died, the next request takes it over', { timeout: 60_000 }, async () => {
    const upload = await putSingle(first, randomContent(100));
    const uploadId = decodeTokenPayload(upload.completionToken).u as string;
    const markerKey = await markerKeyFor(MARKER_PREFIX, upload.key, 'single', uploadId);
    const claim = (leaseExpiresAt: number) =>
      storage.client.send(
        new PutObjectCommand({
          Bucket: storage.bucket,
          Key: markerKey,
          ContentType: 'application/json',
          Body: JSON.stringify({ v: 1, state: 'claimed', key: upload.key, uploadId, source: 'single', holder: 'another-instance', leaseExpiresAt }),
        }),
      );
    await claim(Date.now() + 10 * 60_000);
    const busy = await first.post(`${MOUNT}/complete`, { token: upload.completionToken });
    assert.equal(busy.status, 503, busy.text);
    assert.deepEqual(busy.body, { error: 'Upload completion in progress', code: 'COMPLETION_IN_PROGRESS' });
    assert.equal(busy.headers.get('retry-after'), '2');
    assert.equal(recorder.count(upload.key), 0);

    await claim(Date.now() - 1000);
    const taken = await second.post(`${MOUNT}/complete`, { token: upload.completionToken });
    assert.equal(taken.status, 200, taken.text);
    assert.equal(recorder.count(upload.key), 1);
  });
});
