/** The four providers' identities: wire slug, config key and display name, in their fixed order. */
import type { DriveProviderId, DriveProviderSlug } from '../types.js';

export interface DriveProviderDescription {
  slug: DriveProviderSlug;
  id: DriveProviderId;
  displayName: string;
}

/** The four providers, in their fixed order. */
export const DRIVE_PROVIDERS: readonly DriveProviderDescription[] = [
  { slug: 'google-drive', id: 'googleDrive', displayName: 'Google Drive' },
  { slug: 'one-drive', id: 'oneDrive', displayName: 'Microsoft OneDrive' },
  { slug: 'dropbox', id: 'dropbox', displayName: 'Dropbox' },
  { slug: 'box', id: 'box', displayName: 'Box' },
];

export function findDriveProvider(slug: string): DriveProviderDescription | undefined {
  return DRIVE_PROVIDERS.find((provider) => provider.slug === slug);
}
