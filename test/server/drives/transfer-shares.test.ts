/**
 * What keeps one caller from holding every drive transfer: a per-user share of the slots (all
 * anonymous callers together are one user), a deadline on the whole transfer, and a default cap
 * on the bytes a transfer writes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DownloadDrip, DownloadGate, startFakeDrives, type FakeDrives } from '../../support/fake-drives/index.js';
import { getTestStorage, type TestStorage } from '../../support/storage.js';
import { MIB, type WireResponse } from '../support/upload-harness.js';
import { connectDrive, createDriveHandler, openCallback, startConsent, uniqueUser, type DriveHandler } from './support/drive-harness.js';

const GIB = 1024 * MIB;
const HANG_GUARD = { timeout: 120_000 };
const BUSY = { error: 'Too many transfers in progress, retry later', code: 'TRANSFER_BUSY' };

/**
 * Starts a transfer of a file held after its first MiB; resolves, once the handler is reading
 * it, with the transfer's answer still to come (wrapped, or the await would wait for it).
 */
async function startHeldTransfer(
  drive: DriveHandler,
  fakes: FakeDrives,
  user: string | undefined,
  gates: DownloadGate[],
): Promise<{ answer: Promise<WireResponse> }> {
  const gate = new DownloadGate(1 * MIB);
  gates.push(gate);
  const item = fakes.byId.oneDrive.tree.addFile('slow.bin', { size: 2 * MIB, seed: gates.length }, { gate });
  const answer = drive.post('/files/one-drive/transfer', { fileId: item.id }, user);
  await gate.reached;
  return { answer };
}

describe('drive transfer shares', () => {
  let fakes: FakeDrives;
  let storage: TestStorage;
  before(async () => {
    fakes = await startFakeDrives();
    storage = await getTestStorage();
  });
  after(() => fakes.close());

  it('keeps slots for other users while one user holds its share (default options)', HANG_GUARD, async () => {
    const drive = await createDriveHandler(fakes);
    const [greedy, other] = [uniqueUser('greedy'), uniqueUser('other')];
    const oneDrive = fakes.byId.oneDrive;
    await connectDrive(drive, oneDrive, greedy);
    await connectDrive(drive, oneDrive, other);
    const quick = oneDrive.tree.addFile('quick.txt', { bytes: new TextEncoder().encode('quick') });
    const gates: DownloadGate[] = [];
    try {
      const held = [await startHeldTransfer(drive, fakes, greedy, gates), await startHeldTransfer(drive, fakes, greedy, gates)];
      const overShare = await drive.post('/files/one-drive/transfer', { fileId: quick.id }, greedy);
      assert.equal(overShare.status, 503, 'the third transfer of one user waits');
      assert.equal(overShare.headers.get('retry-after'), '5');
      assert.deepEqual(overShare.body, BUSY);
      const others = await drive.post('/files/one-drive/transfer', { fileId: quick.id }, other);
      assert.equal(others.status, 200, `another user still gets a slot: ${others.text}`);
      for (const gate of gates) gate.release();
      for (const response of await Promise.all(held.map((transfer) => transfer.answer))) assert.equal(response.status, 200);
      assert.equal((await drive.post('/files/one-drive/transfer', { fileId: quick.id }, greedy)).status, 200, 'the share frees with its transfers');
    } finally {
      for (const gate of gates) gate.release();
    }
  });

  it('counts every anonymous caller as one user', HANG_GUARD, async () => {
    const drive = await createDriveHandler(fakes, { allowAnonymous: true, allowAnonymousUploads: true });
    const oneDrive = fakes.byId.oneDrive;
    const consent = await startConsent(drive, oneDrive, undefined);
    assert.equal((await openCallback(drive, consent.callbackUrl, undefined)).status, 200);
    const signedIn = uniqueUser();
    await connectDrive(drive, oneDrive, signedIn);
    const quick = oneDrive.tree.addFile('quick.txt', { bytes: new TextEncoder().encode('quick') });
    const gates: DownloadGate[] = [];
    try {
      // Two different browsers without a session: to the handler they are the same anonymous user.
      const held = [await startHeldTransfer(drive, fakes, undefined, gates), await startHeldTransfer(drive, fakes, undefined, gates)];
      const third = await drive.post('/files/one-drive/transfer', { fileId: quick.id });
      assert.equal(third.status, 503);
      assert.deepEqual(third.body, BUSY);
      assert.equal((await drive.post('/files/one-drive/transfer', { fileId: quick.id }, signedIn)).status, 200, 'a signed-in user still gets a slot');
      for (const gate of gates) gate.release();
      for (const response of await Promise.all(held.map((transfer) => transfer.answer))) assert.equal(response.status, 200);
    } finally {
      for (const gate of gates) gate.release();
    }
  });

  it('ends a transfer that drips past drives.transferTimeoutMs, leaving nothing, and frees its slot', HANG_GUARD, async () => {
    const drive = await createDriveHandler(fakes, { drives: { transferTimeoutMs: 2_000, maxConcurrentTransfers: 1 } });
    const user = uniqueUser();
    const box = fakes.byId.box;
    await connectDrive(drive, box, user);
    // 40 chunks of 64 KiB, one every 400 ms: never silent for the 30 s per-call timeout, 16 s in all.
    const drip = box.tree.addFile('drip.bin', { size: 40 * 64 * 1024, seed: 3 }, { gate: new DownloadDrip(400) });
    const response = await drive.post('/files/box/transfer', { fileId: drip.id }, user);
    assert.equal(response.status, 500, response.text);
    assert.deepEqual(response.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });
    const prefix = `${encodeURIComponent(user)}/`;
    const objects = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: prefix }));
    assert.deepEqual(objects.Contents ?? [], [], 'no object');
    const uploads = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: prefix }));
    assert.deepEqual(uploads.Uploads ?? [], [], 'no unfinished multipart upload');
    const quick = box.tree.addFile('quick.txt', { bytes: new TextEncoder().encode('quick') });
    assert.equal((await drive.post('/files/box/transfer', { fileId: quick.id }, user)).status, 200, 'the slot is free again');
  });

  it('refuses a file above the default 5 GiB transfer cap before reading it (413)', HANG_GUARD, async () => {
    const drive = await createDriveHandler(fakes);
    const user = uniqueUser();
    const google = fakes.byId.googleDrive;
    await connectDrive(drive, google, user);
    const gate = new DownloadGate(64 * 1024);
    try {
      const large = google.tree.addFile('backup.tar', { size: 6 * GIB, seed: 5 }, { gate });
      const response = await drive.post('/files/google-drive/transfer', { fileId: large.id }, user);
      assert.equal(response.status, 413);
      assert.deepEqual(response.body, { error: 'File too large' });
      await gate.cancelled;
      const declared = await drive.post('/files/google-drive/transfer', { fileId: large.id, size: 6 * GIB }, user);
      assert.equal(declared.status, 413, 'a declared size above the cap is refused up front');
    } finally {
      gate.release();
    }
  });

  it('applies a lower drives.maxTransferBytes to the bytes streamed when the provider states no size', HANG_GUARD, async () => {
    const drive = await createDriveHandler(fakes, { drives: { maxTransferBytes: 1 * MIB } });
    const user = uniqueUser();
    const dropbox = fakes.byId.dropbox;
    await connectDrive(drive, dropbox, user);
    const unsized = dropbox.tree.addFile('unsized.bin', { size: 3 * MIB, seed: 6 }, { hideSize: true });
    const response = await drive.post('/files/dropbox/transfer', { fileId: unsized.id }, user);
    assert.equal(response.status, 500);
    assert.deepEqual(response.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });
    assert.match(String((drive.errors.at(-1)!.error as Error).message), /larger than maxFileSize \(1048576 bytes\)/);
    const objects = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `${encodeURIComponent(user)}/` }));
    assert.deepEqual(objects.Contents ?? [], [], 'no object');
  });
});
