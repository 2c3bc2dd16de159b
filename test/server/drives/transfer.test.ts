import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it, type TestContext } from 'node:test';
import { GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createUploadHandler, type UploadedFileEvent } from '../../../server/index.js';
import { exportedBytes, generatedBytes, sha256Hex, startFakeDrives, type FakeDrive, type FakeDrives } from '../../support/fake-drives/index.js';
import { getTestStorage, type TestStorage } from '../../support/storage.js';
import { inProcess, MIB } from '../support/upload-harness.js';
import { APP_ORIGIN, connectDrive, createDriveHandler, MOUNT, readSessionUser, uniqueUser, type DriveHandler } from './support/drive-harness.js';

async function readObject(storage: TestStorage, key: string): Promise<{ bytes: Uint8Array; contentType: string | undefined; etag: string }> {
  const object = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
  const head = await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key }));
  return { bytes: await object.Body!.transformToByteArray(), contentType: object.ContentType, etag: head.ETag ?? '' };
}

/** Keys and unfinished multipart uploads under a user's namespace. */
async function listUserLeftovers(storage: TestStorage, user: string): Promise<{ keys: string[]; uploads: string[] | 'unsupported' }> {
  const prefix = `${encodeURIComponent(user)}/`;
  const objects = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: prefix }));
  let uploads: string[] | 'unsupported';
  try {
    const listed = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: prefix }));
    uploads = (listed.Uploads ?? []).map((upload) => upload.Key!);
  } catch {
    uploads = 'unsupported';
  }
  return { keys: (objects.Contents ?? []).map((object) => object.Key!), uploads };
}

/**
 * A multipart object's ETag ends in `-<parts>` on S3 and RGW; a single PUT's is a plain digest.
 * The s3rver development store gives every object a plain digest, so there the count is not checked.
 */
function assertWrittenInParts(storage: TestStorage, etag: string, parts: number, t: TestContext): void {
  if (storage.kind === 's3rver') {
    t.diagnostic('s3rver gives multipart objects a plain ETag: part count not checked');
    return;
  }
  const match = /-(\d+)"?$/.exec(etag);
  assert.equal(match ? Number(match[1]) : 0, parts, parts === 0 ? 'one PUT' : `${parts} parts`);
}

describe('POST /files/:provider/transfer', () => {
  let fakes: FakeDrives;
  let storage: TestStorage;
  let drive: DriveHandler;
  const uploaded: Array<UploadedFileEvent & { durable: boolean }> = [];

  before(async () => {
    fakes = await startFakeDrives();
    storage = await getTestStorage();
    drive = await createDriveHandler(fakes, {
      hooks: {
        async onFileUploaded(file) {
          const head = await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: file.key })).catch(() => undefined);
          uploaded.push({ ...file, durable: head !== undefined });
        },
        onError: (record) => {
          drive.errors.push(record);
        },
      },
    });
  });
  after(() => fakes.close());

  for (const slug of ['google-drive', 'one-drive', 'dropbox', 'box'] as const) {
    describe(slug, () => {
      const fake = (): FakeDrive => fakes.all.find((candidate) => candidate.slug === slug)!;

      it('writes a small file with one PUT, byte for byte, under the /presign key layout', async (t) => {
        const user = uniqueUser();
        await connectDrive(drive, fake(), user);
        const bytes = new Uint8Array(randomBytes(300 * 1024));
        const item = fake().tree.addFile('Holiday Photo (1).png', { bytes }, { mimeType: 'image/png' });
        const response = await drive.post(`/files/${slug}/transfer`, { fileId: item.id, size: bytes.byteLength, mimeType: 'image/png' }, user);
        assert.equal(response.status, 200, response.text);
        const { key, url, ...rest } = response.body;
        assert.deepEqual(rest, { provider: slug, name: 'Holiday Photo (1).png', size: bytes.byteLength, type: 'image/png' });
        assert.match(key, new RegExp(`^${user}/[0-9a-f-]{36}/Holiday_Photo_1_\\.png$`));
        const stored = await readObject(storage, key);
        assert.deepEqual(stored.bytes, bytes);
        assert.equal(stored.contentType, 'image/png');
        assertWrittenInParts(storage, stored.etag, 0, t);
        const viaUrl = await fetch(url);
        assert.deepEqual(new Uint8Array(await viaUrl.arrayBuffer()), bytes, 'the signed download URL serves the object');
      });

      it('streams a larger file as 5 MiB parts and runs onFileUploaded once it is durable', async (t) => {
        const user = uniqueUser();
        await connectDrive(drive, fake(), user);
        const size = 12 * MIB + 3;
        const seed = 7 + slug.length;
        const item = fake().tree.addFile('big-archive.zip', { size, seed }, { mimeType: 'application/zip' });
        const response = await drive.post(`/files/${slug}/transfer`, { fileId: item.id }, user);
        assert.equal(response.status, 200, response.text);
        assert.equal(response.body.size, size);
        const stored = await readObject(storage, response.body.key);
        assert.equal(stored.bytes.byteLength, size);
        assert.equal(sha256Hex(stored.bytes), sha256Hex(generatedBytes(size, seed)), 'bytes land in order');
        assertWrittenInParts(storage, stored.etag, 3, t);
        const event = uploaded.find((file) => file.key === response.body.key);
        assert.ok(event, 'onFileUploaded ran');
        assert.equal(event.durable, true, 'the object existed when the hook ran');
        assert.deepEqual(
          { source: event.source, provider: event.provider, size: event.size, userId: event.userId, name: event.name, type: event.type },
          { source: 'drive', provider: slug, size, userId: user, name: 'big-archive.zip', type: 'application/zip' },
        );
      });
    });
  }

  it('streams a file of unknown size as parts, and a small one of unknown size with one PUT', async (t) => {
    const dropbox = fakes.byId.dropbox;
    const user = uniqueUser();
    await connectDrive(drive, dropbox, user);
    const large = dropbox.tree.addFile('unsized.bin', { size: 7 * MIB, seed: 99 }, { hideSize: true });
    const small = dropbox.tree.addFile('unsized.txt', { bytes: new TextEncoder().encode('no length given') }, { hideSize: true });
    const largeResponse = await drive.post('/files/dropbox/transfer', { fileId: large.id }, user);
    assert.equal(largeResponse.status, 200, largeResponse.text);
    assert.equal(largeResponse.body.size, 7 * MIB);
    const largeObject = await readObject(storage, largeResponse.body.key);
    assert.equal(sha256Hex(largeObject.bytes), sha256Hex(generatedBytes(7 * MIB, 99)));
    assertWrittenInParts(storage, largeObject.etag, 2, t);
    const smallResponse = await drive.post('/files/dropbox/transfer', { fileId: small.id }, user);
    assert.equal(smallResponse.status, 200, smallResponse.text);
    const smallObject = await readObject(storage, smallResponse.body.key);
    assert.equal(new TextDecoder().decode(smallObject.bytes), 'no length given');
    assert.equal(smallObject.contentType, 'text/plain');
  });

  it('transfers Google Docs editors files as their exports', async () => {
    const google = fakes.byId.googleDrive;
    const user = uniqueUser();
    await connectDrive(drive, google, user);
    const cases = [
      ['Plan', 'application/vnd.google-apps.document', 'Plan.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['Budget', 'application/vnd.google-apps.spreadsheet', 'Budget.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['Pitch', 'application/vnd.google-apps.presentation', 'Pitch.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      ['Diagram', 'application/vnd.google-apps.drawing', 'Diagram.png', 'image/png'],
    ] as const;
    for (const [name, nativeType, exportedName, exportedType] of cases) {
      const item = google.tree.addNativeDocument(name, nativeType);
      const response = await drive.post('/files/google-drive/transfer', { fileId: item.id, mimeType: exportedType }, user);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.name, exportedName);
      assert.equal(response.body.type, exportedType);
      const stored = await readObject(storage, response.body.key);
      assert.deepEqual(stored.bytes, exportedBytes(item, exportedType));
      assert.equal(stored.contentType, exportedType);
      assert.ok(response.body.key.endsWith(`/${exportedName}`));
    }
  });

  it('stops at maxFileSize mid-stream and leaves nothing in the bucket', async (t) => {
    const capped = await createDriveHandler(fakes, { maxFileSize: 6 * MIB });
    const oneDrive = fakes.byId.oneDrive;
    const user = uniqueUser();
    await connectDrive(capped, oneDrive, user);
    const item = oneDrive.tree.addFile('sneaky.bin', { size: 12 * MIB, seed: 5 }, { hideSize: true });
    const response = await capped.post('/files/one-drive/transfer', { fileId: item.id }, user);
    assert.equal(response.status, 500);
    assert.deepEqual(response.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });
    assert.match(String((capped.errors.at(-1)!.error as Error).message), /larger than maxFileSize/);
    const leftovers = await listUserLeftovers(storage, user);
    assert.deepEqual(leftovers.keys, [], 'no object');
    if (leftovers.uploads === 'unsupported') t.diagnostic('storage cannot list multipart uploads; checked objects only');
    else assert.deepEqual(leftovers.uploads, [], 'the multipart upload was aborted');
  });

  it('refuses a file whose declared or provider-reported size is above maxFileSize', async () => {
    const capped = await createDriveHandler(fakes, { maxFileSize: 1 * MIB });
    const box = fakes.byId.box;
    const user = uniqueUser();
    await connectDrive(capped, box, user);
    const item = box.tree.addFile('large.bin', { size: 2 * MIB, seed: 3 });
    const declared = await capped.post('/files/box/transfer', { fileId: item.id, size: 2 * MIB }, user);
    assert.equal(declared.status, 413);
    assert.deepEqual(declared.body, { error: 'File too large' });
    const reported = await capped.post('/files/box/transfer', { fileId: item.id, size: 10 }, user);
    assert.equal(reported.status, 413, 'the provider-reported size is checked too');
    assert.deepEqual((await listUserLeftovers(storage, user)).keys, []);
  });

  it('applies allowedTypes to the declared and the actual type', async () => {
    const imagesOnly = await createDriveHandler(fakes, { allowedTypes: ['image/*'] });
    const google = fakes.byId.googleDrive;
    const user = uniqueUser();
    await connectDrive(imagesOnly, google, user);
    const pdf = google.tree.addFile('contract.pdf', { bytes: new Uint8Array(10) }, { mimeType: 'application/pdf' });
    const declared = await imagesOnly.post('/files/google-drive/transfer', { fileId: pdf.id, mimeType: 'application/pdf' }, user);
    assert.equal(declared.status, 415);
    assert.deepEqual(declared.body, { error: 'File type not allowed' });
    assert.equal((await imagesOnly.post('/files/google-drive/transfer', { fileId: pdf.id }, user)).status, 415, 'an absent type never matches');
    const lying = await imagesOnly.post('/files/google-drive/transfer', { fileId: pdf.id, mimeType: 'image/png' }, user);
    assert.equal(lying.status, 415, 'the provider says it is a PDF');
    const png = google.tree.addFile('ok.png', { bytes: new Uint8Array(10) }, { mimeType: 'image/png' });
    assert.equal((await imagesOnly.post('/files/google-drive/transfer', { fileId: png.id, mimeType: 'image/png' }, user)).status, 200);
  });

  it('uses keyStrategy with the fileName override, and survives a throwing onFileUploaded', async () => {
    const errors: unknown[] = [];
    const custom = await createDriveHandler(fakes, {
      keyStrategy: ({ file, userId }) => `imports/${userId}/${file.name}`,
      hooks: {
        onFileUploaded: () => {
          throw new Error('hook broke');
        },
        onError: (record) => {
          errors.push(record);
        },
      },
    });
    const box = fakes.byId.box;
    const user = uniqueUser();
    await connectDrive(custom, box, user);
    const item = box.tree.addFile('original.txt', { bytes: new TextEncoder().encode('renamed') });
    const response = await custom.post('/files/box/transfer', { fileId: item.id, fileName: 'Renamed.txt' }, user);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.key, `imports/${user}/Renamed.txt`);
    assert.equal(response.body.name, 'Renamed.txt');
    assert.equal(new TextDecoder().decode((await readObject(storage, response.body.key)).bytes), 'renamed');
    assert.ok(errors.some((record) => (record as { swallowedFrom?: string }).swallowedFrom === 'onFileUploaded'));
  });

  it('puts anonymous drive imports in the anonymous namespace', async () => {
    const anonymous = await createDriveHandler(fakes, { getUserId: undefined, allowAnonymous: true, allowAnonymousUploads: true });
    const dropbox = fakes.byId.dropbox;
    await connectDrive(anonymous, dropbox, 'ignored');
    const item = dropbox.tree.addFile('shared.txt', { bytes: new TextEncoder().encode('anon') });
    const response = await anonymous.post('/files/dropbox/transfer', { fileId: item.id }, undefined);
    assert.equal(response.status, 200, response.text);
    assert.match(response.body.key, /^anon\/[0-9a-f-]{36}\/shared\.txt$/);
  });

  it('answers the failure rows of the route table', async () => {
    const user = uniqueUser();
    const invalidJson = await drive.transport.send(`${MOUNT}/files/google-drive/transfer`, {
      method: 'POST',
      body: '{nope',
      headers: { cookie: `session=${user}` },
    });
    assert.equal(invalidJson.status, 400);
    assert.equal(invalidJson.body.error, 'Invalid JSON body');
    assert.deepEqual((await drive.post('/files/google-drive/transfer', { fileName: 'x' }, user)).body, { error: 'Missing fileId' });
    assert.deepEqual((await drive.post('/files/icloud/transfer', { fileId: 'x' }, user)).body, { error: 'Unknown provider: icloud' });
    const anonymous = await drive.post('/files/google-drive/transfer', { fileId: 'x' });
    assert.equal(anonymous.status, 401);
    assert.deepEqual(anonymous.body, { error: 'Unauthenticated' });
    const neverConnected = await drive.post('/files/box/transfer', { fileId: 'x' }, user);
    assert.equal(neverConnected.status, 401);
    assert.deepEqual(neverConnected.body, { reauth: true, provider: 'box' });

    const google = fakes.byId.googleDrive;
    await connectDrive(drive, google, user);
    const missing = await drive.post('/files/google-drive/transfer', { fileId: 'no-such-file' }, user);
    assert.equal(missing.status, 500);
    assert.deepEqual(missing.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });

    const item = google.tree.addFile('after-revoke.txt', { bytes: new Uint8Array(4) });
    google.oauth.revokeAll();
    const revoked = await drive.post('/files/google-drive/transfer', { fileId: item.id }, user);
    assert.equal(revoked.status, 401);
    assert.deepEqual(revoked.body, { reauth: true, provider: 'google-drive' });

    const withoutStore = inProcess(
      createUploadHandler({ storage: storage.storageConfig(), getUserId: readSessionUser, providers: fakes.providersConfig() }),
      APP_ORIGIN,
    );
    const noStore = await withoutStore.post(`${MOUNT}/files/google-drive/transfer`, { fileId: 'x' }, { cookie: `session=${user}` });
    assert.equal(noStore.status, 500);
    assert.deepEqual(noStore.body, { error: 'tokenStore is required' });
  });
});
