import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { createMemoryTokenStore, createUploadHandler } from '../../../server/index.js';
import type { DriveTokenStore } from '../../../server/drives/types.js';
import { startFakeDrives, type FakeDrives } from '../../support/fake-drives/index.js';
import { getTestStorage } from '../../support/storage.js';
import { inProcess } from '../support/upload-harness.js';
import {
  APP_ORIGIN,
  connectDrive,
  createDriveHandler,
  MOUNT,
  openCallback,
  readCallbackData,
  readSessionUser,
  startConsent,
  uniqueUser,
} from './support/drive-harness.js';

const EXPECTED_SCOPES: Record<string, string> = {
  'google-drive': 'https://www.googleapis.com/auth/drive.readonly',
  'one-drive': 'Files.Read.All offline_access',
  dropbox: 'files.content.read files.metadata.read',
  box: 'root_readonly',
};

/** A host store that ignores TTLs entirely: the handler must still enforce the 10-minute state. */
function createStoreWithoutExpiry(): DriveTokenStore {
  const entries = new Map<string, string>();
  return {
    get: async (key) => entries.get(key) ?? null,
    set: async (key, value) => {
      entries.set(key, value);
    },
    delete: async (key) => {
      entries.delete(key);
    },
  };
}

describe('drive OAuth routes', () => {
  let fakes: FakeDrives;
  before(async () => {
    fakes = await startFakeDrives();
  });
  after(() => fakes.close());

  describe('GET /auth/:provider', () => {
    it('redirects to each provider with a fresh 32-byte state, the callback URI and read-only scopes', async () => {
      const drive = await createDriveHandler(fakes);
      for (const fake of fakes.all) {
        const response = await drive.get(`/auth/${fake.slug}`, 'alice');
        assert.equal(response.status, 302, fake.slug);
        const location = new URL(response.headers.get('location')!);
        assert.equal(location.origin, fake.url, `${fake.slug} goes to its provider`);
        assert.equal(location.searchParams.get('client_id'), fake.oauth.options.clientId);
        assert.equal(location.searchParams.get('response_type'), 'code');
        assert.equal(location.searchParams.get('redirect_uri'), `${APP_ORIGIN}${MOUNT}/auth/${fake.slug}/cb`);
        assert.equal(location.searchParams.get('scope'), EXPECTED_SCOPES[fake.slug]);
        const state = location.searchParams.get('state')!;
        assert.match(state, /^[A-Za-z0-9_-]{43}$/, '32 random bytes, base64url');
        const again = new URL((await drive.get(`/auth/${fake.slug}`, 'alice')).headers.get('location')!);
        assert.notEqual(again.searchParams.get('state'), state, 'every flow gets its own state');
        assert.ok(response.headers.get('x-svc-request-id'));
      }
    });

    it('asks for offline access where the provider needs it for a refresh token', async () => {
      const drive = await createDriveHandler(fakes);
      const google = new URL((await drive.get('/auth/google-drive', 'alice')).headers.get('location')!);
      assert.equal(google.pathname, '/o/oauth2/v2/auth');
      assert.equal(google.searchParams.get('access_type'), 'offline');
      const dropbox = new URL((await drive.get('/auth/dropbox', 'alice')).headers.get('location')!);
      assert.equal(dropbox.searchParams.get('token_access_type'), 'offline');
      const oneDrive = new URL((await drive.get('/auth/one-drive', 'alice')).headers.get('location')!);
      assert.equal(oneDrive.pathname, '/common/oauth2/v2.0/authorize', 'tenant defaults to common');
    });

    it('uses the configured OneDrive tenant', async () => {
      const providers = fakes.providersConfig(['oneDrive']);
      const drive = await createDriveHandler(fakes, { providers: { oneDrive: { ...providers.oneDrive!, tenantId: 'contoso.onmicrosoft.com' } } });
      const location = new URL((await drive.get('/auth/one-drive', 'alice')).headers.get('location')!);
      assert.equal(location.pathname, '/contoso.onmicrosoft.com/oauth2/v2.0/authorize');
    });

    it('answers the failure rows of the route table', async () => {
      const drive = await createDriveHandler(fakes, { providers: fakes.providersConfig(['googleDrive']) });
      assert.deepEqual((await drive.get('/auth/icloud', 'alice')).body, { error: 'Unknown provider: icloud' });
      const notConfigured = await drive.get('/auth/box', 'alice');
      assert.equal(notConfigured.status, 400);
      assert.deepEqual(notConfigured.body, { error: 'Box not configured' });
      const anonymous = await drive.get('/auth/google-drive');
      assert.equal(anonymous.status, 401);
      assert.deepEqual(anonymous.body, { error: 'Unauthenticated' });

      const storage = await getTestStorage();
      const withoutStore = inProcess(
        createUploadHandler({ storage: storage.storageConfig(), getUserId: readSessionUser, providers: fakes.providersConfig() }),
        APP_ORIGIN,
      );
      const noStore = await withoutStore.send(`${MOUNT}/auth/google-drive`, { headers: { cookie: 'session=alice' } });
      assert.equal(noStore.status, 500);
      assert.deepEqual(noStore.body, { error: 'tokenStore is required for OAuth flows' });

      const withoutProviders = inProcess(
        createUploadHandler({ storage: storage.storageConfig(), getUserId: readSessionUser, tokenStore: createMemoryTokenStore() }),
        APP_ORIGIN,
      );
      const noProviders = await withoutProviders.send(`${MOUNT}/auth/google-drive`, { headers: { cookie: 'session=alice' } });
      assert.equal(noProviders.status, 500);
      assert.deepEqual(noProviders.body, { error: 'No OAuth providers configured' });
    });
  });

  describe('GET /auth/:provider/cb', () => {
    it('exchanges the code with the same redirect URI and answers the page that notifies the opener', async () => {
      const drive = await createDriveHandler(fakes);
      for (const fake of fakes.all) {
        const exchanges = fake.oauth.exchanges;
        const page = await connectDrive(drive, fake, 'alice');
        assert.equal(fake.oauth.exchanges, exchanges + 1, `${fake.slug} exchanged the code (redirect_uri matched)`);
        assert.match(page.headers.get('content-type')!, /^text\/html/);
        const data = readCallbackData(page.text);
        assert.deepEqual(data.message, { type: 'svc:oauth-success', provider: fake.slug });
        assert.doesNotMatch(page.text, /at-[0-9a-f]{24}|rt-[0-9a-f]{24}/, 'no token in the page');
        const listing = await drive.get(`/files/${fake.slug}`, 'alice');
        assert.equal(listing.status, 200, `${fake.slug} tokens were stored for alice`);
      }
    });

    it('runs its script only under a nonce policy', async () => {
      const drive = await createDriveHandler(fakes);
      const page = await connectDrive(drive, fakes.byId.googleDrive, 'alice');
      const policy = page.headers.get('content-security-policy')!;
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      assert.ok(nonce && page.text.includes(`<script nonce="${nonce}">`));
      assert.match(policy, /default-src 'none'/);
    });

    it('posts to exactly the concrete allowed origins (not its own), and to * only when there is none', async () => {
      const concrete = await createDriveHandler(fakes, { cors: { allowedOrigins: ['https://app.example', 'https://admin.example', '*'] } });
      const concreteTargets = readCallbackData((await connectDrive(concrete, fakes.byId.box, 'alice')).text).targets;
      assert.deepEqual([...concreteTargets].sort(), ['https://admin.example', 'https://app.example']);

      const wildcardOnly = await createDriveHandler(fakes, { cors: { allowedOrigins: ['*'] } });
      assert.deepEqual(readCallbackData((await connectDrive(wildcardOnly, fakes.byId.box, 'alice')).text).targets, ['*']);
      const noCors = await createDriveHandler(fakes);
      assert.deepEqual(readCallbackData((await connectDrive(noCors, fakes.byId.box, 'alice')).text).targets, ['*']);
    });

    it('follows returnTo only to its own origin or a concrete allowed origin', async () => {
      const drive = await createDriveHandler(fakes, { cors: { allowedOrigins: ['https://app.example', '*'] } });
      const cases: Array<[string, string | null]> = [
        ['/drive-connected?tab=files', 'http://app.test/drive-connected?tab=files'],
        ['https://app.example/settings', 'https://app.example/settings'],
        ['https://evil.test/', null],
        ['//evil.test/path', null],
        ['/\\evil.test/path', null],
        ['https:evil.test', null],
        ['javascript:alert(document.domain)', null],
        ['https://app.example.evil.test/', null],
        ['https://app.example@evil.test/', null],
        ['https://user:pass@app.example/', null],
        ['data:text/html,<script>alert(1)</script>', null],
      ];
      for (const [returnTo, expected] of cases) {
        const { callbackUrl } = await startConsent(drive, fakes.byId.dropbox, 'alice', `?returnTo=${encodeURIComponent(returnTo)}`);
        const page = await openCallback(drive, callbackUrl, 'alice');
        assert.equal(page.status, 200);
        assert.equal(readCallbackData(page.text).returnTo, expected, returnTo);
      }
      const wildcardOnly = await createDriveHandler(fakes, { cors: { allowedOrigins: ['*'] } });
      const { callbackUrl } = await startConsent(wildcardOnly, fakes.byId.dropbox, 'alice', `?returnTo=${encodeURIComponent('https://app.example/')}`);
      assert.equal(readCallbackData((await openCallback(wildcardOnly, callbackUrl, 'alice')).text).returnTo, null, '* authorizes nothing');
    });

    it('refuses a replayed, unknown or provider-mismatched state', async () => {
      const drive = await createDriveHandler(fakes);
      const { callbackUrl } = await startConsent(drive, fakes.byId.googleDrive, 'alice');
      assert.equal((await openCallback(drive, callbackUrl, 'alice')).status, 200);
      const replay = await openCallback(drive, callbackUrl, 'alice');
      assert.equal(replay.status, 400);
      assert.deepEqual(replay.body, { error: 'Invalid or expired state' });

      const unknown = new URL(callbackUrl);
      unknown.searchParams.set('state', 'A'.repeat(43));
      assert.deepEqual((await openCallback(drive, unknown, 'alice')).body, { error: 'Invalid or expired state' });

      const fromGoogle = await startConsent(drive, fakes.byId.googleDrive, 'alice');
      const onBox = new URL(fromGoogle.callbackUrl.href.replace('/auth/google-drive/cb', '/auth/box/cb'));
      assert.deepEqual((await openCallback(drive, onBox, 'alice')).body, { error: 'Invalid or expired state' });
      const spent = await openCallback(drive, fromGoogle.callbackUrl, 'alice');
      assert.equal(spent.status, 400, 'a state presented to the wrong provider is spent');
    });

    it('refuses a state older than 10 minutes, even from a store that ignores TTLs', async (t) => {
      for (const tokenStore of [createMemoryTokenStore(), createStoreWithoutExpiry()]) {
        const drive = await createDriveHandler(fakes, { tokenStore });
        mock.timers.enable({ apis: ['Date'], now: Date.now() });
        t.after(() => mock.timers.reset());
        const fresh = await startConsent(drive, fakes.byId.oneDrive, 'alice');
        mock.timers.tick(9 * 60_000);
        assert.equal((await openCallback(drive, fresh.callbackUrl, 'alice')).status, 200, 'nine minutes is fine');
        const stale = await startConsent(drive, fakes.byId.oneDrive, 'alice');
        mock.timers.tick(10 * 60_000 + 1000);
        const expired = await openCallback(drive, stale.callbackUrl, 'alice');
        assert.equal(expired.status, 400);
        assert.deepEqual(expired.body, { error: 'Invalid or expired state' });
        mock.timers.reset();
      }
    });

    it('finishes a flow whose callback reaches a clock a second behind the one that started it', async (t) => {
      const drive = await createDriveHandler(fakes);
      const { callbackUrl } = await startConsent(drive, fakes.byId.oneDrive, 'alice');
      // Another instance, or the same process after its wall clock was stepped back.
      mock.timers.enable({ apis: ['Date'], now: Date.now() - 1000 });
      t.after(() => mock.timers.reset());
      const page = await openCallback(drive, callbackUrl, 'alice');
      mock.timers.reset();
      assert.equal(page.status, 200, page.text);
    });

    it('refuses a callback from a signed-in user other than the one who started the flow', async () => {
      const drive = await createDriveHandler(fakes);
      const { callbackUrl } = await startConsent(drive, fakes.byId.box, 'mallory');
      const victim = await openCallback(drive, callbackUrl, 'alice');
      assert.equal(victim.status, 400);
      assert.deepEqual(victim.body, { error: 'Invalid or expired state' });
      assert.equal((await drive.get('/files/box', 'mallory')).status, 401, "alice's drive did not land in mallory's account");
    });

    it('stores the tokens for the user in the state when the callback carries no identity', async () => {
      const drive = await createDriveHandler(fakes);
      const user = uniqueUser();
      const { callbackUrl } = await startConsent(drive, fakes.byId.dropbox, user);
      assert.equal((await openCallback(drive, callbackUrl, undefined)).status, 200);
      assert.equal((await drive.get('/files/dropbox', user)).status, 200);
    });

    it('answers the failure rows of the route table', async () => {
      const drive = await createDriveHandler(fakes);
      const google = fakes.byId.googleDrive;
      google.oauth.refuseNextConsent = 'access_denied';
      const refused = await startConsent(drive, google, 'alice');
      const denied = await openCallback(drive, refused.callbackUrl, 'alice');
      assert.equal(denied.status, 400);
      assert.deepEqual(denied.body, { error: 'OAuth error: access_denied' });
      const retried = new URL(refused.callbackUrl);
      retried.searchParams.delete('error');
      retried.searchParams.set('code', 'guessed');
      assert.deepEqual((await openCallback(drive, retried, 'alice')).body, { error: 'Invalid or expired state' }, 'a refused flow spends its state');

      assert.deepEqual((await drive.get('/auth/google-drive/cb?state=abc', 'alice')).body, { error: 'Missing code or state' });
      assert.deepEqual((await drive.get('/auth/google-drive/cb?code=abc', 'alice')).body, { error: 'Missing code or state' });
      assert.deepEqual((await drive.get('/auth/icloud/cb?code=a&state=b', 'alice')).body, { error: 'Unknown provider: icloud' });

      const { callbackUrl } = await startConsent(drive, google, 'alice');
      callbackUrl.searchParams.set('code', 'not-a-code-the-provider-issued');
      const exchange = await openCallback(drive, callbackUrl, 'alice');
      assert.equal(exchange.status, 502);
      assert.deepEqual(exchange.body, { error: 'Token exchange failed', code: 'AUTH_PROVIDER_ERROR' });

      const storage = await getTestStorage();
      const withoutStore = inProcess(
        createUploadHandler({ storage: storage.storageConfig(), getUserId: readSessionUser, providers: fakes.providersConfig() }),
        APP_ORIGIN,
      );
      const noStore = await withoutStore.send(`${MOUNT}/auth/google-drive/cb?code=a&state=b`);
      assert.equal(noStore.status, 500);
      assert.deepEqual(noStore.body, { error: 'tokenStore is required' });
    });
  });
});
