// Three handler processes behind HAProxy (round robin) with one Redis and one bucket: a
// multipart upload spread over all three, an OAuth flow started on one instance and finished on
// another, two instances refreshing one user's rotating drive tokens at once, and an instance
// killed in the middle of an upload.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { GetObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { startFakeDrives, type FakeDrives } from '../support/fake-drives/index.js';
import { findClusterBlocker, startCluster, type Cluster } from '../support/scale-out/cluster.js';
import { INSTANCE_HEADER, MOUNT } from '../support/scale-out/constants.js';
import { getTestStorage } from '../support/storage.js';

const PART_SIZE = 5 * 1024 * 1024;
const blocker = findClusterBlocker();

interface Served {
  status: number;
  body: any;
  text: string;
  headers: Headers;
  /** The instance that answered. */
  instance: string | null;
}

describe('many instances, one bucket (HAProxy, three handler processes, Redis)', { skip: blocker ?? false }, () => {
  let cluster: Cluster;
  let fakes: FakeDrives;

  before(async () => {
    fakes = await startFakeDrives();
    cluster = await startCluster({ providers: fakes.providersConfig(['oneDrive']) });
  });
  after(async () => {
    await cluster?.stop();
    await fakes?.close();
  });

  /**
   * One request through the load balancer, as a client would send it: a 502/503 or a dropped
   * connection is sent again (the upload engine retries these too).
   */
  async function send(path: string, init: RequestInit & { user?: string; cookies?: string[] } = {}): Promise<Served> {
    const { user, cookies = [], ...request } = init;
    const cookie = [...(user ? [`session=${encodeURIComponent(user)}`] : []), ...cookies].join('; ');
    const headers = { ...(request.headers as Record<string, string>), ...(cookie ? { cookie } : {}) };
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await fetch(cluster.url + path, { ...request, headers, redirect: 'manual' });
        const text = await response.text();
        if ((response.status === 502 || response.status === 503) && attempt < 5) {
          await sleep(200);
          continue;
        }
        const body = (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
        return { status: response.status, body, text, headers: response.headers, instance: response.headers.get(INSTANCE_HEADER) };
      } catch (error) {
        if (attempt >= 5) throw error;
        await sleep(200);
      }
    }
  }

  const post = (path: string, body: unknown, user: string) =>
    send(`${MOUNT}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, user });

  async function signAndPut(token: string, partNumber: number, bytes: Buffer, user: string): Promise<{ served: Served; eTag: string }> {
    const served = await post('/multipart/sign-part', { token, partNumber }, user);
    assert.equal(served.status, 200, `sign-part ${partNumber}: ${served.text}`);
    const put = await fetch(served.body.uploadUrl, { method: 'PUT', body: Uint8Array.from(bytes), headers: served.body.uploadHeaders });
    assert.equal(put.status, 200, `PUT part ${partNumber}: ${await put.text()}`);
    return { served, eTag: put.headers.get('etag')! };
  }

  async function assertStored(key: string, content: Buffer, user: string): Promise<void> {
    const storage = await getTestStorage();
    const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    assert.equal(bytes.length, content.length);
    assert.ok(bytes.equals(content), 'the bucket holds the exact bytes');
    const pending = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: `${user}/` }));
    assert.deepEqual(pending.Uploads ?? [], [], 'no multipart upload is left open');
  }

  it('completes a multipart upload whose init, parts, resume and complete land on different instances', async () => {
    const user = `scale-${randomBytes(4).toString('hex')}`;
    const content = randomBytes(PART_SIZE + 4321);
    const init = await post('/multipart/init', { name: 'spread.bin', type: 'application/octet-stream', size: content.length }, user);
    assert.equal(init.status, 200, init.text);
    assert.equal(init.body.partSize, PART_SIZE);
    const first = await signAndPut(init.body.token, 1, content.subarray(0, PART_SIZE), user);
    const resume = await post('/multipart/resume', { token: init.body.token }, user);
    assert.equal(resume.status, 200, resume.text);
    assert.deepEqual(
      resume.body.parts.map((part: { partNumber: number; eTag: string }) => [part.partNumber, part.eTag]),
      [[1, first.eTag]],
      'another instance sees the part the first one signed',
    );
    const second = await signAndPut(resume.body.token, 2, content.subarray(PART_SIZE), user);
    const complete = await post(
      '/multipart/complete',
      {
        token: resume.body.token,
        parts: [
          { partNumber: 1, eTag: first.eTag },
          { partNumber: 2, eTag: second.eTag },
        ],
      },
      user,
    );
    assert.equal(complete.status, 200, complete.text);
    assert.equal(complete.body.key, init.body.key);

    const servedBy = { init: init.instance, resume: resume.instance, complete: complete.instance };
    assert.equal(new Set(Object.values(servedBy)).size, 3, `init, resume and complete each on their own instance: ${JSON.stringify(servedBy)}`);
    const all = new Set([init, first.served, resume, second.served, complete].map((served) => served.instance));
    assert.deepEqual([...all].sort(), cluster.instances.map((instance) => instance.name).sort());
    await assertStored(init.body.key, content, user);
  });

  it('finishes on one instance an OAuth flow (browser-bound, PKCE) started on another', async () => {
    const user = `oauth-${randomBytes(4).toString('hex')}`;
    const start = await send(`${MOUNT}/auth/one-drive`, { user });
    assert.equal(start.status, 302, start.text);
    const bindingCookies = start.headers.getSetCookie().map((line) => line.split(';')[0]!);
    assert.ok(bindingCookies.length > 0, 'the start binds the flow to this browser with a cookie');
    const authorizeUrl = new URL(start.headers.get('location')!);
    assert.equal(authorizeUrl.searchParams.get('code_challenge_method'), 'S256');
    const consent = await fetch(authorizeUrl, { redirect: 'manual' });
    const callbackUrl = new URL(consent.headers.get('location')!);
    assert.equal(callbackUrl.origin, cluster.url, 'the provider sends the browser back to the load balancer');

    const callback = await send(callbackUrl.pathname + callbackUrl.search, { user, cookies: bindingCookies });
    assert.equal(callback.status, 200, callback.text);
    assert.match(callback.text, /svc:oauth-success/);
    assert.notEqual(callback.instance, start.instance, 'the callback ran on another instance');
    const listing = await send(`${MOUNT}/files/one-drive`, { user });
    assert.equal(listing.status, 200, listing.text);
    assert.notEqual(listing.instance, callback.instance, 'a third instance reads the tokens the callback stored');
  });

  it('never loses a rotating refresh token when two instances refresh it at once', async () => {
    const user = `refresh-${randomBytes(4).toString('hex')}`;
    const { oauth } = fakes.byId.oneDrive;
    oauth.accessTokenLifetimeSeconds = 5;
    const start = await send(`${MOUNT}/auth/one-drive`, { user });
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callbackUrl = new URL(consent.headers.get('location')!);
    const callback = await send(callbackUrl.pathname + callbackUrl.search, { user, cookies: start.headers.getSetCookie().map((line) => line.split(';')[0]!) });
    assert.equal(callback.status, 200, callback.text);
    oauth.accessTokenLifetimeSeconds = 3600;
    const refreshesBefore = oauth.refreshes;

    // The provider rotates the refresh token, then holds its answer while the other instance arrives.
    let openGate!: () => void;
    oauth.refreshGate = new Promise((resolve) => {
      openGate = resolve;
    });
    try {
      const first = send(`${MOUNT}/files/one-drive`, { user });
      const second = send(`${MOUNT}/files/one-drive`, { user });
      while (oauth.refreshes === refreshesBefore) await sleep(10);
      await Promise.race([first, second, sleep(1_000)]);
      openGate();
      const [one, two] = await Promise.all([first, second]);
      assert.equal(one.status, 200, one.text);
      assert.equal(two.status, 200, two.text);
      assert.notEqual(one.instance, two.instance, 'two instances served the two listings');
    } finally {
      openGate();
      oauth.refreshGate = undefined;
    }
    assert.equal(oauth.refreshes - refreshesBefore, 1, 'the provider saw one refresh');
    const later = await send(`${MOUNT}/files/one-drive`, { user });
    assert.equal(later.status, 200, later.text);
  });

  it('completes an upload with the exact bytes when an instance is killed in the middle of it', async () => {
    const user = `crash-${randomBytes(4).toString('hex')}`;
    const content = randomBytes(2 * PART_SIZE + 999);
    const init = await post('/multipart/init', { name: 'survivor.bin', type: 'application/octet-stream', size: content.length }, user);
    assert.equal(init.status, 200, init.text);
    const first = await signAndPut(init.body.token, 1, content.subarray(0, PART_SIZE), user);
    // The instance next in the rotation dies, as a crashed process would.
    const victim = cluster.instances.find((instance) => instance.name !== init.instance && instance.name !== first.served.instance)!;
    await victim.kill();

    const second = await signAndPut(init.body.token, 2, content.subarray(PART_SIZE, 2 * PART_SIZE), user);
    const third = await signAndPut(init.body.token, 3, content.subarray(2 * PART_SIZE), user);
    const parts = [first, second, third].map(({ eTag }, index) => ({ partNumber: index + 1, eTag }));
    const complete = await post('/multipart/complete', { token: init.body.token, parts }, user);
    assert.equal(complete.status, 200, complete.text);
    const servedAfterKill = [second.served, third.served, complete].map((served) => served.instance);
    assert.ok(!servedAfterKill.includes(victim.name), `the dead instance served nothing: ${servedAfterKill.join(', ')}`);
    assert.equal(new Set(servedAfterKill).size, 2, 'the two live instances share the rest of the upload');
    await assertStored(init.body.key, content, user);
  });
});
