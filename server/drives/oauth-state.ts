/**
 * The OAuth `state`: 32 random bytes, kept 10 minutes in the token store, bound to the user and the
 * provider, consumed by the first callback that presents it.
 */
import { toBase64Url } from '../internal/encoding.js';
import type { DriveProviderSlug, DriveTokenStore } from './types.js';

export const OAUTH_STATE_TTL_SECONDS = 600;
const STATE_BYTES = 32;
const STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface OAuthStateRecord {
  provider: DriveProviderSlug;
  userId: string;
  /** As the client sent it; validated at the callback. */
  returnTo?: string;
  /** Epoch milliseconds: the age is checked here too, for stores that ignore TTLs. */
  createdAt: number;
}

function toStateKey(state: string): string {
  return `oauth-state:${state}`;
}

/**
 * Within one process, a state being consumed is claimed first, so two concurrent callbacks
 * cannot both read it before either deletes it. Across instances the provider's authorization
 * code is single-use as well, so a second exchange of the same code fails at the provider.
 */
const statesBeingConsumed = new Set<string>();

export async function createOAuthState(
  store: DriveTokenStore,
  record: Omit<OAuthStateRecord, 'createdAt'>,
): Promise<string> {
  const state = toBase64Url(crypto.getRandomValues(new Uint8Array(STATE_BYTES)));
  const stored: OAuthStateRecord = { ...record, createdAt: Date.now() };
  await store.set(toStateKey(state), JSON.stringify(stored), OAUTH_STATE_TTL_SECONDS);
  return state;
}

function parseRecord(text: string | null | undefined): OAuthStateRecord | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const record = JSON.parse(text) as Partial<OAuthStateRecord>;
    if (typeof record.provider !== 'string' || typeof record.userId !== 'string' || typeof record.createdAt !== 'number') return undefined;
    if (record.returnTo !== undefined && typeof record.returnTo !== 'string') return undefined;
    return record as OAuthStateRecord;
  } catch {
    return undefined;
  }
}

/**
 * Reads and deletes the state in one step: it is spent whatever the outcome, so a replay, an
 * unknown value, a provider mismatch or an age above 10 minutes all give `undefined`.
 */
export async function consumeOAuthState(
  store: DriveTokenStore,
  state: string,
  provider: DriveProviderSlug,
): Promise<OAuthStateRecord | undefined> {
  if (!STATE_PATTERN.test(state) || statesBeingConsumed.has(state)) return undefined;
  statesBeingConsumed.add(state);
  try {
    const record = parseRecord(await store.get(toStateKey(state)));
    if (!record) return undefined;
    await store.delete(toStateKey(state));
    const age = Date.now() - record.createdAt;
    if (record.provider !== provider || age < 0 || age > OAUTH_STATE_TTL_SECONDS * 1000) return undefined;
    return record;
  } finally {
    statesBeingConsumed.delete(state);
  }
}
