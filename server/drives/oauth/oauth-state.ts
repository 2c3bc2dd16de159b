/**
 * The OAuth `state`: 32 random bytes, kept 10 minutes in the token store, bound to the user, the
 * provider and the starting browser, consumed by the first callback that presents it. Each user
 * holds at most `MAX_LIVE_STATES_PER_USER` of them, also when starts race on several instances:
 * starting an eleventh flow drops the oldest, so a script starting flows in a loop cannot fill
 * the store.
 */
import { UpupError } from '../../errors.js';
import { toBase64Url } from '../../internal/encoding.js';
import type { DriveProviderSlug, DriveTokenStore } from '../types.js';
import { claimStateSlot, MAX_LIVE_STATES_PER_USER, releaseStateSlot } from './state-slots.js';

export const OAUTH_STATE_TTL_SECONDS = 600;
const SLOT_MARGIN_SECONDS = 5;
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
  /** The user's state slot this state holds (absent on states stored before slots existed). */
  slot?: number;
}

function toStateKey(state: string): string {
  return `oauth-state:${state}`;
}

/**
 * How far in the future a state's start may seem. The callback may reach another instance whose
 * clock is a little behind, and `createdAt` comes from the monotonic clock (which orders a user's
 * starts within one millisecond) while the age is taken against the wall clock: the two drift apart
 * by milliseconds in a long-lived process.
 */
const CLOCK_SKEW_ALLOWANCE_MS = 60_000;

function isFresh(createdAt: number, now: number): boolean {
  const age = now - createdAt;
  return age >= -CLOCK_SKEW_ALLOWANCE_MS && age <= OAUTH_STATE_TTL_SECONDS * 1000;
}

/** 429 when a burst of starts by one user kept taking every slot this start tried. */
function tooManySignIns(): UpupError {
  return new UpupError('Too many sign-ins in progress, retry later', 'SIGN_IN_BUSY', {
    status: 429,
    cause: new Error(`concurrent sign-in starts of this user kept all ${MAX_LIVE_STATES_PER_USER} state slots`),
  });
}

/**
 * Stores a fresh state under one of the user's slots (see state-slots.ts): at most
 * `MAX_LIVE_STATES_PER_USER` live at once, the oldest dropped for a new one.
 */
export async function createOAuthState(store: DriveTokenStore, record: Omit<OAuthStateRecord, 'createdAt' | 'slot'>): Promise<string> {
  const state = toBase64Url(crypto.getRandomValues(new Uint8Array(STATE_BYTES)));
  const createdAt = performance.timeOrigin + performance.now();
  // The slot outlives its state by a little, so an expiring state never leaves its slot free first.
  const slot = await claimStateSlot(store, record.userId, { state, createdAt }, OAUTH_STATE_TTL_SECONDS + SLOT_MARGIN_SECONDS, (dropped) =>
    store.delete(toStateKey(dropped)),
  );
  if (slot === undefined) throw tooManySignIns();
  const stored: OAuthStateRecord = { ...record, createdAt, slot };
  try {
    await store.set(toStateKey(state), JSON.stringify(stored), OAUTH_STATE_TTL_SECONDS);
  } catch (error) {
    await releaseStateSlot(store, record.userId, slot, { state, createdAt }).catch(() => undefined);
    throw error;
  }
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
    if (record.slot !== undefined && typeof record.slot !== 'number') return undefined;
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
    if (record.slot !== undefined) await releaseStateSlot(store, record.userId, record.slot, { state, createdAt: record.createdAt });
    if (record.provider !== provider || !isFresh(record.createdAt, Date.now())) return undefined;
    return record;
  } finally {
    statesBeingConsumed.delete(state);
  }
}
