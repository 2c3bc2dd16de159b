/**
 * A complete sends its completion claim together with the storage read its work starts with
 * (ListParts for a multipart upload, HeadObject for a single one), not after it: on a link to
 * storage with a long round trip that is one round trip less per file. Seen on the wire to storage:
 * the proxy holds the read's answer, and the claim's conditional create reaches storage meanwhile.
 * Started with the claim, the read is not tied to the client either: a client that leaves while
 * it is unanswered does not stop the completion.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createUploadHandler } from '../../../server/index.js';
import { startFaultProxy, type FaultProxy, type FaultRule } from '../../support/fault-proxy.mjs';
import { getTestStorage, type TestStorage } from '../../support/storage.js';
import { THREE_PART_SIZE } from '../support/multipart-client.js';
import { MOUNT, randomContent, readObject, TEST_SECRET } from '../support/upload-harness.js';
import { createHookRecorder, leaveWhileHeld, putMultipart, putSingle, serveTracked, type TrackedServer } from './support.js';

const prefix = `claim-read-${randomUUID().slice(0, 8)}`;
/** How long the claim may take to reach storage while the read's answer is held; a serial complete never sends it. */
const CLAIM_WAIT_MS = 10_000;

describe('a complete claims its completion marker while it reads storage', () => {
  let storage: TestStorage;
  const recorder = createHookRecorder();
  const servers: TrackedServer[] = [];
  const proxies: FaultProxy[] = [];

  before(async () => {
    storage = await getTestStorage();
  });

  after(async () => {
    await Promise.all(servers.map((server) => server.idle()));
    await Promise.all([...servers.map((server) => server.close()), ...proxies.map((proxy) => proxy.close())]);
  });

  /** A handler that reaches storage through a proxy holding the answer of the first request `rule` names. */
  async function serveThroughProxy(rule?: FaultRule): Promise<{ server: TrackedServer; proxy: FaultProxy }> {
    const proxy = await startFaultProxy(storage.storageConfig().endpoint, rule ? [rule] : []);
    proxies.push(proxy);
    const server = await serveTracked(
      createUploadHandler({
        storage: { ...storage.storageConfig(), endpoint: proxy.endpoint },
        uploadTokenSecret: TEST_SECRET,
        allowAnonymousUploads: true,
        keyStrategy: ({ safeName }) => `${prefix}/${randomUUID()}/${safeName}`,
        hooks: { ...recorder.hooks, onError: () => undefined },
      }),
    );
    servers.push(server);
    return { server, proxy };
  }

  /**
   * What the handler sent storage from `from` on, once the claim is among it or the wait is over;
   * read while the read's answer is still held, so whatever is there went out before it arrived.
   */
  async function sentBeforeReadAnswered(proxy: FaultProxy, from: number): Promise<string[]> {
    const deadline = Date.now() + CLAIM_WAIT_MS;
    while (!proxy.log.slice(from).includes('handler marker') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return proxy.log.slice(from).sort();
  }

  /** Each completing route, the read its work starts with, and an upload stored ready for it. */
  const routes: Array<{
    route: string;
    read: 'list-parts' | 'head';
    readName: string;
    stored: (server: TrackedServer) => Promise<{ key: string; content: Buffer; body: unknown }>;
  }> = [
    {
      route: '/multipart/complete',
      read: 'list-parts',
      readName: 'ListParts',
      stored: async (server) => {
        const upload = await putMultipart(server, randomContent(THREE_PART_SIZE));
        return { ...upload, body: { token: upload.token, parts: upload.parts } };
      },
    },
    {
      route: '/complete',
      read: 'head',
      readName: 'HeadObject',
      stored: async (server) => {
        const upload = await putSingle(server, randomContent(100));
        return { ...upload, body: { token: upload.completionToken } };
      },
    },
  ];

  for (const { route, read, readName, stored } of routes) {
    it(`${route}: the claim goes out while ${readName} is unanswered; once it answers, the upload is stored with its hooks once`, async () => {
      const { server, proxy } = await serveThroughProxy({ match: read, side: 'handler', fault: 'hold-answer' });
      const upload = await stored(server);
      const from = proxy.log.length;
      const completing = server.post(`${MOUNT}${route}`, upload.body);
      await proxy.held();
      assert.deepEqual(await sentBeforeReadAnswered(proxy, from), [`handler ${read} hold-answer 200`, 'handler marker']);
      proxy.releaseHeld();
      const completed = await completing;
      assert.equal(completed.status, 200, completed.text);
      assert.equal(completed.body.key, upload.key);
      assert.deepEqual(await readObject(storage, upload.key), upload.content);
      await server.idle();
      assert.equal(recorder.count(upload.key, 'onFileUploaded'), 1);
      assert.equal(recorder.count(upload.key, 'onUploadComplete'), 1);
    });
  }

  it('a client that leaves while ListParts is unanswered: the upload still commits, its hooks run once, and the repeat answers 200', async () => {
    const { server, proxy } = await serveThroughProxy({ match: 'list-parts', side: 'handler', fault: 'hold-answer' });
    const upload = await putMultipart(server, randomContent(THREE_PART_SIZE));
    await leaveWhileHeld(server, proxy, '/multipart/complete', { token: upload.token, parts: upload.parts });
    assert.deepEqual(await readObject(storage, upload.key), upload.content);
    assert.equal(recorder.count(upload.key, 'onFileUploaded'), 1, 'the hooks ran for the object the request that left committed');
    const again = await server.post(`${MOUNT}/multipart/complete`, { token: upload.token, parts: upload.parts });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.key, upload.key);
    assert.equal(recorder.count(upload.key, 'onFileUploaded'), 1);
  });

  it('a repeat whose outcome is recorded answers from the marker, whatever the read says', async () => {
    const { server } = await serveThroughProxy();
    const upload = await putMultipart(server, randomContent(THREE_PART_SIZE));
    const first = await server.post(`${MOUNT}/multipart/complete`, { token: upload.token, parts: upload.parts });
    assert.equal(first.status, 200, first.text);
    // Storage has forgotten the upload (ListParts answers NoSuchUpload); the marker holds the answer.
    const again = await server.post(`${MOUNT}/multipart/complete`, { token: upload.token, parts: [{ partNumber: 1, eTag: '"not-a-part"' }] });
    assert.equal(again.status, 200, again.text);
    assert.deepEqual([again.body.key, again.body.etag], [first.body.key, first.body.etag]);
    await server.idle();
    assert.equal(recorder.count(upload.key, 'onFileUploaded'), 1);
  });
});
