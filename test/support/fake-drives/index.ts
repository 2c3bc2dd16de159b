/**
 * Local fakes of the four drives' documented HTTP APIs, each on its own loopback port, and the
 * `providers` block that points a handler at them through `authBaseUrl` / `apiBaseUrl`.
 */
import type { DriveProviderId, DriveProviderSlug, DriveProvidersConfig } from '../../../server/drives/types.js';
import type { FakeProviderServer } from './fake-provider.js';
import { startFakeBox } from './fake-box.js';
import { startFakeDropbox } from './fake-dropbox.js';
import { startFakeGoogleDrive } from './fake-google-drive.js';
import { startFakeOneDrive } from './fake-one-drive.js';

export { contentStream, DownloadDrip, DownloadGate, exportedBytes, generatedBytes, sha256Hex, type FakeContent, type FakeItem } from './drive-content.js';
export type { FakeProviderServer } from './fake-provider.js';

export interface FakeDrive extends FakeProviderServer {
  id: DriveProviderId;
  slug: DriveProviderSlug;
  displayName: string;
}

export interface FakeDrives {
  all: FakeDrive[];
  byId: Record<DriveProviderId, FakeDrive>;
  /** Config for every fake (or the listed ones), as a handler's `providers` option. */
  providersConfig(ids?: DriveProviderId[]): DriveProvidersConfig;
  close(): Promise<void>;
}

const STARTERS: Array<{ id: DriveProviderId; slug: DriveProviderSlug; displayName: string; start: () => Promise<FakeProviderServer> }> = [
  { id: 'googleDrive', slug: 'google-drive', displayName: 'Google Drive', start: startFakeGoogleDrive },
  { id: 'oneDrive', slug: 'one-drive', displayName: 'Microsoft OneDrive', start: startFakeOneDrive },
  { id: 'dropbox', slug: 'dropbox', displayName: 'Dropbox', start: startFakeDropbox },
  { id: 'box', slug: 'box', displayName: 'Box', start: startFakeBox },
];

export async function startFakeDrives(): Promise<FakeDrives> {
  const all = await Promise.all(STARTERS.map(async ({ start, ...identity }): Promise<FakeDrive> => Object.assign(await start(), identity)));
  const byId = Object.fromEntries(all.map((drive) => [drive.id, drive])) as Record<DriveProviderId, FakeDrive>;
  return {
    all,
    byId,
    providersConfig(ids = all.map((drive) => drive.id)) {
      const config: DriveProvidersConfig = {};
      for (const id of ids) {
        const drive = byId[id];
        config[id] = {
          clientId: drive.oauth.options.clientId,
          clientSecret: drive.oauth.options.clientSecret,
          authBaseUrl: drive.url,
          apiBaseUrl: drive.url,
        };
      }
      return config;
    },
    async close() {
      await Promise.all(all.map((drive) => drive.close()));
    },
  };
}
