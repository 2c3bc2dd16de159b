/**
 * What bounds a drive transfer: the same upload policy as /presign, a concurrency bound, the file
 * size a transfer can hold, timeouts, the client going away, and where downloads may redirect.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { after, before, describe, it, type TestContext } from 'node:test';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { UpupError, type BeforeUploadContext, type UploadErrorRecord } from '../../../server/index.js';
import { DownloadGate, startFakeDrives, type FakeDrives } from '../../support/fake-drives/index.js';
import { getTestStorage, type TestStorage } from '../../support/storage.js';
import { MIB, overHttp } from '../support/upload-harness.js';
import { connectDrive, createDriveHandler, MOUNT, openCallback, sessionHeaders, startConsent, uniqueUser } from './support/drive-harness.js';

const GIB = 1024 * MIB;
/** Generous: a transfer that never ends fails the test instead of hanging the run. */
const HANG_GUARD = { timeout: 120_000 };

async function assertNothingLeft(storage: TestStorage, user: string, t: TestContext): Promise<void> {
  const prefix = `${encodeURIComponent(user)}/`;
  const objects = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: prefix }));
  assert.deepEqual(
    (objects.Contents ?? []).map((object) => object.Key),
    [],
    'no object',
  );
  try {
    const uploads = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: prefix }));
    assert.deepEqual(
      (uploads.Uploads ?? []).map((upload) => upload.Key),
      [],
      'no multipart upload left',
    );
  } catch (error) {
    if ((error as Error).name === 'AssertionError') throw error;
    t.diagnostic('storage cannot list multipart uploads; checked objects only');
  }
}

async function countMultipartUploads(storage: TestStorage, user: string): Promise<number> {
  const uploads = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: `${encodeURIComponent(user)}/` }));
  return (uploads.Uploads ?? []).length;
}

/** Checks `condition` every 50 ms until it holds (the test's own timeout bounds the wait). */
async function waitUntil(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Resolves with the next `onError` record. */
async function nextError(errors: UploadErrorRecord[]): Promise<UploadErrorRecord> {
  const seen = errors.length;
  await waitUntil(() => errors.length > seen);
  return errors[seen]!;
}

describe('drive transfer limits', () => {
  let fakes: FakeDrives;
  let storage: TestStorage;
  before(async () => {
    fakes = await startFakeDrives();
    storage = await getTestStorage();
  });
  after(() => fakes.close());

  it('refuses the dot-segment ids . and .. (and over-long ids) before any provider call', async () => {
    const drive = await createDriveHandler(fakes);
    const user = uniqueUser();
    await connectDrive(drive, fakes.byId.box, user);
    const requestsBefore = fakes.byId.box.requests.length;
    for (const fileId of ['.', '..', 'x'.repeat(1025)]) {
      const response = await drive.post('/files/box/transfer', { fileId }, user);
      assert.equal(response.status, 400, fileId.slice(0, 8));
      assert.deepEqual(response.body, { error: 'Invalid fileId', code: 'BAD_REQUEST' });
    }
    const listing = await drive.get('/files/box?folderId=..', user);
    assert.equal(listing.status, 400);
    assert.deepEqual(listing.body, { error: 'Invalid folderId', code: 'BAD_REQUEST' });
    assert.equal(fakes.byId.box.requests.length, requestsBefore, 'the provider saw none of them');
  });

  it('answers 413 for a file larger than 10,000 parts of 64 MiB, without downloading it', HANG_GUARD, async () => {
    const drive = await createDriveHandler(fakes);
    const user = uniqueUser();
    const google = fakes.byId.googleDrive;
    await connectDrive(drive, google, user);
    // Held after the first chunk: the answer's headers go out, the rest would take days.
    const gate = new DownloadGate(64 * 1024);
    const huge = google.tree.addFile('disk-image.raw', { size: 700 * GIB, seed: 1 }, { gate });
    const response = await drive.post('/files/google-drive/transfer', { fileId: huge.id }, user);
    assert.equal(response.status, 413);
    assert.deepEqual(response.body, { error: 'File too large' });
    await gate.cancelled;
  });

  it('runs onBeforeUpload with phase transfer and the file as the provider describes it', async () => {
    const seen: BeforeUploadContext[] = [];
    const drive = await createDriveHandler(fakes, {
      hooks: {
        onBeforeUpload(ctx) {
          seen.push(ctx);
          if (ctx.file.name.startsWith('blocked')) return false;
          if (ctx.file.name.startsWith('quota')) throw new UpupError('Quota exceeded', 'QUOTA', { status: 429 });
          return true;
        },
      },
    });
    const user = uniqueUser();
    const dropbox = fakes.byId.dropbox;
    await connectDrive(drive, dropbox, user);
    const blocked = dropbox.tree.addFile('blocked.txt', { bytes: new TextEncoder().encode('no') });
    const refused = await drive.post('/files/dropbox/transfer', { fileId: blocked.id }, user);
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { error: 'Upload rejected' });
    const quota = dropbox.tree.addFile('quota.txt', { bytes: new TextEncoder().encode('no') });
    const overQuota = await drive.post('/files/dropbox/transfer', { fileId: quota.id }, user);
    assert.equal(overQuota.status, 429);
    assert.deepEqual(overQuota.body, { error: 'Quota exceeded', code: 'QUOTA' });
    const allowed = dropbox.tree.addFile('notes.txt', { bytes: new TextEncoder().encode('fine') });
    assert.equal((await drive.post('/files/dropbox/transfer', { fileId: allowed.id, fileName: 'renamed.txt' }, user)).status, 200);
    assert.deepEqual(
      seen.map((ctx) => [ctx.phase, ctx.file]),
      [
        ['transfer', { name: 'blocked.txt', type: 'text/plain', size: 2 }],
        ['transfer', { name: 'quota.txt', type: 'text/plain', size: 2 }],
        ['transfer', { name: 'renamed.txt', type: 'text/plain', size: 4 }],
      ],
    );
    const stored = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `${encodeURIComponent(user)}/` }));
    assert.deepEqual(
      (stored.Contents ?? []).map((object) => object.Key!.split('/').at(-1)),
      ['renamed.txt'],
      'refused files never reached the bucket',
    );
  });

  it('applies the anonymous-upload rule of /presign to anonymous drive namespaces', async () => {
    const closed = await createDriveHandler(fakes, { getUserId: undefined, allowAnonymous: true });
    const dropbox = fakes.byId.dropbox;
    await connectDrive(closed, dropbox, 'ignored');
    const item = dropbox.tree.addFile('anonymous.txt', { bytes: new TextEncoder().encode('anon') });
    const refused = await closed.post('/files/dropbox/transfer', { fileId: item.id });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'AUTH_REQUIRED');

    const signedInOnly = await createDriveHandler(fakes, { allowAnonymous: true });
    await connectDrive(signedInOnly, dropbox, 'ignored');
    const anonymous = await signedInOnly.post('/files/dropbox/transfer', { fileId: item.id });
    assert.equal(anonymous.status, 401);
    assert.deepEqual(anonymous.body, { error: 'Unauthenticated' });
  });

  it('answers 503 with Retry-After beyond maxConcurrentTransfers, and takes new ones once a slot frees', HANG_GUARD, async () => {
    const drive = await createDriveHandler(fakes, { drives: { maxConcurrentTransfers: 1 } });
    const user = uniqueUser();
    const oneDrive = fakes.byId.oneDrive;
    await connectDrive(drive, oneDrive, user);
    const gate = new DownloadGate(1 * MIB);
    const slow = oneDrive.tree.addFile('slow.bin', { size: 2 * MIB, seed: 4 }, { gate });
    const quick = oneDrive.tree.addFile('quick.txt', { bytes: new TextEncoder().encode('quick') });
    const first = drive.post('/files/one-drive/transfer', { fileId: slow.id }, user);
    await gate.reached;
    const busy = await drive.post('/files/one-drive/transfer', { fileId: quick.id }, user);
    assert.equal(busy.status, 503);
    assert.equal(busy.headers.get('retry-after'), '5');
    assert.deepEqual(busy.body, { error: 'Too many transfers in progress, retry later', code: 'TRANSFER_BUSY' });
    gate.release();
    assert.equal((await first).status, 200);
    assert.equal((await drive.post('/files/one-drive/transfer', { fileId: quick.id }, user)).status, 200);
  });

  it('aborts the multipart upload and stops the download when the client disconnects', HANG_GUARD, async (t) => {
    const drive = await createDriveHandler(fakes);
    const http = await overHttp(drive.handler);
    t.after(() => http.close());
    const user = uniqueUser();
    const google = fakes.byId.googleDrive;
    await connectDrive(drive, google, user);
    const gate = new DownloadGate(7 * MIB);
    t.after(() => gate.release());
    const item = google.tree.addFile('movie.mp4', { size: 20 * MIB, seed: 9 }, { gate, mimeType: 'video/mp4' });
    const client = new AbortController();
    const failure = nextError(drive.errors);
    const request = http
      .send(`${MOUNT}/files/google-drive/transfer`, {
        method: 'POST',
        body: JSON.stringify({ fileId: item.id }),
        headers: { 'content-type': 'application/json', ...sessionHeaders(user) },
        signal: client.signal,
      })
      .catch((error: unknown) => error);
    // Socket buffers let the provider run ahead of the handler: wait until the handler has written a part.
    await gate.reached;
    await waitUntil(async () => (await countMultipartUploads(storage, user)) === 1);
    client.abort();
    assert.equal(((await request) as Error).name, 'AbortError');
    await gate.cancelled;
    await failure;
    await assertNothingLeft(storage, user, t);
  });

  it('fails a download that stops sending for drives.timeoutMs and leaves nothing', HANG_GUARD, async (t) => {
    const drive = await createDriveHandler(fakes, { drives: { timeoutMs: 3000 } });
    const user = uniqueUser();
    const box = fakes.byId.box;
    await connectDrive(drive, box, user);
    const gate = new DownloadGate(6 * MIB);
    t.after(() => gate.release());
    const item = box.tree.addFile('stuck.bin', { size: 12 * MIB, seed: 2 }, { gate });
    const response = await drive.post('/files/box/transfer', { fileId: item.id }, user);
    assert.equal(response.status, 500);
    assert.deepEqual(response.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });
    assert.match(String((drive.errors.at(-1)!.error as Error).message), /sent nothing for 3000 ms/);
    await gate.cancelled;
    await assertNothingLeft(storage, user, t);
  });

  it('gives up on a provider that does not answer, at the token endpoint and in listings', HANG_GUARD, async (t) => {
    const drive = await createDriveHandler(fakes, { drives: { timeoutMs: 3000 } });
    const user = uniqueUser();
    const dropbox = fakes.byId.dropbox;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.after(() => {
      dropbox.holdRequests = undefined;
      release();
    });

    const { callbackUrl } = await startConsent(drive, dropbox, user);
    dropbox.holdRequests = { pathPrefix: '/oauth2/token', released };
    const exchange = await openCallback(drive, callbackUrl, user);
    assert.equal(exchange.status, 502);
    assert.deepEqual(exchange.body, { error: 'Token exchange failed', code: 'AUTH_PROVIDER_ERROR' });

    dropbox.holdRequests = undefined;
    await connectDrive(drive, dropbox, user);
    dropbox.holdRequests = { pathPrefix: '/2/files/list_folder', released };
    const listing = await drive.get('/files/dropbox', user);
    assert.equal(listing.status, 500);
    assert.deepEqual(listing.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });
    assert.match(String((drive.errors.at(-1)!.error as Error).message), /timeout|aborted/i);
  });

  describe('download redirects', () => {
    const lanAddress = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
    let lanServer: Server | undefined;
    let lanRequests = 0;
    let lanOrigin = '';
    before(async () => {
      if (!lanAddress) return;
      lanServer = createServer((_, res) => {
        lanRequests += 1;
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end('bytes from a plain-http host');
      });
      await new Promise<void>((resolve) => lanServer!.listen(0, lanAddress, resolve));
      lanOrigin = `http://${lanAddress}:${(lanServer.address() as AddressInfo).port}`;
    });
    after(async () => {
      fakes.byId.oneDrive.downloadRedirectOrigin = undefined;
      if (lanServer)
        await new Promise<void>((resolve) => {
          lanServer!.closeAllConnections();
          lanServer!.close(() => resolve());
        });
    });

    it('follows a redirect only to https, or to loopback http when the provider itself is loopback http', async (t) => {
      if (!lanServer) {
        t.skip('this machine has no non-loopback IPv4 address to stand in for a plain-http host');
        return;
      }
      const drive = await createDriveHandler(fakes);
      const user = uniqueUser();
      const oneDrive = fakes.byId.oneDrive;
      await connectDrive(drive, oneDrive, user);
      const item = oneDrive.tree.addFile('redirected.txt', { bytes: new TextEncoder().encode('real bytes') });
      oneDrive.downloadRedirectOrigin = lanOrigin;
      const refused = await drive.post('/files/one-drive/transfer', { fileId: item.id }, user);
      assert.equal(refused.status, 500);
      assert.deepEqual(refused.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });
      assert.match(String((drive.errors.at(-1)!.error as Error).message), /redirect to http:\/\/.* was refused/);
      assert.equal(lanRequests, 0, 'the plain-http host was never contacted');
      oneDrive.downloadRedirectOrigin = undefined;
      assert.equal((await drive.post('/files/one-drive/transfer', { fileId: item.id }, user)).status, 200, 'loopback http is fine for a loopback provider');
    });
  });
});
