import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createUploadHandler } from '../../../server/index.js';
import { startFakeDrives, type FakeDrive, type FakeDrives } from '../../support/fake-drives/index.js';
import { getTestStorage } from '../../support/storage.js';
import { inProcess } from '../support/upload-harness.js';
import { APP_ORIGIN, connectDrive, createDriveHandler, MOUNT, readSessionUser, uniqueUser, type DriveHandler } from './support/drive-harness.js';

function tokensKey(fake: FakeDrive, user: string): string {
  return `drive-tokens:${fake.slug}:${encodeURIComponent(user)}`;
}

/** Requests the fake answered with a listing (first pages and continuations). */
function countListingRequests(fake: FakeDrive, since: number): number {
  return fake.requests.slice(since).filter((request) => /\/children|\/items$|list_folder|search|\/drive\/v3\/files$/.test(request.path)).length;
}

describe('GET /files/:provider', () => {
  let fakes: FakeDrives;
  let drive: DriveHandler;
  before(async () => {
    fakes = await startFakeDrives();
    drive = await createDriveHandler(fakes);
  });
  after(() => fakes.close());

  for (const slug of ['google-drive', 'one-drive', 'dropbox', 'box'] as const) {
    describe(slug, () => {
      const fake = () => fakes.all.find((candidate) => candidate.slug === slug)!;

      it('lists a folder as normalised entries, folders first, and the root by default', async () => {
        const user = uniqueUser();
        await connectDrive(drive, fake(), user);
        const { tree } = fake();
        const folder = tree.addFolder(`Projects ${randomBytes(3).toString('hex')}`);
        const sub = tree.addFolder('Archive', folder.id);
        const photo = tree.addFile('a-photo.png', { bytes: new Uint8Array(1234) }, { parentId: folder.id, mimeType: 'image/png' });
        const report = tree.addFile('b-report.pdf', { bytes: new Uint8Array(99) }, { parentId: folder.id, mimeType: 'application/pdf' });

        const listing = await drive.get(`/files/${slug}?folderId=${encodeURIComponent(folder.id)}`, user);
        assert.equal(listing.status, 200, listing.text);
        assert.equal(listing.body.provider, slug);
        const files = listing.body.files as Array<Record<string, unknown>>;
        assert.deepEqual(
          files.map((file) => file.name),
          ['Archive', 'a-photo.png', 'b-report.pdf'],
        );
        // Dropbox keeps no modification time for folders.
        const folderTime = slug === 'dropbox' ? {} : { modifiedAt: sub.modifiedAt };
        assert.deepEqual(files[0], { id: sub.id, name: 'Archive', isFolder: true, ...folderTime });
        const { thumbnailUrl, ...photoEntry } = files[1]!;
        assert.deepEqual(photoEntry, { id: photo.id, name: 'a-photo.png', isFolder: false, size: 1234, mimeType: 'image/png', modifiedAt: photo.modifiedAt });
        if (thumbnailUrl !== undefined) assert.match(String(thumbnailUrl), /^http/);
        assert.deepEqual(files[2], {
          id: report.id,
          name: 'b-report.pdf',
          isFolder: false,
          size: 99,
          mimeType: 'application/pdf',
          modifiedAt: report.modifiedAt,
        });

        const root = await drive.get(`/files/${slug}`, user);
        assert.equal(root.status, 200);
        assert.ok(
          root.body.files.some((file: { id: string; isFolder: boolean }) => file.id === folder.id && file.isFolder),
          'the new folder is in the root',
        );
      });

      it('follows every page of a folder and of a search', async () => {
        const user = uniqueUser();
        await connectDrive(drive, fake(), user);
        const { tree } = fake();
        const word = `zebra${randomBytes(3).toString('hex')}`;
        const folder = tree.addFolder(`Paged ${word}`);
        for (let index = 1; index <= 7; index += 1)
          tree.addFile(`${word}-${index}.txt`, { bytes: new Uint8Array(index) }, { parentId: folder.id, mimeType: 'text/plain' });
        fake().pageSizeCap = 2;
        try {
          const before = fake().requests.length;
          const listing = await drive.get(`/files/${slug}?folderId=${encodeURIComponent(folder.id)}`, user);
          assert.equal(listing.status, 200, listing.text);
          assert.deepEqual(
            listing.body.files.map((file: { name: string }) => file.name),
            [1, 2, 3, 4, 5, 6, 7].map((index) => `${word}-${index}.txt`),
          );
          assert.ok(countListingRequests(fake(), before) >= 4, 'seven entries at two per page take four pages');

          const search = await drive.get(`/files/${slug}?search=${word}&folderId=ignored`, user);
          assert.equal(search.status, 200, search.text);
          const names = search.body.files.map((file: { name: string }) => file.name).sort();
          assert.deepEqual(
            names,
            [`${word}-1.txt`, `${word}-2.txt`, `${word}-3.txt`, `${word}-4.txt`, `${word}-5.txt`, `${word}-6.txt`, `${word}-7.txt`, `Paged ${word}`].sort(),
          );
          assert.equal(search.body.nextCursor, undefined);
        } finally {
          fake().pageSizeCap = undefined;
        }
      });

      it('refreshes tokens that expire within 30 seconds, and keeps rotated refresh tokens', async () => {
        const user = uniqueUser();
        fake().oauth.accessTokenLifetimeSeconds = 20;
        try {
          await connectDrive(drive, fake(), user);
          const refreshes = fake().oauth.refreshes;
          assert.equal((await drive.get(`/files/${slug}`, user)).status, 200);
          assert.equal(fake().oauth.refreshes, refreshes + 1, 'refreshed before the call');
          assert.equal((await drive.get(`/files/${slug}`, user)).status, 200);
          assert.equal(fake().oauth.refreshes, refreshes + 2, 'the renewed token (20 s again) is refreshed again, with the stored refresh token');
        } finally {
          fake().oauth.accessTokenLifetimeSeconds = 3600;
        }
      });

      it('deletes revoked tokens and answers the re-auth signal', async () => {
        const user = uniqueUser();
        await connectDrive(drive, fake(), user);
        assert.ok(await drive.tokenStore.get(tokensKey(fake(), user)), 'tokens stored');
        fake().oauth.revokeAll();
        const listing = await drive.get(`/files/${slug}`, user);
        assert.equal(listing.status, 401);
        assert.deepEqual(listing.body, { reauth: true, provider: slug });
        assert.equal(await drive.tokenStore.get(tokensKey(fake(), user)), null, 'dead tokens deleted');
      });
    });
  }

  it('does not refresh tokens with more than 30 seconds left', async () => {
    const google = fakes.byId.googleDrive;
    const user = uniqueUser();
    google.oauth.accessTokenLifetimeSeconds = 45;
    try {
      await connectDrive(drive, google, user);
      const refreshes = google.oauth.refreshes;
      assert.equal((await drive.get('/files/google-drive', user)).status, 200);
      assert.equal(google.oauth.refreshes, refreshes);
    } finally {
      google.oauth.accessTokenLifetimeSeconds = 3600;
    }
  });

  it('shares one refresh between concurrent requests, so a rotated refresh token is not spent twice', async () => {
    const box = fakes.byId.box;
    const user = uniqueUser();
    box.oauth.accessTokenLifetimeSeconds = 10;
    try {
      await connectDrive(drive, box, user);
      const refreshes = box.oauth.refreshes;
      const answers = await Promise.all([drive.get('/files/box', user), drive.get('/files/box', user), drive.get('/files/box', user)]);
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [200, 200, 200],
      );
      assert.equal(box.oauth.refreshes, refreshes + 1);
    } finally {
      box.oauth.accessTokenLifetimeSeconds = 3600;
    }
  });

  it('answers re-auth and deletes the tokens when the refresh is refused', async () => {
    const box = fakes.byId.box;
    const user = uniqueUser();
    box.oauth.accessTokenLifetimeSeconds = 10;
    try {
      await connectDrive(drive, box, user);
      box.oauth.refuseRefresh = true;
      const listing = await drive.get('/files/box', user);
      assert.equal(listing.status, 401);
      assert.deepEqual(listing.body, { reauth: true, provider: 'box' });
      assert.equal(await drive.tokenStore.get(tokensKey(box, user)), null);
      assert.ok(
        drive.errors.some((record) => record.status === 401 && String((record.error as Error).cause).includes('invalid_grant')),
        'onError sees why',
      );
    } finally {
      box.oauth.refuseRefresh = false;
      box.oauth.accessTokenLifetimeSeconds = 3600;
    }
  });

  it('keeps the tokens when the token endpoint is down, answering a drive failure', async () => {
    const dropbox = fakes.byId.dropbox;
    const user = uniqueUser();
    dropbox.oauth.accessTokenLifetimeSeconds = 10;
    try {
      await connectDrive(drive, dropbox, user);
      dropbox.oauth.refreshOutageStatus = 503;
      const listing = await drive.get('/files/dropbox', user);
      assert.equal(listing.status, 500);
      assert.deepEqual(listing.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });
      assert.ok(await drive.tokenStore.get(tokensKey(dropbox, user)), 'tokens kept for the next attempt');
      dropbox.oauth.refreshOutageStatus = undefined;
      assert.equal((await drive.get('/files/dropbox', user)).status, 200, 'works again once the provider is back');
    } finally {
      dropbox.oauth.refreshOutageStatus = undefined;
      dropbox.oauth.accessTokenLifetimeSeconds = 3600;
    }
  });

  it('lists Google Docs editors files as the Office or image files they export to', async () => {
    const google = fakes.byId.googleDrive;
    const user = uniqueUser();
    await connectDrive(drive, google, user);
    const folder = google.tree.addFolder('Natives');
    google.tree.addNativeDocument('Plan', 'application/vnd.google-apps.document', folder.id);
    google.tree.addNativeDocument('Budget', 'application/vnd.google-apps.spreadsheet', folder.id);
    google.tree.addNativeDocument('Pitch', 'application/vnd.google-apps.presentation', folder.id);
    google.tree.addNativeDocument('Diagram', 'application/vnd.google-apps.drawing', folder.id);
    google.tree.addNativeDocument('Survey', 'application/vnd.google-apps.form', folder.id);
    const listing = await drive.get(`/files/google-drive?folderId=${folder.id}`, user);
    assert.deepEqual(
      listing.body.files.map((file: { name: string; mimeType: string; size?: number }) => [file.name, file.mimeType, file.size]),
      [
        ['Budget.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', undefined],
        ['Diagram.png', 'image/png', undefined],
        ['Pitch.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', undefined],
        ['Plan.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', undefined],
      ],
      'forms cannot be exported, so they are not offered',
    );
  });

  it('lists Google Drive shortcuts as their targets', async () => {
    const google = fakes.byId.googleDrive;
    const user = uniqueUser();
    await connectDrive(drive, google, user);
    const shared = google.tree.addFolder('Shared team folder');
    const photo = google.tree.addFile('team.jpg', { bytes: new Uint8Array(5) }, { parentId: shared.id, mimeType: 'image/jpeg' });
    const folder = google.tree.addFolder('Shortcuts');
    google.tree.addShortcut('Team folder', shared, folder.id);
    google.tree.addShortcut('Team photo', photo, folder.id);
    const listing = await drive.get(`/files/google-drive?folderId=${folder.id}`, user);
    assert.deepEqual(
      listing.body.files.map((file: { id: string; name: string; isFolder: boolean; mimeType?: string }) => [file.id, file.name, file.isFolder, file.mimeType]),
      [
        [shared.id, 'Team folder', true, undefined],
        [photo.id, 'Team photo', false, 'image/jpeg'],
      ],
    );
  });

  it('returns a cursor past 5,000 entries, and the cursor yields the rest', async () => {
    const google = fakes.byId.googleDrive;
    const user = uniqueUser();
    await connectDrive(drive, google, user);
    const folder = google.tree.addFolder('Huge');
    for (let index = 0; index < 5500; index += 1)
      google.tree.addFile(`f${String(index).padStart(5, '0')}.txt`, { bytes: new Uint8Array(1) }, { parentId: folder.id });
    const first = await drive.get(`/files/google-drive?folderId=${folder.id}`, user);
    assert.equal(first.status, 200);
    assert.equal(first.body.files.length, 5000);
    assert.equal(typeof first.body.nextCursor, 'string');
    const rest = await drive.get(`/files/google-drive?cursor=${encodeURIComponent(first.body.nextCursor)}`, user);
    assert.equal(rest.status, 200);
    assert.equal(rest.body.nextCursor, undefined);
    const names = new Set([...first.body.files, ...rest.body.files].map((file: { name: string }) => file.name));
    assert.equal(names.size, 5500, 'every entry exactly once');
    assert.equal((await drive.get('/files/google-drive?cursor=not-a-cursor!', user)).status, 400);
  });

  it('answers the failure rows of the route table', async () => {
    const user = uniqueUser();
    assert.deepEqual((await drive.get('/files/icloud', user)).body, { error: 'Unknown provider: icloud' });
    const anonymous = await drive.get('/files/google-drive');
    assert.equal(anonymous.status, 401);
    assert.deepEqual(anonymous.body, { error: 'Unauthenticated' });
    const neverConnected = await drive.get('/files/one-drive', user);
    assert.equal(neverConnected.status, 401);
    assert.deepEqual(neverConnected.body, { reauth: true, provider: 'one-drive' });

    await connectDrive(drive, fakes.byId.googleDrive, user);
    const missingFolder = await drive.get('/files/google-drive?folderId=does-not-exist', user);
    assert.equal(missingFolder.status, 500);
    assert.deepEqual(missingFolder.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });
    assert.match(String((drive.errors.at(-1)!.error as Error).message), /answered 404/, 'the provider answer goes to onError only');

    const storage = await getTestStorage();
    const withoutStore = inProcess(
      createUploadHandler({ storage: storage.storageConfig(), getUserId: readSessionUser, providers: fakes.providersConfig() }),
      APP_ORIGIN,
    );
    const noStore = await withoutStore.send(`${MOUNT}/files/google-drive`, { headers: { cookie: `session=${user}` } });
    assert.equal(noStore.status, 500);
    assert.deepEqual(noStore.body, { error: 'tokenStore is required' });
  });
});
