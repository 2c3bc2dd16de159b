/**
 * Cross-site requests: a form on another site can POST with the victim's cookies, and CORS does
 * not stop it from arriving. Unsafe methods from a foreign Origin (or `Sec-Fetch-Site:
 * cross-site`) are refused before any host code runs, unless the configuration allows the origin.
 * Every row of the decision table is checked in cross-origin-decisions.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUploadHandler, type UploadHandlerConfig } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';
import { closeAll, createTestHandler, MOUNT, overHttp, TEST_SECRET, type Transport } from './support/upload-harness.js';

const APP = 'https://app.example.com';
const EVIL = 'https://evil.example.net';
const REFUSED = { error: 'Cross-site request refused', code: 'AUTH_DENIED' };
const fileJson = JSON.stringify({ name: 'a.txt', type: 'text/plain', size: 3 });

describe('cross-site requests', () => {
  let storage: TestStorage;
  const calls = { getUserId: 0 };
  const transports: Record<string, Transport> = {};

  async function mount(name: string, config: Partial<UploadHandlerConfig>) {
    transports[name] = await overHttp(
      await createTestHandler({
        getUserId: (req) => {
          calls.getUserId += 1;
          return /session=(\w+)/.exec(req.headers.get('cookie') ?? '')?.[1] ?? null;
        },
        tokenStore: { get: async () => null, set: async () => undefined, delete: async () => undefined },
        ...config,
      }),
    );
  }

  before(async () => {
    storage = await getTestStorage();
    await mount('plain', {});
    await mount('listed', { cors: { allowedOrigins: [APP] } });
    await mount('wildcard', { cors: { allowedOrigins: ['*'] }, getUserId: (req) => req.headers.get('authorization') });
    await mount('public', { publicUrl: `${APP}/api/upload` });
    await mount('proxied', { trustProxy: true });
  });
  after(() => closeAll(Object.values(transports)));

  const base = (name: string) => transports[name]!;

  it('403 for a cross-site form POST (text/plain and form-urlencoded) with cookies; nothing signed, no host code run', async () => {
    calls.getUserId = 0;
    const forms: [string, RequestInit][] = [
      ['/presign', { body: fileJson, headers: { 'content-type': 'text/plain', origin: EVIL, cookie: 'session=victim' } }],
      ['/multipart/init', { body: fileJson, headers: { 'content-type': 'text/plain;charset=UTF-8', origin: EVIL, cookie: 'session=victim' } }],
      [
        '/files/google-drive/transfer',
        { body: 'fileId=abc', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: EVIL, cookie: 'session=victim' } },
      ],
      ['/presign', { body: fileJson, headers: { 'content-type': 'text/plain', origin: 'null', cookie: 'session=victim' } }],
      ['/presign', { body: fileJson, headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site', cookie: 'session=victim' } }],
    ];
    for (const [path, init] of forms) {
      const response = await base('plain').send(`${MOUNT}${path}`, { method: 'POST', ...init });
      assert.deepEqual([response.status, response.body], [403, REFUSED], `${path} ${JSON.stringify(init.headers)}`);
      assert.ok(response.headers.get('x-svc-request-id'));
    }
    assert.equal(calls.getUserId, 0, 'refused before identity resolution');
  });

  it('accepts the same origin, server-to-server calls without Origin, and GET navigations', async () => {
    const http = base('plain');
    const noOrigin = await http.send(`${MOUNT}/presign`, { method: 'POST', body: fileJson, headers: { cookie: 'session=alice' } });
    assert.equal(noOrigin.status, 200, noOrigin.text);
    const sameSite = await http.send(`${MOUNT}/presign`, {
      method: 'POST',
      body: fileJson,
      headers: { cookie: 'session=alice', 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(sameSite.status, 200);
    const navigation = await http.send(`${MOUNT}/health`, { headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } });
    assert.equal(navigation.status, 200, 'safe methods are not checked');
  });

  it("accepts a request whose Origin is the handler's own", async () => {
    const handler = await createTestHandler({ getUserId: () => 'alice' });
    const response = await handler(
      new Request(`http://uploads.test${MOUNT}/presign`, {
        method: 'POST',
        body: fileJson,
        headers: { origin: 'http://uploads.test', 'sec-fetch-site': 'same-origin' },
      }),
    );
    assert.equal(response.status, 200);
    const foreign = await handler(
      new Request(`http://uploads.test${MOUNT}/presign`, { method: 'POST', body: fileJson, headers: { origin: 'http://uploads.test.evil.example' } }),
    );
    assert.equal(foreign.status, 403);
  });

  it('accepts an origin listed in cors.allowedOrigins, even marked cross-site', async () => {
    const response = await base('listed').send(`${MOUNT}/presign`, {
      method: 'POST',
      body: fileJson,
      headers: { origin: APP, 'sec-fetch-site': 'cross-site', cookie: 'session=alice' },
    });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.headers.get('access-control-allow-origin'), APP);
    const other = await base('listed').send(`${MOUNT}/presign`, { method: 'POST', body: fileJson, headers: { origin: EVIL, cookie: 'session=alice' } });
    assert.deepEqual([other.status, other.body], [403, REFUSED]);
    assert.equal(other.headers.get('access-control-allow-origin'), null);
  });

  it('with "*" accepts any origin with its own credentials, never with cookies', async () => {
    const bearer = await base('wildcard').send(`${MOUNT}/presign`, { method: 'POST', body: fileJson, headers: { origin: EVIL, authorization: 'site-user' } });
    assert.equal(bearer.status, 200, bearer.text);
    const cookie = await base('wildcard').send(`${MOUNT}/presign`, {
      method: 'POST',
      body: fileJson,
      headers: { origin: EVIL, authorization: 'site-user', cookie: 'session=victim' },
    });
    assert.deepEqual([cookie.status, cookie.body], [403, REFUSED]);
  });

  describe('behind a TLS-terminating proxy (handler at http://127.0.0.1, browser at https://app.example.com)', () => {
    // A browser without Sec-Fetch-Site: only its Origin says where the request comes from, and
    // the proxy rewrote Host, so the configuration must name the public origin.
    const fromApp = { origin: APP, cookie: 'session=alice' };

    it('serves a browser that sends Sec-Fetch-Site: same-origin with no configuration', async () => {
      const response = await base('plain').send(`${MOUNT}/presign`, {
        method: 'POST',
        body: fileJson,
        headers: { ...fromApp, 'sec-fetch-site': 'same-origin' },
      });
      assert.equal(response.status, 200, response.text);
    });

    it('refuses a browser without Sec-Fetch-Site when neither publicUrl nor trustProxy names the origin', async () => {
      const response = await base('plain').send(`${MOUNT}/presign`, {
        method: 'POST',
        body: fileJson,
        headers: { ...fromApp, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example.com' },
      });
      assert.deepEqual([response.status, response.body], [403, REFUSED]);
    });

    it('works with publicUrl', async () => {
      const response = await base('public').send(`${MOUNT}/presign`, { method: 'POST', body: fileJson, headers: fromApp });
      assert.equal(response.status, 200, response.text);
    });

    it('works with trustProxy and X-Forwarded-Proto/Host, or Forwarded, and not without them', async () => {
      // Without Sec-Fetch-Site the forwarded host is compared with the Origin's (blind to the
      // scheme, like Host); a browser that says same-site needs the whole forwarded origin.
      const sameSite = { ...fromApp, 'sec-fetch-site': 'same-site' };
      const forwardedFor: Record<string, string>[] = [
        { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example.com' },
        { 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'spoofed.example, app.example.com' },
        { forwarded: 'for=192.0.2.1;proto=https;host="app.example.com"' },
      ];
      for (const browser of [fromApp, sameSite]) {
        for (const headers of forwardedFor) {
          const response = await base('proxied').send(`${MOUNT}/presign`, { method: 'POST', body: fileJson, headers: { ...browser, ...headers } });
          assert.equal(response.status, 200, `${JSON.stringify({ ...browser, ...headers })}: ${response.text}`);
        }
      }
      const refused: [Record<string, string>, Record<string, string>][] = [
        [fromApp, {}],
        [fromApp, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example.com/path' }],
        [sameSite, {}],
        [sameSite, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example.com/path' }],
        [sameSite, { 'x-forwarded-proto': 'gopher', 'x-forwarded-host': 'app.example.com' }],
      ];
      for (const [browser, headers] of refused) {
        const response = await base('proxied').send(`${MOUNT}/presign`, { method: 'POST', body: fileJson, headers: { ...browser, ...headers } });
        assert.deepEqual([response.status, response.body], [403, REFUSED], JSON.stringify({ ...browser, ...headers }));
      }
    });
  });

  it('checks publicUrl and trustProxy at construction, naming the option', () => {
    const config = { storage: storage.storageConfig(), uploadTokenSecret: TEST_SECRET, allowAnonymousUploads: true };
    for (const publicUrl of ['app.example.com', 'ftp://app.example.com', 'https://user:pw@app.example.com', 'https://app.example.com/?q=1', 42]) {
      assert.throws(
        () => createUploadHandler({ ...config, publicUrl: publicUrl as string }),
        { code: 'CONFIG_ERROR', message: /^publicUrl must/ },
        String(publicUrl),
      );
    }
    assert.throws(() => createUploadHandler({ ...config, trustProxy: 'yes' as unknown as boolean }), {
      code: 'CONFIG_ERROR',
      message: /^trustProxy must be a boolean/,
    });
    assert.doesNotThrow(() => createUploadHandler({ ...config, publicUrl: 'https://app.example.com/uploads', trustProxy: false }));
  });
});
