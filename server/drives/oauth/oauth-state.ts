/**
 * The OAuth `state`: 32 random bytes, kept 10 minutes in the token store, bound to the user, the
 * provider and the starting browser, consumed by the first callback that presents it. Each user
 * holds at most `MAX_LIVE_STATES_PER_USER` of them: starting an eleventh flow drops the oldest,
 * so a script starting flows in a loop cannot fill the store.
 */
import { toBase64Url } from '../../internal/encoding.js';
import type { DriveProviderSlug, DriveTokenStore } from '../types.js';

export const OAUTH_STATE_TTL_SECONDS = 600;
const MAX_LIVE_STATES_PER_USER = 10;
const STATE_BYTES = 32;
const STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface OAuthStateRecord {
  provider: DriveProviderSlug;
  userId: string;
  /** As the client sent it (at most 2,048 characters); validated at the callback. */
  returnTo?: string;
  /** SHA-256 (base64url) of the browser-binding cookie set at the start. */
  browserBindingHash: string;
  /** PKCE verifier, for providers that take a code challenge. */
  codeVerifier?: string;
  /** Epoch milliseconds: the age is checked here too, for stores that ignore TTLs. */
  createdAt: number;
}

interface LiveState {
  state: string;
  createdAt: number;
}

function toStateKey(state: string): string {
  return `oauth-state:${state}`;
}

function toUserIndexKey(userId: string): string {
  return `oauth-states-of:${encodeURIComponent(userId)}`;
}

function isFresh(createdAt: number, now: number): boolean {
  const age = now - createdAt;
  return age >= 0 && age <= OAUTH_STATE_TTL_SECONDS * 1000;
}

async function readUserIndex(store: DriveTokenStore, userId: string): Promise<LiveState[]> {
  const text = await store.get(toUserIndexKey(userId));
  if (typeof text !== 'string') return [];
  try {
    const entries = JSON.parse(text) as unknown;
    if (!Array.isArray(entries)) return [];
    return entries.filter(
      (entry): entry is LiveState => typeof entry === 'object' && entry !== null && typeof entry.state === 'string' && typeof entry.createdAt === 'number',
    );
  } catch {
    return [];
  }
}

/**
 * Records the new state in the user's index and deletes the states beyond the cap, oldest first.
 * Two flows started at the same instant may both read the old index; the loser's state then
 * stays unlisted but still expires with its TTL, so the store stays bounded.
 */
async function admitToUserIndex(store: DriveTokenStore, userId: string, added: LiveState): Promise<void> {
  const now = Date.now();
  const live = (await readUserIndex(store, userId)).filter((entry) => isFresh(entry.createdAt, now));
  live.push(added);
  live.sort((left, right) => left.createdAt - right.createdAt);
  const dropped = live.splice(0, Math.max(0, live.length - MAX_LIVE_STATES_PER_USER));
  await Promise.all(dropped.map((entry) => store.delete(toStateKey(entry.state))));
  await store.set(toUserIndexKey(userId), JSON.stringify(live), OAUTH_STATE_TTL_SECONDS);
}

export async function createOAuthState(store: DriveTokenStore, record: Omit<OAuthStateRecord, 'createdAt'>): Promise<string> {
  const state = toBase64Url(crypto.getRandomValues(new Uint8Array(STATE_BYTES)));
  const stored: OAuthStateRecord = { ...record, createdAt: Date.now() };
  await store.set(toStateKey(state), JSON.stringify(stored), OAUTH_STATE_TTL_SECONDS);
  await admitToUserIndex(store, record.userId, { state, createdAt: stored.createdAt });
  return state;
}

/**
 * Within one process, a state being consumed is claimed first, so two concurrent callbacks
 * cannot both read it before either deletes it. Across instances, a store with `take` reads and
 * deletes in one step; with a store without it, the provider's authorization code is single-use
 * as well, so a second exchange of the same code fails at the provider.
 */
const statesBeingConsumed = new Set<string>();

async function takeStored(store: DriveTokenStore, key: string): Promise<string | null | undefined> {
  if (store.take) return store.take(key);
  const text = await store.get(key);
  if (text !== null && text !== undefined) await store.delete(key);
  return text;
}

function parseRecord(text: string | null | undefined): OAuthStateRecord | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const record = JSON.parse(text) as Partial<OAuthStateRecord>;
    if (typeof record.provider !== 'string' || typeof record.userId !== 'string' || typeof record.createdAt !== 'number') return undefined;
    if (typeof record.browserBindingHash !== 'string') return undefined;
    if (record.returnTo !== undefined && typeof record.returnTo !== 'string') return undefined;
    if (record.codeVerifier !== undefined && typeof record.codeVerifier !== 'string') return undefined;
    return record as OAuthStateRecord;
  } catch {
    return undefined;
  }
}

/**
 * Reads and deletes the state in one step: it is spent whatever the outcome, so a replay, an
 * unknown value, a provider mismatch or an age above 10 minutes all give `undefined`.
 */
export async function consumeOAuthState(store: DriveTokenStore, state: string, provider: DriveProviderSlug): Promise<OAuthStateRecord | undefined> {
  if (!STATE_PATTERN.test(state) || statesBeingConsumed.has(state)) return undefined;
  statesBeingConsumed.add(state);
  try {
    const record = parseRecord(await takeStored(store, toStateKey(state)));
    if (!record) return undefined;
    if (record.provider !== provider || !isFresh(record.createdAt, Date.now())) return undefined;
    return record;
  } finally {
    statesBeingConsumed.delete(state);
  }
}
