/**
 * Google Drive and OneDrive name their own thumbnail links in listings, which browsers then load
 * with the host's cookies. A link reaches the listing only when it is https on the provider's
 * thumbnail hosts (or on the API base the handler was configured with): a provider answer naming
 * an intranet or metadata address, another site or plain http gets no thumbnail. Real handler,
 * fake providers over HTTP.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startFakeDrives, type FakeDrives } from '../../support/fake-drives/index.js';
import { connectDrive, createDriveHandler, uniqueUser, type DriveHandler } from './support/drive-harness.js';

const HOSTILE_LINKS = [
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://intranet.corp.example/admin/reset?all=1',
  'https://intranet.corp.example/thumb.png',
  'https://lh3.googleusercontent.com.attacker.example/thumb.png',
  'https://user:secret@lh3.googleusercontent.com/thumb.png',
  'https://lh3.googleusercontent.com:8443/thumb.png',
  'javascript:alert(1)',
  `https://lh3.googleusercontent.com/${'a'.repeat(4096)}`,
];

const TRUSTED_LINKS = {
  'google-drive': ['https://lh3.googleusercontent.com/drive-storage/AJQWtBN2x=s220', 'https://lh4.googleusercontent.com/u/0/d/abc=w400-h300'],
  'one-drive': [
    'https://public.files.1drv.com/y4mT2x/thumbnail.jpg?width=176&height=176',
    'https://contoso.sharepoint.com/_api/v2.0/drives/b!x/items/01/thumbnails/0/medium/content',
    'https://southcentralus1-mediap.svc.ms/transform/thumbnail?provider=spo&inputFormat=png',
  ],
} as const;

describe('drive listings name only the providers’ own thumbnail links', () => {
  let fakes: FakeDrives;
  let drive: DriveHandler;
  before(async () => {
    fakes = await startFakeDrives();
    drive = await createDriveHandler(fakes);
  });
  after(() => fakes.close());

  for (const slug of ['google-drive', 'one-drive'] as const) {
    it(`${slug}: hostile links give no thumbnail, the provider's own hosts and the configured API base keep theirs`, async () => {
      const fake = fakes.all.find((candidate) => candidate.slug === slug)!;
      const user = uniqueUser();
      await connectDrive(drive, fake, user);
      const folder = fake.tree.addFolder(`Thumbnails ${randomBytes(3).toString('hex')}`);
      const picture = (name: string, thumbnailUrl?: string) =>
        fake.tree.addFile(name, { bytes: new Uint8Array(16) }, { parentId: folder.id, mimeType: 'image/png', ...(thumbnailUrl ? { thumbnailUrl } : {}) });
      const hostile = HOSTILE_LINKS.map((link, index) => picture(`hostile-${index}.png`, link));
      const trusted = TRUSTED_LINKS[slug].map((link, index) => picture(`trusted-${index}.png`, link));
      const ownFake = picture('fake-own.png');

      const listing = await drive.get(`/files/${slug}?folderId=${encodeURIComponent(folder.id)}`, user);
      assert.equal(listing.status, 200, listing.text);
      const byId = new Map((listing.body.files as Array<{ id: string; thumbnailUrl?: string }>).map((file) => [file.id, file]));
      for (const [index, item] of hostile.entries()) {
        assert.equal(byId.get(item.id)?.thumbnailUrl, undefined, `hostile link ${HOSTILE_LINKS[index]!.slice(0, 80)}`);
      }
      for (const [index, item] of trusted.entries()) assert.equal(byId.get(item.id)?.thumbnailUrl, TRUSTED_LINKS[slug][index]);
      // The fake serves its pictures from the API base the handler was configured with.
      assert.match(byId.get(ownFake.id)?.thumbnailUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+\/thumbnails\//);
    });
  }
});
