/**
 * The configured drives of one handler, built once from `config.providers`.
 */
import { createConfigError } from '../../errors.js';
import type { DriveProviderSlug, DriveProvidersConfig } from '../types.js';
import { createBoxProvider } from './box.js';
import { DRIVE_PROVIDERS } from './descriptions.js';
import type { DriveProvider } from './drive-provider.js';
import { createDropboxProvider } from './dropbox.js';
import { createGoogleDriveProvider } from './google-drive.js';
import { createOneDriveProvider } from './one-drive.js';

export type DriveProviderRegistry = ReadonlyMap<DriveProviderSlug, DriveProvider>;

function assertOptionalUrl(value: unknown, name: string): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || !URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw createConfigError(`${name} must be an absolute http(s) URL; got ${String(value)}`);
  }
}

/** Throws a configuration error naming the first unusable provider option. */
export function assertDriveProvidersConfig(providers: DriveProvidersConfig | undefined): void {
  if (providers === undefined) return;
  for (const { id } of DRIVE_PROVIDERS) {
    const credentials = providers[id] as Record<string, unknown> | undefined;
    if (credentials === undefined) continue;
    const path = `providers.${id}`;
    if (typeof credentials !== 'object' || credentials === null) throw createConfigError(`${path} must be an object with clientId and clientSecret`);
    for (const field of ['clientId', 'clientSecret'] as const) {
      if (typeof credentials[field] !== 'string' || credentials[field] === '') throw createConfigError(`${path}.${field} must be a non-empty string`);
    }
    assertOptionalUrl(credentials.authBaseUrl, `${path}.authBaseUrl`);
    assertOptionalUrl(credentials.apiBaseUrl, `${path}.apiBaseUrl`);
    if (credentials.tenantId !== undefined && (typeof credentials.tenantId !== 'string' || credentials.tenantId === '')) {
      throw createConfigError(`${path}.tenantId must be a non-empty string`);
    }
  }
}

export function createDriveProviderRegistry(providers: DriveProvidersConfig | undefined): DriveProviderRegistry {
  assertDriveProvidersConfig(providers);
  const registry = new Map<DriveProviderSlug, DriveProvider>();
  if (providers?.googleDrive) registry.set('google-drive', createGoogleDriveProvider(providers.googleDrive));
  if (providers?.oneDrive) registry.set('one-drive', createOneDriveProvider(providers.oneDrive));
  if (providers?.dropbox) registry.set('dropbox', createDropboxProvider(providers.dropbox));
  if (providers?.box) registry.set('box', createBoxProvider(providers.box));
  return registry;
}
