import { keysWithPrefix, localStore } from './persistence-scope.js';

/**
 * Completions a page still owes the handler: single uploads counted done at their PUT whose
 * `POST /complete` (sent in the background) has not been answered yet. Each is written before the
 * first send and removed once the handler answered for good, so a page that closed or lost the
 * network before that leaves a record the next engine of the same scope sends again. Without it
 * the object would stay unconfirmed: no hook hears of it, and `deleteUnconfirmedUploads` deletes
 * what the user saw uploaded.
 */
export interface PendingConfirmation {
  /** The record's own id (its storage key without the prefix). */
  id: string;
  /** Hashed scope of the uploader that owes it (persistence-scope.ts): only that scope sends it again. */
  scope: string;
  /** The handler's `/complete` URL as the engine called it. */
  url: string;
  token: string;
  savedAt: number;
}

const CONFIRMATION_RECORD_PREFIX = 'svc-uploader:confirm:';

/** A completion token lives one day on the handler; an older record can only be refused. */
const CONFIRMATION_RECORD_TTL_MS = 24 * 60 * 60 * 1000;

/** Longer than any token or URL the engine keeps. */
const MAX_RECORD_TEXT_LENGTH = 8192;

/** Any script of the origin can write localStorage: a record is read as strictly as an answer. */
function isPendingConfirmation(value: unknown): value is Omit<PendingConfirmation, 'id'> {
  const record = value as PendingConfirmation | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.scope === 'string' &&
    typeof record.url === 'string' &&
    record.url.length <= MAX_RECORD_TEXT_LENGTH &&
    typeof record.token === 'string' &&
    record.token.length > 0 &&
    record.token.length <= MAX_RECORD_TEXT_LENGTH &&
    Number.isFinite(record.savedAt)
  );
}

/** Whether any record is kept at all: a synchronous look that loads nothing. */
export function hasPendingConfirmations(): boolean {
  const store = localStore();
  try {
    return store !== undefined && keysWithPrefix(store, CONFIRMATION_RECORD_PREFIX).length > 0;
  } catch {
    return false;
  }
}

/** Keeps a confirmation until `forgetConfirmation`; best effort (a full quota loses only the record). */
export function rememberConfirmation(record: PendingConfirmation): void {
  const { id, ...stored } = record;
  try {
    localStore()?.setItem(CONFIRMATION_RECORD_PREFIX + id, JSON.stringify(stored));
  } catch {
    // Quota exceeded or storage off: the confirmation is still sent from this page.
  }
}

export function forgetConfirmation(id: string): void {
  try {
    localStore()?.removeItem(CONFIRMATION_RECORD_PREFIX + id);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}

/** The records of `scope` for the `/complete` URL `url`; unreadable and expired ones are removed. */
export function pendingConfirmations(scope: string, url: string, now = Date.now()): PendingConfirmation[] {
  const store = localStore();
  if (!store) return [];
  const found: PendingConfirmation[] = [];
  try {
    for (const key of keysWithPrefix(store, CONFIRMATION_RECORD_PREFIX)) {
      let stored: unknown;
      try {
        stored = JSON.parse(store.getItem(key) ?? 'null');
      } catch {
        stored = undefined;
      }
      if (!isPendingConfirmation(stored) || now - stored.savedAt > CONFIRMATION_RECORD_TTL_MS) {
        store.removeItem(key);
        continue;
      }
      if (stored.scope === scope && stored.url === url) found.push({ ...stored, id: key.slice(CONFIRMATION_RECORD_PREFIX.length) });
    }
  } catch {
    // Storage went away while reading: what was read is still owed.
  }
  return found;
}
