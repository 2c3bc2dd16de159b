/**
 * What the routes need from one cloud drive. Each provider file turns its documented API into
 * this shape: the authorization URL, token endpoint calls, one page of a listing, and a download.
 */
import type { DriveProviderSlug, StoredDriveTokens } from '../types.js';
import type { UpstreamLimits } from '../upstream-limits.js';
import type { DriveFileEntry } from '../../../protocol/wire.js';

export type { DriveFileEntry };

/** One folder (`folderId` absent = root) or a search over the whole drive. */
export interface DriveListQuery {
  folderId?: string;
  search?: string;
}

export interface DriveListPage {
  files: DriveFileEntry[];
  /** Where the next page starts (page token, next link, cursor, offset); absent on the last page. */
  continuation?: string;
}

export interface DriveDownload {
  /** The name the file lands under, before `fileName` overrides and sanitising. */
  name: string;
  mimeType: string;
  /** Bytes, when the provider states them; `undefined` for exports and unsized streams. */
  size: number | undefined;
  body: ReadableStream<Uint8Array>;
}

interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  /** Only for providers with `supportsPkce`. */
  codeChallenge?: string | undefined;
}

interface CodeExchange {
  code: string;
  redirectUri: string;
  codeVerifier: string | undefined;
}

export interface DriveProvider {
  slug: DriveProviderSlug;
  displayName: string;
  /** The read-only scopes requested at sign-in. */
  scope: string;
  /** Takes a PKCE code challenge (S256) at consent and the verifier at the exchange (Box does not). */
  supportsPkce: boolean;
  getAuthorizationUrl(options: AuthorizationRequest): string;
  exchangeCode(exchange: CodeExchange, limits: UpstreamLimits): Promise<StoredDriveTokens>;
  refreshTokens(refreshToken: string, limits: UpstreamLimits): Promise<StoredDriveTokens>;
  listPage(accessToken: string, query: DriveListQuery, continuation: string | undefined, limits: UpstreamLimits): Promise<DriveListPage>;
  openDownload(accessToken: string, fileId: string, limits: UpstreamLimits): Promise<DriveDownload>;
  /**
   * A small PNG of the file, for providers whose thumbnails need the user's token (Dropbox, Box):
   * the handler proxies them (`GET /files/:provider/thumbnail`). Resolves undefined when the
   * provider has none for this file (yet). Google and OneDrive list their own thumbnail links.
   */
  openThumbnail?(accessToken: string, fileId: string, limits: UpstreamLimits): Promise<Response | undefined>;
  /**
   * Ends the grant at the provider, so the tokens stop working everywhere. Absent for providers
   * without a revocation endpoint (OneDrive): sign-out then only deletes the stored tokens.
   */
  revokeTokens?(tokens: StoredDriveTokens, limits: UpstreamLimits): Promise<void>;
}

/** A configured base URL without its trailing slash, or the provider's public host. */
export function toBaseUrl(configured: string | undefined, fallback: string): string {
  return (configured ?? fallback).replace(/\/+$/, '');
}

/** `undefined` for values that are not a usable byte count. */
export function toByteCount(value: unknown): number | undefined {
  const size = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof size === 'number' && Number.isSafeInteger(size) && size >= 0 ? size : undefined;
}

/** Adds only the fields that have a value, so entries serialise without `undefined` noise. */
export function toDriveFileEntry(entry: DriveFileEntry): DriveFileEntry {
  const result: DriveFileEntry = { id: entry.id, name: entry.name, isFolder: entry.isFolder };
  if (entry.size !== undefined) result.size = entry.size;
  if (entry.mimeType) result.mimeType = entry.mimeType;
  if (entry.thumbnailUrl) result.thumbnailUrl = entry.thumbnailUrl;
  if (entry.modifiedAt) result.modifiedAt = entry.modifiedAt;
  return result;
}
