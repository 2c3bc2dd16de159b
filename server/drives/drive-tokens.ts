/**
 * Stored drive tokens per user and provider: read, refreshed 30 seconds before they expire, and
 * deleted when the provider no longer accepts them (the caller then answers the re-auth signal).
 */
import { DriveReauthRequiredError, isDriveReauthRequired } from './drive-errors.js';
import type { DriveProvider } from './providers/drive-provider.js';
import { canLock, refreshInTurn } from './refresh-turns.js';
import type { DriveProviderSlug, DriveTokenStore, StoredDriveTokens } from './types.js';
import { withoutClientSignal, type UpstreamLimits } from './upstream-limits.js';

const REFRESH_MARGIN_MS = 30_000;
/**
 * How long tokens with a refresh token stay in the store without use. Each refresh renews it;
 * Box refresh tokens themselves last 60 days, so keeping them longer gains nothing.
 */
const RETENTION_SECONDS = 60 * 86_400;

/** @internal Exported for tests. */
export function toDriveTokensKey(provider: DriveProviderSlug, userId: string): string {
  return `drive-tokens:${provider}:${encodeURIComponent(userId)}`;
}

function parseTokens(text: string | null | undefined): StoredDriveTokens | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const tokens = JSON.parse(text) as Partial<StoredDriveTokens>;
    if (typeof tokens.accessToken !== 'string' || tokens.accessToken === '') return undefined;
    return tokens as StoredDriveTokens;
  } catch {
    return undefined;
  }
}

function toRetentionSeconds(tokens: StoredDriveTokens): number {
  if (tokens.refreshToken || tokens.expiresAt === undefined) return RETENTION_SECONDS;
  return Math.max(1, Math.ceil((tokens.expiresAt - Date.now()) / 1000));
}

async function saveDriveTokens(store: DriveTokenStore, provider: DriveProviderSlug, userId: string, tokens: StoredDriveTokens): Promise<void> {
  await store.set(toDriveTokensKey(provider, userId), JSON.stringify(tokens), toRetentionSeconds(tokens));
}

/**
 * Written by sign-out before it deletes the tokens, and read by a refresh after it saved renewed
 * ones: a refresh that began before the sign-out (it read the old tokens, then the provider
 * answered) must not bring the drive back. Either the refresh sees the mark and deletes what it
 * saved, or it saved before the mark was written and the sign-out's delete removes it.
 */
function toSignedOutKey(provider: DriveProviderSlug, userId: string): string {
  return `drive-signed-out:${provider}:${encodeURIComponent(userId)}`;
}

/** A refresh lasts one provider call within the upstream timeout and a store write: the mark outlives it. */
const SIGNED_OUT_MARGIN_SECONDS = 10;

/** Stores the tokens of a completed sign-in; a fresh sign-in lifts an earlier sign-out's mark. */
export async function saveSignedInTokens(store: DriveTokenStore, provider: DriveProviderSlug, userId: string, tokens: StoredDriveTokens): Promise<void> {
  await store.delete(toSignedOutKey(provider, userId));
  await saveDriveTokens(store, provider, userId, tokens);
}

async function deleteDriveTokens(store: DriveTokenStore, provider: DriveProviderSlug, userId: string): Promise<void> {
  await store.delete(toDriveTokensKey(provider, userId));
}

/**
 * Removes the user's tokens and returns what was stored (sign-out revokes them at the provider).
 * The sign-out mark goes first, so a refresh running meanwhile cannot store renewed tokens after it.
 */
export async function takeDriveTokens(
  store: DriveTokenStore,
  provider: DriveProviderSlug,
  userId: string,
  limits: Pick<UpstreamLimits, 'timeoutMs'>,
): Promise<StoredDriveTokens | undefined> {
  await store.set(toSignedOutKey(provider, userId), String(Date.now()), Math.ceil(limits.timeoutMs / 1000) + SIGNED_OUT_MARGIN_SECONDS);
  const key = toDriveTokensKey(provider, userId);
  const tokens = parseTokens(await store.get(key));
  await store.delete(key);
  return tokens;
}

function needsRefresh(tokens: StoredDriveTokens): boolean {
  return tokens.expiresAt !== undefined && tokens.expiresAt - REFRESH_MARGIN_MS <= Date.now();
}

/**
 * One refresh at the provider. Without a lock in the store, another instance may have refreshed
 * (and rotated the refresh token) a moment ago: a refused refresh then returns what it stored.
 */
async function refreshOnce(
  store: DriveTokenStore,
  provider: DriveProvider,
  userId: string,
  tokens: StoredDriveTokens,
  limits: UpstreamLimits,
): Promise<StoredDriveTokens> {
  const key = toDriveTokensKey(provider.slug, userId);
  try {
    // Other requests may wait on this refresh, so one client going away must not cancel it.
    const renewed = await provider.refreshTokens(tokens.refreshToken!, withoutClientSignal(limits));
    await saveDriveTokens(store, provider.slug, userId, renewed);
    if ((await store.get(toSignedOutKey(provider.slug, userId))) != null) {
      await store.delete(key);
      throw new DriveReauthRequiredError('the user signed out while the tokens were being refreshed');
    }
    return renewed;
  } catch (error) {
    const current = parseTokens(await store.get(key));
    if (isDriveReauthRequired(error) && current && current.refreshToken !== tokens.refreshToken && !needsRefresh(current)) return current;
    throw error;
  }
}

/**
 * Refreshes running in this process, per store and key: concurrent requests of one user share one
 * refresh, which matters for providers that rotate refresh tokens (Microsoft, Box).
 */
const refreshesInFlight = new WeakMap<DriveTokenStore, Map<string, Promise<StoredDriveTokens>>>();

async function refresh(
  store: DriveTokenStore,
  provider: DriveProvider,
  userId: string,
  tokens: StoredDriveTokens,
  limits: UpstreamLimits,
): Promise<StoredDriveTokens> {
  const key = toDriveTokensKey(provider.slug, userId);
  let running = refreshesInFlight.get(store);
  if (!running) {
    running = new Map();
    refreshesInFlight.set(store, running);
  }
  const shared = running.get(key);
  if (shared) return shared;
  const attempt = canLock(store)
    ? refreshInTurn({
        store,
        provider: provider.slug,
        userId,
        timeoutMs: limits.timeoutMs,
        async readUsable() {
          const current = parseTokens(await store.get(key));
          return { usable: current && !needsRefresh(current) ? current : undefined, present: current !== undefined };
        },
        async refresh() {
          // The previous turn, on another instance, may have refreshed them a moment ago.
          const current = parseTokens(await store.get(key));
          if (current && !needsRefresh(current)) return current;
          if (!current?.refreshToken) throw new DriveReauthRequiredError('the tokens were deleted or lost their refresh token before their refresh');
          return refreshOnce(store, provider, userId, current, limits);
        },
      })
    : refreshOnce(store, provider, userId, tokens, limits);
  running.set(key, attempt);
  try {
    return await attempt;
  } finally {
    running.delete(key);
  }
}

/**
 * The user's tokens for `provider`, refreshed when they expire within 30 seconds. Throws the
 * re-auth error when there are none or they cannot be renewed (dead tokens are deleted first).
 */
async function getUsableDriveTokens(store: DriveTokenStore, provider: DriveProvider, userId: string, limits: UpstreamLimits): Promise<StoredDriveTokens> {
  const tokens = parseTokens(await store.get(toDriveTokensKey(provider.slug, userId)));
  if (!tokens) throw new DriveReauthRequiredError('no drive tokens are stored for this user');
  if (!needsRefresh(tokens)) return tokens;
  if (!tokens.refreshToken) {
    if (tokens.expiresAt! > Date.now()) return tokens;
    await deleteDriveTokens(store, provider.slug, userId);
    throw new DriveReauthRequiredError('the access token expired and there is no refresh token');
  }
  try {
    return await refresh(store, provider, userId, tokens, limits);
  } catch (error) {
    if (isDriveReauthRequired(error)) await deleteDriveTokens(store, provider.slug, userId);
    throw error;
  }
}

/**
 * Runs a provider call with usable tokens; a 401 from the provider deletes them and becomes the
 * re-auth signal.
 */
export async function withDriveTokens<T>(
  store: DriveTokenStore,
  provider: DriveProvider,
  userId: string,
  limits: UpstreamLimits,
  call: (accessToken: string) => Promise<T>,
): Promise<T> {
  const tokens = await getUsableDriveTokens(store, provider, userId, limits);
  try {
    return await call(tokens.accessToken);
  } catch (error) {
    if (isDriveReauthRequired(error)) await deleteDriveTokens(store, provider.slug, userId);
    throw error;
  }
}
