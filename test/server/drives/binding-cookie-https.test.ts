/**
 * Over https the OAuth binding cookie is `__Host-` prefixed, so a sibling host (evil.example.com
 * next to app.example.com) cannot plant a value it knows; over plain http it keeps its plain name
 * on the auth routes. Everything here goes through the real handler over HTTP, the public origin
 * coming from `publicUrl` or from the forwarded headers a proxy writes under `trustProxy`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toDriveTokensKey } from '../../../server/drives/drive-tokens.js';
import { startFakeDrives, type FakeDrive, type FakeDrives } from '../../support/fake-drives/index.js';
import { overHttp, type Transport, type WireResponse } from '../support/upload-harness.js';
import { createDriveHandler, MOUNT, sessionHeaders, uniqueUser, type DriveHandler } from './support/drive-harness.js';

const PUBLIC_URL = 'https://app.example.com';
const FORWARDED_HTTPS = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example.com' };

interface SetCookie {
  name: string;
  value: string;
  /** As sent, e.g. `Path=/`, `Secure`. */
  attributes: string[];
}

function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const separator = pair.indexOf('=');
  return { name: pair.slice(0, separator), value: pair.slice(separator + 1), attributes };
}

function onlySetCookie(response: WireResponse): SetCookie {
  const lines = response.headers.getSetCookie();
  assert.equal(lines.length, 1, `one Set-Cookie: ${JSON.stringify(lines)}`);
  return parseSetCookie(lines[0]!);
}

function toCookieSuffix(fake: FakeDrive): string {
  return fake.slug.replace(/-/g, '_');
}

/** What a browser may store as a `__Host-` cookie (RFC 6265bis): Secure, `Path=/`, no Domain. */
function hostCookieAttributes(maxAge: number): string[] {
  return ['HttpOnly', `Max-Age=${maxAge}`, 'Path=/', 'SameSite=Lax', 'Secure'];
}

function cookieHeader(cookies: Record<string, string>, user?: string): Record<string, string> {
  const pairs = Object.entries(cookies).map(([name, value]) => `${name}=${value}`);
  const session = sessionHeaders(user).cookie;
  if (session) pairs.unshift(session);
  return pairs.length > 0 ? { cookie: pairs.join('; ') } : {};
}

interface Flow {
  start: WireResponse;
  /** The provider's redirect back to the handler, with code and state. */
  callbackUrl: URL;
}

/** GET /auth/:provider with these cookies and headers, then the fake consent page. */
async function startFlow(
  transport: Transport,
  fake: FakeDrive,
  user: string,
  cookies: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Flow> {
  const start = await transport.send(`${MOUNT}/auth/${fake.slug}`, { headers: { ...cookieHeader(cookies, user), ...headers }, redirect: 'manual' });
  assert.equal(start.status, 302, start.text);
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  assert.equal(consent.status, 302, `consent page of ${fake.slug}`);
  return { start, callbackUrl: new URL(consent.headers.get('location')!) };
}

function openCallback(
  transport: Transport,
  callbackUrl: URL,
  cookies: Record<string, string>,
  user?: string,
  headers: Record<string, string> = {},
): Promise<WireResponse> {
  return transport.send(callbackUrl.pathname + callbackUrl.search, { headers: { ...cookieHeader(cookies, user), ...headers } });
}

async function hasStoredTokens(drive: DriveHandler, fake: FakeDrive, user: string): Promise<boolean> {
  return typeof (await drive.tokenStore.get(toDriveTokensKey(fake.slug, user))) === 'string';
}

describe('drive OAuth binding cookie over https and http', () => {
  let fakes: FakeDrives;
  const transports: Transport[] = [];
  before(async () => {
    fakes = await startFakeDrives();
  });
  after(async () => {
    await Promise.all(transports.map((transport) => transport.close()));
    await fakes.close();
  });

  async function serve(overrides: Parameters<typeof createDriveHandler>[1] = {}): Promise<{ drive: DriveHandler; transport: Transport }> {
    const drive = await createDriveHandler(fakes, overrides);
    const transport = await overHttp(drive.handler);
    transports.push(transport);
    return { drive, transport };
  }

  describe('https (publicUrl)', () => {
    it('sets __Host-svc_oauth_<provider>: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax, Max-Age=600', async () => {
      const { transport } = await serve({ publicUrl: PUBLIC_URL });
      for (const fake of fakes.all) {
        const { start, callbackUrl } = await startFlow(transport, fake, uniqueUser());
        assert.equal(callbackUrl.origin, PUBLIC_URL, 'the provider sends the browser back to the https origin');
        const cookie = onlySetCookie(start);
        assert.equal(cookie.name, `__Host-svc_oauth_${toCookieSuffix(fake)}`);
        assert.match(cookie.value, /^[A-Za-z0-9_-]{43}$/);
        assert.deepEqual([...cookie.attributes].sort(), hostCookieAttributes(600), `${fake.slug}: ${start.headers.getSetCookie()[0]}`);
      }
    });

    it('refuses a callback whose binding value comes only under the plain name a sibling host can plant, and stores nothing', async () => {
      const { drive, transport } = await serve({ publicUrl: PUBLIC_URL });
      for (const fake of fakes.all) {
        const user = uniqueUser();
        const { start, callbackUrl } = await startFlow(transport, fake, user);
        const { value } = onlySetCookie(start);
        const exchanges = fake.oauth.exchanges;
        // evil.example.com sent `svc_oauth_<provider>=<value>; Domain=example.com; Path=/`: the browser
        // sends it to app.example.com under its plain name, and holds no __Host- cookie of this flow.
        const callback = await openCallback(transport, callbackUrl, { [`svc_oauth_${toCookieSuffix(fake)}`]: value }, user);
        assert.equal(callback.status, 400, `${fake.slug}: ${callback.text}`);
        assert.deepEqual(callback.body, { error: 'Sign-in was started in another browser' });
        assert.equal(fake.oauth.exchanges, exchanges, 'the code was not exchanged');
        assert.equal(await hasStoredTokens(drive, fake, user), false, 'no tokens stored');
        const cleared = onlySetCookie(callback);
        assert.equal(cleared.name, `__Host-svc_oauth_${toCookieSuffix(fake)}`, 'the refusal clears the __Host- cookie');
        assert.deepEqual([...cleared.attributes].sort(), hostCookieAttributes(0));
      }
    });

    it('completes with the __Host- cookie and clears it with the same name, path and flags', async () => {
      const { drive, transport } = await serve({ publicUrl: PUBLIC_URL });
      const fake = fakes.byId.box;
      const user = uniqueUser();
      const { start, callbackUrl } = await startFlow(transport, fake, user);
      const { name, value } = onlySetCookie(start);
      const callback = await openCallback(transport, callbackUrl, { [name]: value }, user);
      assert.equal(callback.status, 200, callback.text);
      assert.match(callback.text, /svc:oauth-success/);
      assert.equal(await hasStoredTokens(drive, fake, user), true, 'the tokens are stored for the user');
      const cleared = onlySetCookie(callback);
      assert.equal(cleared.name, '__Host-svc_oauth_box');
      assert.equal(cleared.value, '');
      assert.deepEqual([...cleared.attributes].sort(), hostCookieAttributes(0));
    });

    it('completes a flow with the session-less callback a bearer-only getUserId sees, as long as the __Host- cookie comes back', async () => {
      const { drive, transport } = await serve({ publicUrl: PUBLIC_URL });
      const fake = fakes.byId.dropbox;
      const user = uniqueUser();
      const { start, callbackUrl } = await startFlow(transport, fake, user);
      const { name, value } = onlySetCookie(start);
      assert.equal((await openCallback(transport, callbackUrl, { [name]: value })).status, 200);
      assert.equal(await hasStoredTokens(drive, fake, user), true);
    });

    it('reuses the __Host- value the browser holds for a second flow, and never a value planted under the plain name', async () => {
      const { transport } = await serve({ publicUrl: PUBLIC_URL });
      const fake = fakes.byId.googleDrive;
      const user = uniqueUser();
      const first = onlySetCookie((await startFlow(transport, fake, user)).start);
      const second = onlySetCookie((await startFlow(transport, fake, user, { [first.name]: first.value })).start);
      assert.equal(second.value, first.value, 'two flows in one browser share the value, so both can finish');
      const planted = 'A'.repeat(43);
      const afterPlant = onlySetCookie((await startFlow(transport, fake, user, { svc_oauth_google_drive: planted })).start);
      assert.notEqual(afterPlant.value, planted, 'a value a sibling host could know is never adopted');
    });

    it('clears the __Host- cookie on sign-out', async () => {
      const { transport } = await serve({ publicUrl: PUBLIC_URL });
      const response = await transport.send(`${MOUNT}/auth/box/sign-out`, { method: 'POST', headers: { ...sessionHeaders(uniqueUser()), origin: PUBLIC_URL } });
      assert.equal(response.status, 204, response.text);
      const cleared = onlySetCookie(response);
      assert.equal(cleared.name, '__Host-svc_oauth_box');
      assert.deepEqual([...cleared.attributes].sort(), hostCookieAttributes(0));
    });
  });

  describe('https behind a proxy (trustProxy, X-Forwarded-Proto: https)', () => {
    it('sets the same __Host- cookie, refuses the plain name and completes with the prefixed one', async () => {
      const { drive, transport } = await serve({ trustProxy: true });
      const fake = fakes.byId.oneDrive;
      const user = uniqueUser();
      const { start, callbackUrl } = await startFlow(transport, fake, user, {}, FORWARDED_HTTPS);
      assert.equal(callbackUrl.origin, PUBLIC_URL, 'the redirect URI is on the forwarded https origin');
      const cookie = onlySetCookie(start);
      assert.equal(cookie.name, '__Host-svc_oauth_one_drive');
      assert.deepEqual([...cookie.attributes].sort(), hostCookieAttributes(600));

      const planted = await openCallback(transport, callbackUrl, { svc_oauth_one_drive: cookie.value }, user, FORWARDED_HTTPS);
      assert.equal(planted.status, 400);
      assert.deepEqual(planted.body, { error: 'Sign-in was started in another browser' });
      assert.equal(await hasStoredTokens(drive, fake, user), false);

      const retry = await startFlow(transport, fake, user, { [cookie.name]: cookie.value }, FORWARDED_HTTPS);
      const callback = await openCallback(transport, retry.callbackUrl, { [cookie.name]: cookie.value }, user, FORWARDED_HTTPS);
      assert.equal(callback.status, 200, callback.text);
      assert.equal(await hasStoredTokens(drive, fake, user), true);
      assert.deepEqual([...onlySetCookie(callback).attributes].sort(), hostCookieAttributes(0));
    });
  });

  describe('plain http (development)', () => {
    it('keeps svc_oauth_<provider> on <mount>/auth/<provider>, without Secure, and finishes with it', async () => {
      const { drive, transport } = await serve({ trustProxy: true });
      const fake = fakes.byId.googleDrive;
      const user = uniqueUser();
      // trustProxy without forwarded headers: the request's own http origin.
      const { start, callbackUrl } = await startFlow(transport, fake, user);
      assert.equal(callbackUrl.protocol, 'http:');
      const cookie = onlySetCookie(start);
      assert.equal(cookie.name, 'svc_oauth_google_drive');
      assert.deepEqual([...cookie.attributes].sort(), ['HttpOnly', 'Max-Age=600', `Path=${MOUNT}/auth/google-drive`, 'SameSite=Lax']);
      const prefixedOnly = await openCallback(transport, callbackUrl, { '__Host-svc_oauth_google_drive': cookie.value }, user);
      assert.equal(prefixedOnly.status, 400, 'over http the plain name is the binding');

      const retry = await startFlow(transport, fake, user, { [cookie.name]: cookie.value });
      const callback = await openCallback(transport, retry.callbackUrl, { [cookie.name]: cookie.value }, user);
      assert.equal(callback.status, 200, callback.text);
      assert.equal(await hasStoredTokens(drive, fake, user), true);
      const cleared = onlySetCookie(callback);
      assert.equal(cleared.name, 'svc_oauth_google_drive');
      assert.deepEqual([...cleared.attributes].sort(), ['HttpOnly', 'Max-Age=0', `Path=${MOUNT}/auth/google-drive`, 'SameSite=Lax']);
    });
  });
});
