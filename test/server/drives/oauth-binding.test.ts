/**
 * The OAuth flow belongs to the browser that started it (binding cookie), its code to the flow that
 * asked for it (PKCE), and a user cannot pile up states in the store.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createMemoryTokenStore } from '../../../server/index.js';
import type { DriveTokenStore } from '../../../server/drives/types.js';
import { startFakeDrives, type FakeDrives } from '../../support/fake-drives/index.js';
import { inProcess } from '../support/upload-harness.js';
import { connectDrive, createDriveHandler, MOUNT, openCallback, readSessionUser, startConsent, uniqueUser } from './support/drive-harness.js';

/** A memory store that also lets the test count what it holds. */
function createInspectableStore(): DriveTokenStore & { keys(): string[] } {
  const inner = createMemoryTokenStore();
  const keys = new Set<string>();
  return {
    get: (key) => inner.get(key),
    async set(key, value, ttl) {
      keys.add(key);
      await inner.set(key, value, ttl);
    },
    async delete(key) {
      keys.delete(key);
      await inner.delete(key);
    },
    keys: () => [...keys],
  };
}

function parseSetCookie(line: string): { name: string; value: string; attributes: string[] } {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const separator = pair.indexOf('=');
  return { name: pair.slice(0, separator), value: pair.slice(separator + 1), attributes };
}

describe('drive OAuth flow binding', () => {
  let fakes: FakeDrives;
  before(async () => {
    fakes = await startFakeDrives();
  });
  after(() => fakes.close());

  describe('browser binding', () => {
    it('sets an HttpOnly, SameSite=Lax cookie scoped to the provider auth routes, and stores only its hash', async () => {
      const tokenStore = createMemoryTokenStore();
      const drive = await createDriveHandler(fakes, { tokenStore });
      const start = await drive.transport.send(`${MOUNT}/auth/google-drive`, { headers: { cookie: 'session=alice' } });
      assert.equal(start.status, 302);
      const cookies = start.headers.getSetCookie().map(parseSetCookie);
      assert.equal(cookies.length, 1);
      const cookie = cookies[0]!;
      assert.equal(cookie.name, 'svc_oauth_google_drive');
      assert.match(cookie.value, /^[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(
        [...cookie.attributes].sort(),
        ['HttpOnly', 'Max-Age=600', `Path=${MOUNT}/auth/google-drive`, 'SameSite=Lax'],
        'no Secure over plain http, so local development over http://127.0.0.1 works',
      );
      const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
      const record = (await tokenStore.get(`oauth-state:${state}`))!;
      assert.ok(!record.includes(cookie.value), 'the cookie value itself is not stored');
      assert.ok(record.includes(createHash('sha256').update(cookie.value).digest('base64url')), 'its SHA-256 is');

      const overHttps = inProcess(drive.handler, 'https://app.test');
      const secure = await overHttps.send(`${MOUNT}/auth/dropbox`, { headers: { cookie: 'session=alice' } });
      assert.ok(parseSetCookie(secure.headers.getSetCookie()[0]!).attributes.includes('Secure'), 'Secure over https');
    });

    it('refuses a callback from a browser that did not start the flow, stores nothing and exchanges no code', async () => {
      for (const fake of fakes.all) {
        const drive = await createDriveHandler(fakes);
        const starter = uniqueUser('starter');
        const { callbackUrl } = await startConsent(drive, fake, starter);
        const exchanges = fake.oauth.exchanges;
        // The starter forwarded the consent link; the victim's browser has no session here at all.
        const forwarded = await openCallback(drive, callbackUrl, undefined, { otherBrowser: true });
        assert.equal(forwarded.status, 400, fake.slug);
        assert.deepEqual(forwarded.body, { error: 'Sign-in was started in another browser' });
        assert.equal(fake.oauth.exchanges, exchanges, 'the code was not exchanged');
        assert.deepEqual((await drive.get(`/files/${fake.slug}`, starter)).body, { reauth: true, provider: fake.slug }, 'nothing stored for the starter');
        const cleared = forwarded.headers
          .getSetCookie()
          .map(parseSetCookie)
          .find((cookie) => cookie.name === `svc_oauth_${fake.slug.replace('-', '_')}`);
        assert.ok(cleared?.attributes.includes('Max-Age=0'), 'the refusal clears the binding cookie');
        const replay = await openCallback(drive, callbackUrl, starter);
        assert.deepEqual(replay.body, { error: 'Invalid or expired state' }, 'the refused flow is spent');
      }
    });

    it('clears the cookie on success, and lets two flows of one provider in one browser both finish', async () => {
      const drive = await createDriveHandler(fakes);
      const user = uniqueUser();
      const first = await startConsent(drive, fakes.byId.box, user);
      const second = await startConsent(drive, fakes.byId.box, user);
      const page = await openCallback(drive, second.callbackUrl, user);
      assert.equal(page.status, 200, page.text);
      assert.ok(page.headers.getSetCookie().some((line) => line.startsWith('svc_oauth_box=;') && line.includes('Max-Age=0')));
      assert.equal(drive.browserCookies.has('svc_oauth_box'), false);
      // A browser that lost the cookie cannot finish the first flow any more...
      assert.equal((await openCallback(drive, first.callbackUrl, user)).status, 400);
      // ...while one that kept it can: the value is per browser, not per flow.
      const third = await startConsent(drive, fakes.byId.box, user);
      const fourth = await startConsent(drive, fakes.byId.box, user);
      assert.equal((await openCallback(drive, third.callbackUrl, user, { otherBrowser: false })).status, 200);
      drive.browserCookies.clear();
      assert.equal((await openCallback(drive, fourth.callbackUrl, user)).status, 400);
    });

    it('refuses the callback when getUserId throws, and stores nothing', async () => {
      const drive = await createDriveHandler(fakes, {
        getUserId(req) {
          if (readSessionUser(req) === 'broken') throw new Error('session store unreachable');
          return readSessionUser(req);
        },
      });
      const user = uniqueUser();
      const { callbackUrl } = await startConsent(drive, fakes.byId.dropbox, user);
      const callback = await openCallback(drive, callbackUrl, 'broken');
      assert.equal(callback.status, 400);
      assert.deepEqual(callback.body, { error: 'Could not identify the signed-in user' });
      assert.doesNotMatch(callback.text, /session store unreachable/);
      assert.match(String((drive.errors.at(-1)!.error as Error).message), /session store unreachable/, 'the cause reaches onError');
      assert.equal((await drive.get('/files/dropbox', user)).status, 401, 'no tokens stored');
    });
  });

  describe('PKCE', () => {
    it('sends an S256 challenge to Google, Microsoft and Dropbox, none to Box', async () => {
      const drive = await createDriveHandler(fakes);
      for (const fake of fakes.all) {
        const location = new URL((await drive.get(`/auth/${fake.slug}`, 'alice')).headers.get('location')!);
        if (fake.slug === 'box') {
          assert.equal(location.searchParams.has('code_challenge'), false, 'Box documents no code challenge');
          continue;
        }
        assert.equal(location.searchParams.get('code_challenge_method'), 'S256', fake.slug);
        assert.match(location.searchParams.get('code_challenge')!, /^[A-Za-z0-9_-]{43}$/);
      }
    });

    it('a code issued to one flow cannot be redeemed through another flow of the same browser', async () => {
      for (const fake of [fakes.byId.googleDrive, fakes.byId.oneDrive, fakes.byId.dropbox]) {
        const drive = await createDriveHandler(fakes);
        const user = uniqueUser();
        const intercepted = await startConsent(drive, fake, user);
        const other = await startConsent(drive, fake, user);
        const injected = new URL(other.callbackUrl);
        injected.searchParams.set('code', intercepted.callbackUrl.searchParams.get('code')!);
        const response = await openCallback(drive, injected, user);
        assert.equal(response.status, 502, fake.slug);
        assert.deepEqual(response.body, { error: 'Token exchange failed', code: 'AUTH_PROVIDER_ERROR' });
        assert.match(String((drive.errors.at(-1)!.error as Error).message), /code_verifier does not match/);
        assert.equal((await drive.get(`/files/${fake.slug}`, user)).status, 401, 'nothing stored');
      }
    });
  });

  describe('live states per user', () => {
    it('keeps at most 10 per user: starting more drops the oldest, whose callback is refused', async () => {
      const tokenStore = createInspectableStore();
      const drive = await createDriveHandler(fakes, { tokenStore });
      const user = uniqueUser();
      const flows = [];
      for (let index = 0; index < 12; index += 1) flows.push(await startConsent(drive, fakes.byId.googleDrive, user, `?returnTo=${'x'.repeat(5000)}`));
      for (let index = 0; index < 40; index += 1) assert.equal((await drive.get('/auth/google-drive', user)).status, 302);
      const states = tokenStore.keys().filter((key) => key.startsWith('oauth-state:'));
      assert.equal(states.length, 10, `live states after 52 starts: ${states.length}`);
      const other = uniqueUser();
      await connectDrive(drive, fakes.byId.box, other);
      assert.equal((await openCallback(drive, flows[0]!.callbackUrl, user)).status, 400, 'the oldest flow was dropped');
      assert.deepEqual(
        (await openCallback(drive, flows[11]!.callbackUrl, user)).body,
        { error: 'Invalid or expired state' },
        'so was every flow beyond the newest 10',
      );
      const latest = await startConsent(drive, fakes.byId.googleDrive, user);
      assert.equal((await openCallback(drive, latest.callbackUrl, user)).status, 200, 'a new flow still works');
      for (const key of tokenStore.keys().filter((name) => name.startsWith('oauth-state:'))) {
        assert.ok(((await tokenStore.get(key)) ?? '').length < 1024, 'an over-long returnTo is not stored');
      }
    });
  });
});
