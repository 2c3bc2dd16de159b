/**
 * The cross-origin decision table of docs/server.md (Security model), row by row, through the real
 * handler behind `toNodeListener` on a loopback port. Each request goes out over a raw socket with
 * exactly the headers a browser and the proxies in front of the handler would leave on it
 * (`fetch` would replace `Host`): a TLS-terminating nginx, a bare `proxy_pass`, the Vite dev
 * proxy. Refused requests never reach host code: `getUserId` is not called for them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { UploadHandlerConfig } from '../../server/index.js';
import { getTestStorage } from '../support/storage.js';
import { measureCpuTime } from './support/cpu-time.js';
import { startRawServer, type RawServer } from './support/raw-http.js';
import { createTestHandler, MOUNT, type WireResponse } from './support/upload-harness.js';

const APP = 'https://app.example.com';
const EVIL = 'https://evil.example.net';
const VITE_PAGE = 'http://localhost:5173';
const REFUSED = { error: 'Cross-site request refused', code: 'AUTH_DENIED' };
const FILE = JSON.stringify({ name: 'a.txt', type: 'text/plain', size: 3 });

type Headers = Record<string, string>;
type ConfigName = 'default' | 'listed' | 'wildcard' | 'public' | 'proxied';

describe('cross-origin decisions (real handler over HTTP, exact headers)', () => {
  const servers = {} as Record<ConfigName, RawServer>;
  let identityCalls = 0;

  before(async () => {
    await getTestStorage();
    // Only what a deployment sets for uploads; each other configuration adds one option.
    const base: Partial<UploadHandlerConfig> = {
      allowAnonymousUploads: false,
      getUserId: () => {
        identityCalls += 1;
        return 'alice';
      },
    };
    const configs: Record<ConfigName, Partial<UploadHandlerConfig>> = {
      default: {},
      listed: { cors: { allowedOrigins: [APP] } },
      wildcard: { cors: { allowedOrigins: ['*'] } },
      public: { publicUrl: `${APP}/api/upload` },
      proxied: { trustProxy: true },
    };
    for (const [name, config] of Object.entries(configs) as [ConfigName, Partial<UploadHandlerConfig>][]) {
      servers[name] = await startRawServer(await createTestHandler({ ...base, ...config }));
    }
  });
  after(() => Promise.all(Object.values(servers).map((server) => server.close())));

  /** POST /presign with exactly these headers (a `Host` of the server's own address unless given). */
  async function presign(config: ConfigName, headers: Headers, method = 'POST', path = '/presign'): Promise<WireResponse> {
    const server = servers[config];
    const lines = Object.entries({
      host: `127.0.0.1:${server.port}`,
      ...headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(FILE)),
    }).map(([name, value]) => `${name}: ${value}`);
    const head = `${method} ${MOUNT}${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\nconnection: close\r\n\r\n`;
    const { response } = await server.exchange(head, [Buffer.from(FILE)]);
    return response;
  }

  async function assertServed(config: ConfigName, headers: Headers): Promise<void> {
    const response = await presign(config, headers);
    assert.equal(response.status, 200, `${config} ${JSON.stringify(headers)}: ${response.text}`);
    assert.match(response.body.uploadUrl, /^http/, 'an upload URL was signed');
  }

  async function assertRefused(config: ConfigName, headers: Headers): Promise<void> {
    const before = identityCalls;
    const response = await presign(config, headers);
    assert.deepEqual([response.status, response.body], [403, REFUSED], `${config} ${JSON.stringify(headers)}`);
    assert.equal(identityCalls, before, 'refused before getUserId ran');
  }

  describe('safe methods', () => {
    it('GET, HEAD and OPTIONS pass whatever the headers say; other methods are checked', async () => {
      const hostile = { origin: EVIL, 'sec-fetch-site': 'cross-site' };
      // The drive listing itself answers: no drive is configured here.
      const listing = await presign('default', hostile, 'GET', '/files/google-drive');
      assert.deepEqual([listing.status, listing.body], [500, { error: 'tokenStore is required' }]);
      assert.equal((await presign('default', hostile, 'HEAD')).status, 404);
      assert.equal((await presign('default', hostile, 'OPTIONS')).status, 204);
      const deletion = await presign('default', hostile, 'DELETE');
      assert.deepEqual([deletion.status, deletion.body], [403, REFUSED]);
    });
  });

  describe("Sec-Fetch-Site: same-origin or none is the browser's own verdict, whatever proxies did to Host and scheme", () => {
    const sameOrigin = (origin: string) => ({ origin, 'sec-fetch-site': 'same-origin', cookie: 'session=alice' });

    it('nginx ending TLS with `proxy_set_header Host $host` and X-Forwarded-Proto: the handler sees http://app.example.com', async () => {
      await assertServed('default', { ...sameOrigin(APP), host: 'app.example.com', 'x-forwarded-proto': 'https' });
    });

    it('nginx with a bare proxy_pass: Host is the upstream address', async () => {
      await assertServed('default', { ...sameOrigin(APP), host: '127.0.0.1:3000' });
    });

    it("the Vite dev proxy (`/api` to http://127.0.0.1:3000) rewrites Host to the handler's address", async () => {
      await assertServed('default', sameOrigin(VITE_PAGE));
    });

    it('an adapter that drops the public port from the URL', async () => {
      await assertServed('default', { ...sameOrigin('https://app.example.com:8443'), host: 'app.example.com' });
    });

    it('none (the user typed or bookmarked the request) passes, with or without an Origin', async () => {
      await assertServed('default', { 'sec-fetch-site': 'none' });
      await assertServed('default', { 'sec-fetch-site': 'none', origin: EVIL });
    });
  });

  describe('any other Sec-Fetch-Site needs a trusted Origin', () => {
    it('same-site, cross-site and unknown values from an untrusted origin are refused, on every configuration', async () => {
      for (const config of ['default', 'listed', 'public', 'proxied'] as const) {
        for (const site of ['same-site', 'cross-site', 'same-origin, cross-site', 'bogus']) {
          await assertRefused(config, { origin: EVIL, 'sec-fetch-site': site, cookie: 'session=alice' });
        }
        // A sibling subdomain is same-site, not same-origin.
        await assertRefused(config, { origin: 'https://blog.example.com', 'sec-fetch-site': 'same-site', host: 'app.example.com' });
        await assertRefused(config, { 'sec-fetch-site': 'cross-site' });
        await assertRefused(config, { 'sec-fetch-site': 'same-site', origin: 'null' });
      }
    });

    it('an origin on the request host is not trusted on that ground when the browser says cross-site', async () => {
      await assertRefused('default', { origin: 'http://app.example.com', host: 'app.example.com', 'sec-fetch-site': 'cross-site' });
    });

    it('an origin listed in cors.allowedOrigins passes', async () => {
      await assertServed('listed', { origin: APP, 'sec-fetch-site': 'cross-site', cookie: 'session=alice' });
      await assertServed('listed', { origin: `${APP}/`, 'sec-fetch-site': 'same-site' });
    });

    it("publicUrl's origin passes", async () => {
      await assertServed('public', { origin: APP, 'sec-fetch-site': 'same-site' });
      await assertRefused('public', { origin: 'http://app.example.com', 'sec-fetch-site': 'same-site' });
    });

    it('under trustProxy, the forwarded origin passes (scheme included)', async () => {
      await assertServed('proxied', { origin: APP, 'sec-fetch-site': 'same-site', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example.com' });
      await assertServed('proxied', { origin: APP, 'sec-fetch-site': 'same-site', forwarded: 'proto=https;host=app.example.com' });
      await assertRefused('proxied', { origin: APP, 'sec-fetch-site': 'same-site', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'app.example.com' });
      await assertRefused('proxied', {
        origin: APP,
        'sec-fetch-site': 'same-site',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': `${'a'.repeat(1100)}.app.example.com, app.example.com`,
      });
    });

    it('"*" trusts any origin with its own credentials, never with cookies, never null or an overlong one', async () => {
      await assertServed('wildcard', { origin: EVIL, 'sec-fetch-site': 'cross-site', authorization: 'Bearer site-token' });
      await assertRefused('wildcard', { origin: EVIL, 'sec-fetch-site': 'cross-site', cookie: 'session=victim' });
      await assertRefused('wildcard', { origin: 'null', 'sec-fetch-site': 'cross-site' });
      await assertRefused('wildcard', { origin: `https://${'a'.repeat(520)}.example`, 'sec-fetch-site': 'cross-site' });
    });
  });

  describe('no Sec-Fetch-Site (an older browser), an Origin', () => {
    it("passes when the Origin's host is the Host header, whatever the scheme and default port", async () => {
      await assertServed('default', { origin: 'http://uploads.example:8080', host: 'uploads.example:8080' });
      await assertServed('default', { origin: APP, host: 'app.example.com', 'x-forwarded-proto': 'https' });
      await assertServed('default', { origin: 'https://APP.example.com:443', host: 'app.example.com:443' });
    });

    it('is refused when a proxy rewrote Host and nothing names the origin', async () => {
      await assertRefused('default', { origin: VITE_PAGE });
      await assertRefused('default', { origin: APP, host: '127.0.0.1:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example.com' });
      await assertRefused('default', { origin: 'https://app.example.com.evil.example.net', host: 'app.example.com' });
      await assertRefused('default', { origin: 'https://app.example.com/path', host: 'app.example.com' });
    });

    it("passes with a trusted origin: listed, publicUrl's, or the forwarded host under trustProxy", async () => {
      await assertServed('listed', { origin: APP, cookie: 'session=alice' });
      await assertServed('public', { origin: APP });
      await assertServed('proxied', { origin: VITE_PAGE, 'x-forwarded-host': 'localhost:5173' });
      await assertServed('proxied', { origin: APP, 'x-forwarded-host': 'app.example.com' });
      await assertRefused('proxied', { origin: VITE_PAGE, 'x-forwarded-host': 'localhost:5174' });
    });

    it('Origin: null and an overlong Origin match nothing, not even their own Host', async () => {
      await assertRefused('default', { origin: 'null' });
      await assertRefused('wildcard', { origin: 'null' });
      const longHost = `${'a'.repeat(520)}.example`;
      await assertRefused('default', { origin: `http://${longHost}`, host: longHost });
    });
  });

  describe('neither header: no browser', () => {
    it('a server or script is served', async () => {
      await assertServed('default', {});
      await assertServed('default', { host: 'anything.example', cookie: 'session=alice' });
    });
  });

  describe('a runtime that gives no Host header', () => {
    it("compares the Origin with the request URL's host", async () => {
      const handler = await createTestHandler({ getUserId: () => 'alice' });
      const send = (origin: string) => handler(new Request(`http://uploads.test:8080${MOUNT}/presign`, { method: 'POST', body: FILE, headers: { origin } }));
      assert.equal((await send('http://uploads.test:8080')).status, 200);
      assert.equal((await send('http://uploads.test')).status, 403);
    });
  });

  it('refuses within 50 ms of CPU time whatever the header lengths (every one is bounded before it is parsed)', async () => {
    const handler = await createTestHandler({ getUserId: () => 'alice', trustProxy: true });
    for (const character of [':', '.', ',', ';', '=', 'a', '/']) {
      const run = character.repeat(70_000);
      const send = () =>
        handler(
          new Request(`http://uploads.test${MOUNT}/presign`, {
            method: 'POST',
            body: FILE,
            headers: {
              origin: `http://${run}`,
              host: run,
              'x-forwarded-host': run,
              'x-forwarded-proto': run,
              forwarded: `host=${run}`,
              'sec-fetch-site': `same-site${run}`,
            },
          }),
        );
      // The cheapest of three tries: a slow parser is slow every time, a garbage collection is not.
      let cheapest = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 3 && cheapest >= 50; attempt += 1) {
        const { result: response, milliseconds } = await measureCpuTime(send);
        assert.deepEqual([response.status, await response.json()], [403, REFUSED]);
        cheapest = Math.min(cheapest, milliseconds);
      }
      assert.ok(cheapest < 50, `a run of ${JSON.stringify(character)}: ${cheapest.toFixed(1)} ms of CPU time`);
    }
  });
});
