/**
 * A drive transfer ends like every upload: the verdict, then `onFileUploaded` and
 * `onUploadComplete`, once per stored object, even when the client leaves while storage commits.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { UploadedFileEvent } from '../../../server/index.js';
import { startFakeDrives, type FakeDrive, type FakeDrives } from '../../support/fake-drives/index.js';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy.mjs';
import { getTestStorage, type TestStorage } from '../../support/storage.js';
import { connectDrive, createDriveHandler, MOUNT, sessionHeaders, uniqueUser } from './support/drive-harness.js';

describe('drive transfer completion', () => {
  let fakes: FakeDrives;
  let fake: FakeDrive;
  let storage: TestStorage;
  let proxy: FaultProxy;
  const events: { hook: string; file: UploadedFileEvent }[] = [];
  let verdict: () => boolean = () => true;
  const count = (key: string, hook = 'onFileUploaded') => events.filter((event) => event.hook === hook && event.file.key === key).length;

  before(async () => {
    fakes = await startFakeDrives();
    fake = fakes.all.find((candidate) => candidate.slug === 'dropbox')!;
    storage = await getTestStorage();
    proxy = await startFaultProxy(storage.storageConfig().endpoint, [{ match: 'put', side: 'handler', fault: 'hold-answer' }]);
  });
  after(async () => {
    await proxy.close();
    await fakes.close();
  });

  async function setUp() {
    const drive = await createDriveHandler(fakes, {
      storage: { ...storage.storageConfig(), endpoint: proxy.endpoint },
      hooks: {
        verifyUpload: () => verdict(),
        onFileUploaded: (file) => {
          events.push({ hook: 'onFileUploaded', file });
        },
        onUploadComplete: (file) => {
          events.push({ hook: 'onUploadComplete', file });
        },
        onError: () => undefined,
      },
    });
    const user = uniqueUser('transfer');
    await connectDrive(drive, fake, user);
    return { drive, user };
  }

  it('the client leaves while storage stores the file: the object stays and its hooks run once', async () => {
    const { drive, user } = await setUp();
    const bytes = new Uint8Array(randomBytes(1000));
    const item = fake.tree.addFile('cut.bin', { bytes }, { mimeType: 'application/octet-stream' });
    const client = new AbortController();
    const pending = drive.handler(
      new Request(`http://app.test${MOUNT}/files/dropbox/transfer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...sessionHeaders(user) },
        body: JSON.stringify({ fileId: item.id, size: bytes.length }),
        signal: client.signal,
      }),
    );
    await proxy.held();
    client.abort();
    proxy.releaseHeld();
    await pending;
    const listing = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `${user}/` }));
    const keys = (listing.Contents ?? []).map((object) => object.Key!);
    assert.equal(keys.length, 1, 'the object is stored');
    assert.equal(count(keys[0]!), 1, 'onFileUploaded ran for it');
    assert.equal(count(keys[0]!, 'onUploadComplete'), 1, 'onUploadComplete ran for it');
  });

  it('runs onFileUploaded and onUploadComplete once, with the source, the drive and an upload id', async () => {
    const { drive, user } = await setUp();
    const bytes = new Uint8Array(randomBytes(2000));
    const item = fake.tree.addFile('hooks.bin', { bytes }, { mimeType: 'application/octet-stream' });
    const response = await drive.post('/files/dropbox/transfer', { fileId: item.id, size: bytes.length }, user);
    assert.equal(response.status, 200, response.text);
    const fired = events.filter((event) => event.file.key === response.body.key);
    assert.deepEqual(
      fired.map((event) => event.hook),
      ['onFileUploaded', 'onUploadComplete'],
    );
    assert.equal(fired[0]!.file.source, 'drive');
    assert.equal(fired[0]!.file.provider, 'dropbox');
    assert.match(fired[0]!.file.uploadId, /^[0-9a-f-]{36}$/);
    assert.equal(fired[1]!.file.uploadId, fired[0]!.file.uploadId);
  });

  it('a refusing verdict deletes the object and answers 403 Upload rejected', async () => {
    const { drive, user } = await setUp();
    verdict = () => false;
    try {
      const item = fake.tree.addFile('refused.bin', { bytes: new Uint8Array(randomBytes(500)) }, { mimeType: 'application/octet-stream' });
      const response = await drive.post('/files/dropbox/transfer', { fileId: item.id, size: 500 }, user);
      assert.deepEqual([response.status, response.body], [403, { error: 'Upload rejected' }]);
      const listing = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `${user}/` }));
      assert.deepEqual(listing.Contents ?? [], [], 'nothing stored');
    } finally {
      verdict = () => true;
    }
  });
});
