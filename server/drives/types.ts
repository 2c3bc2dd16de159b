/**
 * Configuration types of the cloud-drive routes. The handler accepts them in its config (health
 * reports on them and construction checks them); the routes themselves live in this folder.
 */

export type { DriveProviderSlug } from '../../protocol/wire.js';

/** Config keys and client source ids of the same providers. */
export type DriveProviderId = 'googleDrive' | 'oneDrive' | 'dropbox' | 'box';

/**
 * OAuth client of one provider (server side: the secret never reaches the browser). The base URLs
 * exist for tests and proxies: they replace the provider's public hosts (see docs/drives.md).
 */
export interface DriveProviderCredentials {
  clientId: string;
  clientSecret: string;
  /** Origin of the sign-in page, e.g. `https://accounts.google.com`. */
  authBaseUrl?: string;
  /** Origin of the token endpoint and the file API, e.g. `https://www.googleapis.com`. */
  apiBaseUrl?: string;
}

export interface OneDriveCredentials extends DriveProviderCredentials {
  /** Microsoft Entra tenant: `common` (default), `organizations`, `consumers` or a tenant id. */
  tenantId?: string;
}

export interface DriveProvidersConfig {
  googleDrive?: DriveProviderCredentials;
  oneDrive?: OneDriveCredentials;
  dropbox?: DriveProviderCredentials;
  box?: DriveProviderCredentials;
}

/** What the drive routes keep per user and provider (JSON in the token store). */
export interface StoredDriveTokens {
  accessToken: string;
  refreshToken?: string;
  /** Expiry as epoch milliseconds. */
  expiresAt?: number;
}

/**
 * Host-supplied async key-value store for drive tokens (per user and provider) and the single-use
 * OAuth state. Values are strings (JSON written by the handler); `ttlSeconds` is a hint the store
 * should honour, and the handler checks ages itself as well, so a store without expiry is still safe.
 * `createMemoryTokenStore()` and `createUnstorageTokenStore(storage)` implement it.
 */
export interface DriveTokenStore {
  get(key: string): Promise<string | null | undefined>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Optional, atomic: stores `value` only when `key` holds nothing (or has expired) and tells
   * whether it did, like Redis `SET key value EX ttl NX`. With it, handler instances sharing the
   * store take turns refreshing a user's drive tokens, so a provider that retires a refresh token
   * on use never sees the old one twice. Stores without it still work; see docs/drives.md.
   */
  setIfAbsent?(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /**
   * Optional, atomic: deletes `key` only while it still holds `value` and tells whether it did.
   * A refresh lock's holder releases it with this, so a holder that outlived its lock never
   * deletes the lock another instance has taken since. Without it the holder reads, compares and
   * deletes, which leaves a window of one store round trip.
   */
  deleteIfEquals?(key: string, value: string): Promise<boolean>;
  /**
   * Optional, atomic: returns the value and deletes the key in one step (`null` when absent or
   * expired), like Redis `GETDEL`. An OAuth `state` is consumed with it, so of two callbacks that
   * present the same state to two instances, exactly one gets it.
   */
  take?(key: string): Promise<string | null | undefined>;
}

/** Same interface under its shorter public name. */
export type TokenStore = DriveTokenStore;

/** Limits and sign-in policy of the drive routes (`drives` in the handler config); see docs/drives.md. */
export interface DriveRouteOptions {
  /**
   * Milliseconds each upstream call may take: a provider request until its answer, a download
   * between two chunks, each S3 request of a transfer. Default 30,000.
   */
  timeoutMs?: number;
  /** Transfers running at once in this handler; one more answers 503 with `Retry-After`. Default 4. */
  maxConcurrentTransfers?: number;
  /**
   * Transfers one user runs at once in this handler (all anonymous callers count as one user);
   * one more answers the same 503, while other users still get slots. Default 2, and never more
   * than `maxConcurrentTransfers`.
   */
  maxTransfersPerUser?: number;
  /**
   * Milliseconds one whole transfer may take, download and upload together; past it the transfer
   * fails (`500 Drive request failed`) and leaves nothing. Default 1,800,000 (30 minutes).
   */
  transferTimeoutMs?: number;
  /**
   * Largest file a transfer writes, in bytes (the lower of this and `maxFileSize` applies).
   * Default 5 GiB; at most 625 GiB.
   */
  maxTransferBytes?: number;
  /**
   * Refuse an OAuth callback unless `getUserId` names there the user who started the flow (401
   * `Unauthenticated` when it names nobody). Turn it on when the app's session cookie rides the
   * top-level navigation back from the provider (`SameSite=Lax` or `None`): it then closes the
   * sign-in hijack even over plain http. A `SameSite=Strict` session cookie is not sent there, so
   * every callback would be refused. Default false; not with `allowAnonymous: true`.
   */
  requireSignedInCallback?: boolean;
}
