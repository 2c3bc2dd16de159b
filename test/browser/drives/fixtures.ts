/**
 * The cloud-drive fixtures of test/support/wtr-drive-fixtures.mjs, from the page: a fresh signed-in
 * user per test (the `svc-drive-user` cookie the handler's `getUserId` reads), control of the fake
 * providers, and their content to compare stored bytes with.
 */
import type { DriveSource } from '../../../elements/svc-uploader/drives/drive-types.js';

export const DRIVE_SERVER = '/api/drive-upload';

export interface FakeDriveInfo {
  id: DriveSource;
  slug: string;
  displayName: string;
}

export interface DriveFixtureInfo {
  /** Origin of the second loopback server (`<crossOrigin>/cors/<origins>/...`). */
  crossOrigin: string;
  drives: FakeDriveInfo[];
}

export async function driveFixtureInfo(): Promise<DriveFixtureInfo> {
  return (await fetch('/drive-fixtures/info')).json() as Promise<DriveFixtureInfo>;
}

/** Signs the page in as a user no other test uses, so drive tokens never carry over. */
export function signInAsNewUser(): string {
  const user = `drive-user-${crypto.randomUUID()}`;
  document.cookie = `svc-drive-user=${encodeURIComponent(user)}; path=/; SameSite=Lax`;
  return user;
}

/** The provider revokes every token it issued (the user disconnected the app in the provider). */
export async function revokeProviderTokens(source: DriveSource): Promise<void> {
  const response = await fetch(`/drive-fixtures/revoke/${source}`, { method: 'POST' });
  if (!response.ok) throw new Error(`revoke ${source}: ${response.status}`);
}

/** Caps the fake provider's listing pages (0 lifts the cap). */
export async function capProviderPages(source: DriveSource, cap: number): Promise<void> {
  const response = await fetch(`/drive-fixtures/page-size/${source}?cap=${cap}`, { method: 'POST' });
  if (!response.ok) throw new Error(`page size ${source}: ${response.status}`);
}

/** The bytes the fake drive holds for the named file (a Google Docs file: its export as `exportType`). */
export async function driveFileBytes(source: DriveSource, name: string, exportType?: string): Promise<Uint8Array> {
  const query = new URLSearchParams({ name, ...(exportType ? { export: exportType } : {}) });
  const response = await fetch(`/drive-fixtures/content/${source}?${query}`);
  if (!response.ok) throw new Error(`content of ${name} in ${source}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The user declines on the provider's next consent page (the popup then shows the handler's error);
 * `clear` takes back a refusal no consent page used, so it cannot leak into later tests.
 */
export async function refuseNextConsent(source: DriveSource, { clear = false } = {}): Promise<void> {
  const response = await fetch(`/drive-fixtures/refuse-consent/${source}${clear ? '?clear=1' : ''}`, { method: 'POST' });
  if (!response.ok) throw new Error(`refuse consent ${source}: ${response.status}`);
}

/** How many tokens the provider's revocation endpoint has received so far. */
export async function providerRevocationCount(source: DriveSource): Promise<number> {
  const response = await fetch(`/drive-fixtures/revocations/${source}`);
  if (!response.ok) throw new Error(`revocations ${source}: ${response.status}`);
  return ((await response.json()) as { revokedTokens: string[] }).revokedTokens.length;
}

/** The handler's token store refuses every write of `user` (an unreachable store) until `clear`. */
export async function storeOutage(source: DriveSource, user: string, { clear = false } = {}): Promise<void> {
  const query = new URLSearchParams({ user, ...(clear ? { clear: '1' } : {}) });
  const response = await fetch(`/drive-fixtures/store-outage/${source}?${query}`, { method: 'POST' });
  if (!response.ok) throw new Error(`store outage ${source}: ${response.status}`);
}
