/**
 * Handler instances that share a token store take turns refreshing one user's drive tokens. A
 * provider that rotates refresh tokens (Microsoft, Box) retires the old one on use, so two
 * instances refreshing at once would have one of them refused, and its clean-up could delete the
 * token the other just saved. With a store that offers `setIfAbsent`, one instance holds a short
 * lock key while it refreshes; the others wait for the tokens it stores.
 */
import { toBase64Url } from '../internal/encoding.js';
import { DriveReauthRequiredError, createDriveRequestError } from './drive-errors.js';
import type { DriveProviderSlug, DriveTokenStore } from './types.js';

/** How often a waiting instance looks for the tokens the lock holder stores. */
const WAIT_POLL_MS = 100;
/**
 * The lock outlives the refresh it guards (one provider call within the upstream timeout, then a
 * store write) by this much, and expires on its own if the holder dies.
 */
const LOCK_MARGIN_SECONDS = 10;

// A plain timer rather than node:timers, so the handler runs unchanged on every runtime it supports.
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** @internal Exported for tests. */
export function toRefreshLockKey(provider: DriveProviderSlug, userId: string): string {
  return `drive-refresh-lock:${provider}:${encodeURIComponent(userId)}`;
}

export type LockingTokenStore = DriveTokenStore & Required<Pick<DriveTokenStore, 'setIfAbsent'>>;

export function canLock(store: DriveTokenStore): store is LockingTokenStore {
  return typeof store.setIfAbsent === 'function';
}

export interface RefreshTurn<T> {
  store: LockingTokenStore;
  provider: DriveProviderSlug;
  userId: string;
  timeoutMs: number;
  /** Reads the stored tokens: usable ones end the wait, none means they were deleted (re-auth). */
  readUsable(): Promise<{ usable: T | undefined; present: boolean }>;
  /** Runs while this instance holds the lock; it re-reads the store first, as a turn may follow another's. */
  refresh(): Promise<T>;
}

/**
 * Refreshes under the lock, or waits (bounded by the upstream timeout plus the lock's margin) for
 * the instance holding it. A lock left by a dead instance expires, and the next turn takes over.
 */
export async function refreshInTurn<T>(turn: RefreshTurn<T>): Promise<T> {
  const lockKey = toRefreshLockKey(turn.provider, turn.userId);
  const lockSeconds = Math.ceil(turn.timeoutMs / 1000) + LOCK_MARGIN_SECONDS;
  const deadline = Date.now() + lockSeconds * 1000 + WAIT_POLL_MS;
  // Names this holder, so releasing the lock never deletes one another instance took after ours expired.
  const holder = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  for (;;) {
    if (await turn.store.setIfAbsent(lockKey, holder, lockSeconds)) {
      try {
        return await turn.refresh();
      } finally {
        await releaseLock(turn.store, lockKey, holder);
      }
    }
    await sleep(WAIT_POLL_MS);
    const { usable, present } = await turn.readUsable();
    if (usable) return usable;
    if (!present) throw new DriveReauthRequiredError('the tokens were deleted while another instance refreshed them');
    if (Date.now() > deadline) throw createDriveRequestError(new Error('timed out waiting for another instance to refresh the drive tokens'));
  }
}

/** Deletes the lock only while this holder still holds it: atomically where the store can. */
async function releaseLock(store: LockingTokenStore, lockKey: string, holder: string): Promise<void> {
  if (store.deleteIfEquals) {
    await store.deleteIfEquals(lockKey, holder);
  } else if ((await store.get(lockKey)) === holder) {
    await store.delete(lockKey);
  }
}
