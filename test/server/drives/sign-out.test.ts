import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toDriveTokensKey } from '../../../server/drives/drive-tokens.js';
import type { StoredDriveTokens } from '../../../server/drives/types.js';
import { startFakeDrives, type FakeDrive, type FakeDrives } from '../../support/fake-drives/index.js';
import { connectDrive, createDriveHandler, MOUNT, sessionHeaders, uniqueUser, type DriveHandler } from './support/drive-harness.js';

async function storedTokens(drive: DriveHandler, fake: FakeDrive, user: string): Promise<StoredDriveTokens | undefined> {
  const text = await drive.tokenStore.get(toDriveTokensKey(fake.slug, user));
  return typeof text === 'string' ? (JSON.parse(text) as StoredDriveTokens) : undefined;
}

function signOut(drive: DriveHandler, fake: FakeDrive, user: string | undefined, headers: Record<string, string> = {}) {
  return drive.transport.send(`${MOUNT}/auth/${fake.slug}/sign-out`, { method: 'POST', headers: { ...sessionHeaders(user), ...headers } });
}

describe('POST /auth/:provider/sign-out', () => {
  let fakes: FakeDrives;
  before(async () => {
    fakes = await startFakeDrives();
  });
  after(() => fakes.close());

  for (const id of ['googleDrive', 'dropbox', 'box'] as const) {
    it(`${id}: revokes the grant at the provider, empties the store, clears the binding cookie and answers 204`, async () => {
      const fake = fakes.byId[id];
      const drive = await createDriveHandler(fakes);
      const user = uniqueUser();
      await connectDrive(drive, fake, user);
      const tokens = (await storedTokens(drive, fake, user))!;
      assert.ok(tokens.refreshToken, 'the flow stored a refresh token');
      const revokedBefore = fake.oauth.revokedTokens.length;

      const response = await signOut(drive, fake, user);
      assert.equal(response.status, 204, response.text);
      assert.equal(response.text, '');
      assert.equal(await storedTokens(drive, fake, user), undefined, 'the token store holds nothing for the user');
      const presented = fake.oauth.revokedTokens.slice(revokedBefore);
      // Dropbox revokes the calling access token (and with it the refresh token); Google and Box take the refresh token.
      assert.deepEqual(presented, [id === 'dropbox' ? tokens.accessToken : tokens.refreshToken], 'the provider saw one revocation with the stored token');
      assert.equal(fake.oauth.isRefreshTokenLive(tokens.refreshToken!), false, 'the grant is over at the provider');
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`svc_oauth_${fake.slug.replace(/-/g, '_')}=`));
      assert.ok(cookie, 'the binding cookie is cleared');
      assert.match(cookie, /Max-Age=0/);

      const listing = await drive.get(`/files/${fake.slug}`, user);
      assert.equal(listing.status, 401, 'the next listing asks for a sign-in');
      assert.deepEqual(listing.body, { reauth: true, provider: fake.slug });
    });
  }

  it('dropbox: refreshes an expired access token first, since the revocation needs a live one', async () => {
    const fake = fakes.byId.dropbox;
    const drive = await createDriveHandler(fakes);
    const user = uniqueUser();
    await connectDrive(drive, fake, user);
    const tokens = (await storedTokens(drive, fake, user))!;
    fake.oauth.expireAccessTokens();
    await drive.tokenStore.set(toDriveTokensKey(fake.slug, user), JSON.stringify({ ...tokens, expiresAt: Date.now() - 1000 }), 3600);
    const revokedBefore = fake.oauth.revokedTokens.length;
    assert.equal((await signOut(drive, fake, user)).status, 204);
    const presented = fake.oauth.revokedTokens.slice(revokedBefore);
    assert.equal(presented.length, 1);
    assert.notEqual(presented[0], tokens.accessToken, 'a fresh access token was revoked');
    assert.equal(fake.oauth.isRefreshTokenLive(tokens.refreshToken!), false);
  });

  it('one-drive: has no revocation endpoint, so it deletes the tokens and answers 204 without calling Microsoft', async () => {
    const fake = fakes.byId.oneDrive;
    const drive = await createDriveHandler(fakes);
    const user = uniqueUser();
    await connectDrive(drive, fake, user);
    const requestsBefore = fake.requests.length;
    assert.equal((await signOut(drive, fake, user)).status, 204);
    assert.equal(await storedTokens(drive, fake, user), undefined);
    assert.deepEqual(fake.requests.slice(requestsBefore), [], 'no call to the provider');
  });

  it('is idempotent: a second sign-out, and one with nothing stored, also answer 204 without calling the provider', async () => {
    const fake = fakes.byId.googleDrive;
    const drive = await createDriveHandler(fakes);
    const user = uniqueUser();
    await connectDrive(drive, fake, user);
    assert.equal((await signOut(drive, fake, user)).status, 204);
    const revokedBefore = fake.oauth.revokedTokens.length;
    assert.equal((await signOut(drive, fake, user)).status, 204);
    assert.equal((await signOut(drive, fake, uniqueUser('never-connected'))).status, 204);
    assert.equal(fake.oauth.revokedTokens.length, revokedBefore);
  });

  for (const id of ['googleDrive', 'dropbox', 'box'] as const) {
    it(`${id}: a provider that fails to revoke still loses the stored tokens; 204, and onError hears of it`, async () => {
      const fake = fakes.byId[id];
      const drive = await createDriveHandler(fakes);
      const user = uniqueUser();
      await connectDrive(drive, fake, user);
      fake.oauth.revokeOutageStatus = 503;
      try {
        const response = await signOut(drive, fake, user);
        assert.equal(response.status, 204);
        assert.equal(await storedTokens(drive, fake, user), undefined);
        const record = drive.errors.find((entry) => entry.route === '/auth/:provider/sign-out');
        assert.ok(record, 'the failed revocation is reported');
        assert.equal(record.swallowedFrom, 'revokeTokens');
      } finally {
        fake.oauth.revokeOutageStatus = undefined;
      }
    });
  }

  it('refuses like the other drive routes: unknown provider 400, no user 401, a cross-site caller 403', async () => {
    const drive = await createDriveHandler(fakes);
    const unknown = await drive.transport.send(`${MOUNT}/auth/icloud/sign-out`, { method: 'POST', headers: sessionHeaders('alice') });
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.body, { error: 'Unknown provider: icloud' });
    const anonymous = await signOut(drive, fakes.byId.googleDrive, undefined);
    assert.equal(anonymous.status, 401);
    assert.deepEqual(anonymous.body, { error: 'Unauthenticated' });
    const user = uniqueUser();
    await connectDrive(drive, fakes.byId.googleDrive, user);
    const crossSite = await signOut(drive, fakes.byId.googleDrive, user, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    assert.equal(crossSite.status, 403);
    assert.ok(await storedTokens(drive, fakes.byId.googleDrive, user), 'a refused caller signs nobody out');
  });
});
