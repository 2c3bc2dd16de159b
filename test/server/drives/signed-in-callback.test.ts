/**
 * `drives.requireSignedInCallback`: the OAuth callback must carry the session of the user who
 * started the flow, so a binding cookie planted in a victim's browser (possible over plain http,
 * or from a sibling host) no longer decides whose account a drive is connected to.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { toDriveTokensKey } from '../../../server/drives/drive-tokens.js';
import { startFakeDrives, type FakeDrive, type FakeDrives } from '../../support/fake-drives/index.js';
import { overHttp, type Transport, type WireResponse } from '../support/upload-harness.js';
import { createDriveHandler, MOUNT, sessionHeaders, uniqueUser, type DriveHandler } from './support/drive-harness.js';

interface Flow {
  /** The binding cookie as the browser sends it back: `name=value`. */
  bindingCookie: string;
  callbackUrl: URL;
}

async function startFlow(transport: Transport, fake: FakeDrive, user: string): Promise<Flow> {
  const start = await transport.send(`${MOUNT}/auth/${fake.slug}`, { headers: sessionHeaders(user), redirect: 'manual' });
  assert.equal(start.status, 302, start.text);
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  assert.equal(consent.status, 302);
  return { bindingCookie: start.headers.getSetCookie()[0]!.split(';')[0]!, callbackUrl: new URL(consent.headers.get('location')!) };
}

/** The starting browser arrives at the callback, with or without a session of `user`. */
function openCallback(transport: Transport, flow: Flow, user?: string): Promise<WireResponse> {
  const cookies = [...(user ? [sessionHeaders(user).cookie!] : []), flow.bindingCookie];
  return transport.send(flow.callbackUrl.pathname + flow.callbackUrl.search, { headers: { cookie: cookies.join('; ') } });
}

async function hasStoredTokens(drive: DriveHandler, fake: FakeDrive, user: string): Promise<boolean> {
  return typeof (await drive.tokenStore.get(toDriveTokensKey(fake.slug, user))) === 'string';
}

describe('drives.requireSignedInCallback', () => {
  let fakes: FakeDrives;
  const transports: Transport[] = [];
  before(async () => {
    fakes = await startFakeDrives();
  });
  after(async () => {
    await Promise.all(transports.map((transport) => transport.close()));
    await fakes.close();
  });

  async function serve(requireSignedInCallback?: boolean): Promise<{ drive: DriveHandler; transport: Transport }> {
    const drive = await createDriveHandler(fakes, requireSignedInCallback === undefined ? {} : { drives: { requireSignedInCallback } });
    const transport = await overHttp(drive.handler);
    transports.push(transport);
    return { drive, transport };
  }

  it('refuses a callback that carries no session with 401, exchanges no code, stores nothing and spends the state', async () => {
    const { drive, transport } = await serve(true);
    for (const fake of fakes.all) {
      const user = uniqueUser();
      const flow = await startFlow(transport, fake, user);
      const exchanges = fake.oauth.exchanges;
      const callback = await openCallback(transport, flow);
      assert.equal(callback.status, 401, `${fake.slug}: ${callback.text}`);
      assert.deepEqual(callback.body, { error: 'Unauthenticated' });
      assert.equal(fake.oauth.exchanges, exchanges, 'the code was not exchanged');
      assert.equal(await hasStoredTokens(drive, fake, user), false, 'no tokens stored');
      assert.ok(
        callback.headers.getSetCookie().some((line) => line.startsWith(`${flow.bindingCookie.split('=')[0]}=;`) && line.includes('Max-Age=0')),
        'the binding cookie is cleared',
      );
      assert.deepEqual((await openCallback(transport, flow, user)).body, { error: 'Invalid or expired state' }, 'the refused flow is spent');
    }
  });

  it('accepts the callback of the user who started the flow and stores the tokens for that user', async () => {
    const { drive, transport } = await serve(true);
    const fake = fakes.byId.dropbox;
    const user = uniqueUser();
    const callback = await openCallback(transport, await startFlow(transport, fake, user), user);
    assert.equal(callback.status, 200, callback.text);
    assert.match(callback.text, /svc:oauth-success/);
    assert.equal(await hasStoredTokens(drive, fake, user), true);
  });

  it('still refuses another signed-in user with 400 Invalid or expired state', async () => {
    const { drive, transport } = await serve(true);
    const fake = fakes.byId.box;
    const starter = uniqueUser('starter');
    const other = uniqueUser('other');
    const callback = await openCallback(transport, await startFlow(transport, fake, starter), other);
    assert.equal(callback.status, 400);
    assert.deepEqual(callback.body, { error: 'Invalid or expired state' });
    assert.equal(await hasStoredTokens(drive, fake, starter), false);
    assert.equal(await hasStoredTokens(drive, fake, other), false);
  });

  it('is off by default: a session-less callback with the binding cookie completes for the starting user', async () => {
    for (const option of [undefined, false]) {
      const { drive, transport } = await serve(option);
      const fake = fakes.byId.googleDrive;
      const user = uniqueUser();
      const callback = await openCallback(transport, await startFlow(transport, fake, user));
      assert.equal(callback.status, 200, `requireSignedInCallback: ${option}: ${callback.text}`);
      assert.equal(await hasStoredTokens(drive, fake, user), true);
    }
  });
});
