import { isPartListLength, isPartSizeFor, isRememberedPart } from '../upload/handler-answers.js';
import { keysWithPrefix, localStore } from './persistence-scope.js';
import { TabLocks } from './tab-locks.js';
import type { ContentChecksum } from '../../protocol/wire.js';

/**
 * A multipart upload session as the engine remembers it, and where it is remembered between page
 * loads (`resumable.persist`). The token is the only handle: key and upload id stay inside it.
 */
export interface StoredPart {
  eTag: string;
  size: number;
  /** The part's `x-amz-checksum-*` digest, named again at complete (upload opened with an algorithm). */
  checksum?: ContentChecksum;
}

export interface MultipartSession {
  /** Hash of file identity, handler URL and scope: the storage key, without the file name. */
  fingerprint: string;
  /** Hashed scope of the uploader (persistence-scope.ts), kept so `reset()` can find its records. */
  scope: string;
  key: string;
  token: string;
  partSize: number;
  fileSize: number;
  /** When the record stops being usable: the init time plus the resume window. */
  expiresAt: number;
  /** Parts storage has confirmed (ETag received or listed by /multipart/resume). */
  parts: Map<number, StoredPart>;
  /** The handler vouched for this session in this page (init or resume); otherwise ask /resume first. */
  confirmed: boolean;
  /** The upload was opened with this `x-amz-checksum-*` algorithm: every part carries its digest in it. */
  checksumAlgorithm?: ContentChecksum['algorithm'];
}

/**
 * The stored form: the session without its storage key (the fingerprint) and page-only state, its
 * parts as entries (JSON has no Map), and when it was saved.
 */
type PersistedSession = Omit<MultipartSession, 'fingerprint' | 'parts' | 'confirmed'> & {
  parts: Array<[number, StoredPart]>;
  savedAt: number;
};

/** Every resume record lives under this prefix; `clearPersistedUploads()` removes them all. */
const MULTIPART_RECORD_PREFIX = 'svc-uploader:multipart:';

/**
 * Which tab owns a remembered session. Every tab of the origin reads the same localStorage, and
 * the same file picked in a second tab has the same fingerprint: continuing the first tab's
 * session there would send its parts twice and let one tab complete (or abort) the upload under
 * the other. The tab that uses a record holds a Web Lock named after its fingerprint
 * (`svc-uploader:multipart:<fingerprint>`) until it completes, drops or aborts the session; the
 * browser lets the lock go when that tab closes, and only then may another tab continue it.
 */
const sessionLocks = new TabLocks('multipart');

/**
 * Takes the record of `fingerprint` for this page. False when another live tab holds it: that
 * tab's record is then neither read, written over nor removed here.
 */
export function claimSession(fingerprint: string): Promise<boolean> {
  return sessionLocks.hold(fingerprint);
}

/** Longer than any token or key this handler issues. */
const MAX_TOKEN_LENGTH = 8192;

/**
 * Whether a stored record can be used. Any script of the origin can write localStorage, so a
 * record is checked as strictly as the handler answer it came from (handler-answers.ts): a part
 * size of 0 or 1 would slice the file into endless or millions of parts.
 */
function isPersistedSession(value: unknown): value is PersistedSession {
  const record = value as PersistedSession | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.scope === 'string' &&
    typeof record.token === 'string' &&
    record.token.length > 0 &&
    record.token.length <= MAX_TOKEN_LENGTH &&
    typeof record.key === 'string' &&
    record.key.length <= MAX_TOKEN_LENGTH &&
    Number.isSafeInteger(record.fileSize) &&
    record.fileSize >= 0 &&
    isPartSizeFor(record.partSize, record.fileSize) &&
    Number.isFinite(record.expiresAt) &&
    Array.isArray(record.parts) &&
    isPartListLength(record.parts.length) &&
    record.parts.every(isRememberedPart) &&
    (record.checksumAlgorithm === undefined || ['CRC32', 'CRC32C', 'SHA256'].includes(record.checksumAlgorithm))
  );
}

/**
 * The remembered session for `fingerprint`, unless it is past its expiry or unreadable (records
 * written before expiries existed included): such a record is removed and nothing is returned.
 */
export function loadSession(fingerprint: string): MultipartSession | undefined {
  const raw = localStore()?.getItem(MULTIPART_RECORD_PREFIX + fingerprint);
  if (!raw) return undefined;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    stored = undefined;
  }
  if (!isPersistedSession(stored) || stored.expiresAt <= Date.now()) {
    removeRecord(fingerprint);
    return undefined;
  }
  return {
    fingerprint,
    scope: stored.scope,
    key: stored.key,
    token: stored.token,
    partSize: stored.partSize,
    fileSize: stored.fileSize,
    expiresAt: stored.expiresAt,
    parts: new Map(stored.parts),
    confirmed: false,
    ...(stored.checksumAlgorithm ? { checksumAlgorithm: stored.checksumAlgorithm } : {}),
  };
}

/** Writes the session's record, unless another tab holds that record (claimSession). */
export function saveSession(session: MultipartSession): void {
  if (!sessionLocks.holds(session.fingerprint)) return;
  const record: PersistedSession = {
    scope: session.scope,
    key: session.key,
    token: session.token,
    partSize: session.partSize,
    fileSize: session.fileSize,
    expiresAt: session.expiresAt,
    parts: [...session.parts],
    savedAt: Date.now(),
    ...(session.checksumAlgorithm ? { checksumAlgorithm: session.checksumAlgorithm } : {}),
  };
  try {
    localStore()?.setItem(MULTIPART_RECORD_PREFIX + session.fingerprint, JSON.stringify(record));
  } catch {
    // Quota exceeded: the upload goes on, only resuming after a reload is lost.
  }
}

/** Removes the session's record and lets another tab take the fingerprint, unless another tab holds it. */
export function forgetSession(fingerprint: string): void {
  if (!sessionLocks.holds(fingerprint)) return;
  removeRecord(fingerprint);
  sessionLocks.release(fingerprint);
}

function removeRecord(fingerprint: string): void {
  try {
    localStore()?.removeItem(MULTIPART_RECORD_PREFIX + fingerprint);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}

/**
 * Removes the records of one scope except the fingerprints in `keep` (`reset()`), or every record
 * when no scope is given (sign-out).
 */
export function forgetSessions(scope?: string, keep: ReadonlySet<string> = new Set()): void {
  const store = localStore();
  if (!store) return;
  for (const key of keysWithPrefix(store, MULTIPART_RECORD_PREFIX)) {
    if (keep.has(key.slice(MULTIPART_RECORD_PREFIX.length))) continue;
    if (scope !== undefined && readScope(store.getItem(key)) !== scope) continue;
    store.removeItem(key);
  }
}

function readScope(raw: string | null): string | undefined {
  try {
    return (JSON.parse(raw ?? 'null') as { scope?: string } | null)?.scope;
  } catch {
    return undefined;
  }
}
