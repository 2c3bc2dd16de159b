/**
 * Provider answers and races the drive routes must survive: a refresh racing a sign-out, a
 * download host that refuses, endless error pages, API redirects, `+xml` types, OAuth error text.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFakeDrives, type FakeDrives } from '../../support/fake-drives/index.js';
import { connectDrive, createDriveHandler, MOUNT, sessionHeaders, startConsent, uniqueUser } from './support/drive-harness.js';

/** A loopback server answering every request with `status`, counting what it received. */
async function startCountingServer(status: number): Promise<{ origin: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end('answer of another host');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The messages of an error and its causes, as a log line would show them. */
function describeError(error: unknown): string {
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages.join(' <- ');
}

describe('hostile provider answers', () => {
  let fakes: FakeDrives;
  before(async () => {
    fakes = await startFakeDrives();
  });
  after(() => fakes.close());

  it('a sign-out during a token refresh wins: the drive stays disconnected', { timeout: 60_000 }, async () => {
    const drive = await createDriveHandler(fakes);
    const user = uniqueUser();
    const oneDrive = fakes.byId.oneDrive;
    const { oauth } = oneDrive;
    oauth.accessTokenLifetimeSeconds = 5;
    await connectDrive(drive, oneDrive, user);
    oauth.accessTokenLifetimeSeconds = 3600;
    const refreshesBefore = oauth.refreshes;
    let openGate!: () => void;
    oauth.refreshGate = new Promise((resolve) => {
      openGate = resolve;
    });
    try {
      const listing = drive.get('/files/one-drive', user);
      while (oauth.refreshes === refreshesBefore) await sleep(10);
      const signOut = await drive.transport.send(`${MOUNT}/auth/one-drive/sign-out`, { method: 'POST', headers: sessionHeaders(user) });
      assert.equal(signOut.status, 204);
      openGate();
      await listing;
    } finally {
      oauth.refreshGate = undefined;
      openGate();
    }
    const after = await drive.get('/files/one-drive', user);
    assert.equal(after.status, 401, 'the renewed tokens were not kept');
    assert.deepEqual(after.body, { reauth: true, provider: 'one-drive' });
  });

  it('a 401 from the download host fails the transfer without deleting the tokens, and logs only its origin', async (t) => {
    const host = await startCountingServer(401);
    t.after(() => host.close());
    const drive = await createDriveHandler(fakes);
    const user = uniqueUser();
    const box = fakes.byId.box;
    await connectDrive(drive, box, user);
    const item = box.tree.addFile('report.txt', { bytes: new TextEncoder().encode('bytes') });
    box.downloadRedirectOrigin = host.origin;
    try {
      const transfer = await drive.post('/files/box/transfer', { fileId: item.id }, user);
      assert.equal(transfer.status, 500);
      assert.deepEqual(transfer.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });
    } finally {
      box.downloadRedirectOrigin = undefined;
    }
    assert.equal(host.requests.length, 1);
    const logged = describeError(drive.errors.at(-1)!.error);
    assert.match(logged, new RegExp(`${host.origin.replace(/[.]/g, '\\.')} \\(redirected download\\) answered 401`));
    assert.ok(!logged.includes('/dl/'), `the capability path stays out of the log: ${logged}`);
    assert.equal((await drive.get('/files/box', user)).status, 200, 'the drive is still connected');
  });

  it('reads at most 2 KiB of a provider error body, even an endless one', { timeout: 30_000 }, async () => {
    const drive = await createDriveHandler(fakes, { drives: { timeoutMs: 120_000 } });
    const user = uniqueUser();
    const dropbox = fakes.byId.dropbox;
    await connectDrive(drive, dropbox, user);
    let cancelled = false;
    dropbox.answerOverride = {
      pathPrefix: '/2/files/list_folder',
      respond: () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new TextEncoder().encode('x'.repeat(4096)));
            },
            cancel() {
              cancelled = true;
            },
          }),
          { status: 500 },
        ),
    };
    try {
      const listing = await drive.get('/files/dropbox', user);
      assert.equal(listing.status, 500);
      assert.deepEqual(listing.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });
    } finally {
      dropbox.answerOverride = undefined;
    }
    const message = describeError(drive.errors.at(-1)!.error);
    assert.ok(message.endsWith(`answered 500: ${'x'.repeat(2048)}`), `the preview is the first 2 KiB: ${message.slice(0, 200)}`);
    while (!cancelled) await sleep(10);
  });

  it('follows no redirect on listing and metadata calls', async (t) => {
    const elsewhere = await startCountingServer(200);
    t.after(() => elsewhere.close());
    const drive = await createDriveHandler(fakes);
    const user = uniqueUser();
    const google = fakes.byId.googleDrive;
    await connectDrive(drive, google, user);
    google.answerOverride = {
      pathPrefix: '/drive/v3/files',
      respond: () => new Response(null, { status: 302, headers: { location: `${elsewhere.origin}/files` } }),
    };
    try {
      const listing = await drive.get('/files/google-drive', user);
      assert.equal(listing.status, 500);
      assert.deepEqual(listing.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });
      const transfer = await drive.post('/files/google-drive/transfer', { fileId: 'abc' }, user);
      assert.equal(transfer.status, 500);
    } finally {
      google.answerOverride = undefined;
    }
    assert.deepEqual(elsewhere.requests, [], 'the redirect target was never contacted');
  });

  it('family patterns admit no +xml type, on /presign and on transfers', async () => {
    const drive = await createDriveHandler(fakes, { allowedTypes: ['image/*', 'application/*', 'text/*'] });
    const user = uniqueUser();
    for (const type of ['image/x-drawing+xml', 'application/rss+xml', 'text/vnd.example+xml', 'image/svg+xml']) {
      const presign = await drive.post('/presign', { name: 'file', type, size: 10 }, user);
      assert.equal(presign.status, 415, type);
      assert.deepEqual(presign.body, { error: 'File type not allowed' });
    }
    assert.equal((await drive.post('/presign', { name: 'a.png', type: 'image/png', size: 10 }, user)).status, 200);
    const google = fakes.byId.googleDrive;
    await connectDrive(drive, google, user);
    const feed = google.tree.addFile('feed', { bytes: new TextEncoder().encode('<feed/>') }, { mimeType: 'application/atom+xml' });
    const transfer = await drive.post('/files/google-drive/transfer', { fileId: feed.id, mimeType: 'application/octet-stream' }, user);
    assert.equal(transfer.status, 415);
    const named = await createDriveHandler(fakes, { allowedTypes: ['image/*', 'application/rss+xml'] });
    assert.equal((await named.post('/presign', { name: 'feed.rss', type: 'application/rss+xml', size: 10 }, user)).status, 200, 'listed by name');
  });

  it('answers a fixed text for an OAuth error the provider did not define', async () => {
    const drive = await createDriveHandler(fakes);
    const user = uniqueUser();
    const { callbackUrl } = await startConsent(drive, fakes.byId.box, user);
    const state = callbackUrl.searchParams.get('state')!;
    const hostile = await drive.get(`/auth/box/cb?state=${state}&error=${encodeURIComponent('Your account is locked, call +1 555 0100')}`, user);
    assert.equal(hostile.status, 400);
    assert.deepEqual(hostile.body, { error: 'OAuth error: unknown_error' });
    const denied = await drive.get('/auth/box/cb?error=access_denied', user);
    assert.deepEqual(denied.body, { error: 'OAuth error: access_denied' });
  });
});
