import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeDrives, type FakeDrive, type FakeDrives } from '../../support/fake-drives/index.js';
import { createThumbnailPng } from '../../support/fake-drives/thumbnail-png.js';
import { APP_ORIGIN, connectDrive, createDriveHandler, MOUNT, sessionHeaders, uniqueUser, type DriveHandler } from './support/drive-harness.js';

interface Entry {
  id: string;
  name: string;
  thumbnailUrl?: string;
}

async function listFolder(drive: DriveHandler, fake: FakeDrive, folderId: string, user: string): Promise<Entry[]> {
  const response = await drive.get(`/files/${fake.slug}?folderId=${encodeURIComponent(folderId)}`, user);
  assert.equal(response.status, 200, response.text);
  return (response.body as { files: Entry[] }).files;
}

function fetchThumbnail(drive: DriveHandler, url: string, user: string | undefined, headers: Record<string, string> = {}) {
  const parsed = new URL(url, APP_ORIGIN);
  return drive.transport.send(parsed.pathname + parsed.search, { headers: { ...sessionHeaders(user), ...headers } });
}

describe('Dropbox and Box thumbnails through the handler', () => {
  let fakes: FakeDrives;
  before(async () => {
    fakes = await startFakeDrives();
  });
  after(() => fakes.close());

  for (const id of ['dropbox', 'box'] as const) {
    describe(id, () => {
      let fake: FakeDrive;
      let drive: DriveHandler;
      let user: string;
      let folderId: string;
      let picture: Entry;
      let text: Entry;
      before(async () => {
        fake = fakes.byId[id];
        drive = await createDriveHandler(fakes);
        user = uniqueUser();
        await connectDrive(drive, fake, user);
        const folder = fake.tree.addFolder(`pictures-${user}`);
        folderId = folder.id;
        fake.tree.addFile('sunset.png', { bytes: new Uint8Array(64) }, { parentId: folder.id });
        fake.tree.addFile('readme.txt', { bytes: new Uint8Array(8) }, { parentId: folder.id });
        fake.tree.addFile('drawing.svg', { bytes: new Uint8Array(8) }, { parentId: folder.id });
        const files = await listFolder(drive, fake, folderId, user);
        picture = files.find((entry) => entry.name === 'sunset.png')!;
        text = files.find((entry) => entry.name === 'readme.txt')!;
        assert.equal(files.find((entry) => entry.name === 'drawing.svg')!.thumbnailUrl, undefined, 'no picture is offered for SVG');
      });

      it('lists pictures with a thumbnail URL on the handler, and other files without', () => {
        assert.equal(picture.thumbnailUrl, `${APP_ORIGIN}${MOUNT}/files/${fake.slug}/thumbnail?fileId=${encodeURIComponent(picture.id)}`);
        assert.equal(text.thumbnailUrl, undefined);
      });

      it("serves the provider's PNG, fetched with the stored token, cacheable per user and never sniffed", async () => {
        const before = fake.requests.length;
        const response = await drive.handler(new Request(picture.thumbnailUrl!, { headers: sessionHeaders(user) }));
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), 'image/png');
        assert.equal(response.headers.get('cache-control'), 'private, max-age=3600');
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
        assert.deepEqual(new Uint8Array(await response.arrayBuffer()), createThumbnailPng());
        const upstream = fake.requests.slice(before).find((request) => request.path.includes('thumbnail'));
        assert.ok(upstream, 'the provider was asked');
        assert.match(upstream.authorization ?? '', /^Bearer at-/, "with the user's access token");
      });

      it('answers 404 for a file the provider has no picture of', async () => {
        const response = await fetchThumbnail(drive, `${MOUNT}/files/${fake.slug}/thumbnail?fileId=${encodeURIComponent(text.id)}`, user);
        assert.equal(response.status, 404);
        assert.deepEqual(response.body, { error: 'Not found' });
      });

      it('refuses an oversized or non-PNG answer with the drive failure body, passing none of it on', async () => {
        for (const override of [
          { body: new Uint8Array(300 * 1024).fill(0x89), contentType: 'image/png' },
          { body: new TextEncoder().encode('<html><script>alert(1)</script></html>'), contentType: 'text/html' },
        ]) {
          fake.thumbnailOverride = override;
          try {
            const response = await fetchThumbnail(drive, picture.thumbnailUrl!, user);
            assert.equal(response.status, 500);
            assert.deepEqual(response.body, { error: 'Drive request failed', code: 'STORAGE_ERROR' });
          } finally {
            fake.thumbnailOverride = undefined;
          }
        }
      });

      it("answers the re-auth signal without tokens, and refuses a foreign page's <img>", async () => {
        const stranger = await fetchThumbnail(drive, picture.thumbnailUrl!, uniqueUser('stranger'));
        assert.equal(stranger.status, 401);
        assert.deepEqual(stranger.body, { reauth: true, provider: fake.slug });
        const embedded = await fetchThumbnail(drive, picture.thumbnailUrl!, user, {
          'sec-fetch-site': 'cross-site',
          'sec-fetch-mode': 'no-cors',
          'sec-fetch-dest': 'image',
        });
        assert.equal(embedded.status, 403);
        assert.deepEqual(embedded.body, { error: 'Cross-site request refused' });
      });

      it('checks the file id like the other drive routes', async () => {
        for (const fileId of ['', '..', 'x'.repeat(1025)]) {
          const response = await fetchThumbnail(drive, `${MOUNT}/files/${fake.slug}/thumbnail?fileId=${encodeURIComponent(fileId)}`, user);
          assert.equal(response.status, 400, JSON.stringify(fileId).slice(0, 20));
          assert.deepEqual(response.body, { error: 'Invalid fileId', code: 'BAD_REQUEST' });
        }
      });
    });
  }

  it('has no thumbnail route for Google Drive and OneDrive, which list their own links', async () => {
    const drive = await createDriveHandler(fakes);
    for (const fake of [fakes.byId.googleDrive, fakes.byId.oneDrive]) {
      const response = await fetchThumbnail(drive, `${MOUNT}/files/${fake.slug}/thumbnail?fileId=abc`, 'alice');
      assert.equal(response.status, 404, fake.slug);
    }
  });
});
