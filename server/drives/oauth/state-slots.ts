/**
 * The per-user cap on live OAuth states, kept on a store shared by several handler instances. A
 * user owns ten slot keys; a state is written only by the flow that claimed a slot for it, with
 * the store's atomic `setIfAbsent`, so concurrent starts cannot pass the cap. With every slot
 * taken, a start evicts the oldest: it deletes that state, then frees its slot only while the slot
 * still names it (`deleteIfEquals`), so of two starts evicting the same state one wins. A store
 * without those methods gets the same steps as separate reads and writes (the cap then holds for
 * starts that do not overlap).
 */
import type { DriveTokenStore } from '../types.js';

export const MAX_LIVE_STATES_PER_USER = 10;
/** Every slot is looked at this many times before a start gives up (only under a burst of starts). */
const CLAIM_ROUNDS = 3;

export interface SlotEntry {
  state: string;
  /** Epoch milliseconds with sub-millisecond precision, so flows started in one millisecond still order. */
  createdAt: number;
}

function toSlotKey(userId: string, slot: number): string {
  return `oauth-state-slot:${encodeURIComponent(userId)}:${slot}`;
}

function toSlotValue(entry: SlotEntry): string {
  return JSON.stringify({ state: entry.state, createdAt: entry.createdAt });
}

function parseSlotValue(text: string | null | undefined): SlotEntry | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const entry = JSON.parse(text) as Partial<SlotEntry>;
    return typeof entry.state === 'string' && typeof entry.createdAt === 'number' ? (entry as SlotEntry) : undefined;
  } catch {
    return undefined;
  }
}

async function claimIfAbsent(store: DriveTokenStore, key: string, value: string, ttlSeconds: number): Promise<boolean> {
  if (store.setIfAbsent) return store.setIfAbsent(key, value, ttlSeconds);
  if ((await store.get(key)) != null) return false;
  await store.set(key, value, ttlSeconds);
  return true;
}

async function deleteIfEquals(store: DriveTokenStore, key: string, value: string): Promise<boolean> {
  if (store.deleteIfEquals) return store.deleteIfEquals(key, value);
  if ((await store.get(key)) !== value) return false;
  await store.delete(key);
  return true;
}

/**
 * Claims one of the user's slots for `entry`, evicting the oldest state (through `dropState`)
 * when all are taken. Returns the slot, or `undefined` when other starts kept winning every slot.
 */
export async function claimStateSlot(
  store: DriveTokenStore,
  userId: string,
  entry: SlotEntry,
  ttlSeconds: number,
  dropState: (state: string) => Promise<void>,
): Promise<number | undefined> {
  const value = toSlotValue(entry);
  const slots = Array.from({ length: MAX_LIVE_STATES_PER_USER }, (_, slot) => slot);
  for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
    const held = await Promise.all(slots.map(async (slot) => ({ slot, raw: await store.get(toSlotKey(userId, slot)) })));
    for (const { slot, raw } of held) {
      if (raw == null && (await claimIfAbsent(store, toSlotKey(userId, slot), value, ttlSeconds))) return slot;
    }
    const oldestFirst = held
      .map(({ slot, raw }) => ({ slot, raw, entry: parseSlotValue(raw) }))
      .filter((candidate) => typeof candidate.raw === 'string')
      .sort((left, right) => (left.entry?.createdAt ?? 0) - (right.entry?.createdAt ?? 0));
    for (const { slot, raw, entry: evicted } of oldestFirst) {
      // The state goes before its slot frees, so no moment has more than ten live states.
      if (evicted) await dropState(evicted.state);
      if ((await deleteIfEquals(store, toSlotKey(userId, slot), raw!)) && (await claimIfAbsent(store, toSlotKey(userId, slot), value, ttlSeconds))) {
        return slot;
      }
    }
  }
  return undefined;
}

/** Frees the slot a consumed state held, unless a later start has taken it over already. */
export async function releaseStateSlot(store: DriveTokenStore, userId: string, slot: number, entry: SlotEntry): Promise<void> {
  await deleteIfEquals(store, toSlotKey(userId, slot), toSlotValue(entry));
}
