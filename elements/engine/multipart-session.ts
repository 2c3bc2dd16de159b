/**
 * A multipart upload session as the engine remembers it, and where it is remembered between page
 * loads (`resumable.persist`). The token is the only handle: key and upload id stay inside it.
 */
export interface StoredPart {
  eTag: string;
  size: number;
}

export interface MultipartSession {
  fingerprint: string;
  key: string;
  token: string;
  partSize: number;
  fileSize: number;
  /** Parts storage has confirmed (ETag received or listed by /multipart/resume). */
  parts: Map<number, StoredPart>;
  /** The handler vouched for this session in this page (init or resume); otherwise ask /resume first. */
  confirmed: boolean;
}

interface PersistedSession {
  key: string;
  token: string;
  partSize: number;
  fileSize: number;
  parts: Array<[number, StoredPart]>;
  savedAt: number;
}

const PREFIX = 'svc-uploader:multipart:';

/** Identity of "the same file at the same target" across reloads. */
export function sessionFingerprint(targetUrl: string, file: File): string {
  return [targetUrl, file.name, file.size, file.lastModified, file.type].join('|');
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Access throws in sandboxed frames and with storage disabled.
    return undefined;
  }
}

export function loadSession(fingerprint: string): MultipartSession | undefined {
  const raw = storage()?.getItem(PREFIX + fingerprint);
  if (!raw) return undefined;
  try {
    const stored = JSON.parse(raw) as PersistedSession;
    return {
      fingerprint,
      key: stored.key,
      token: stored.token,
      partSize: stored.partSize,
      fileSize: stored.fileSize,
      parts: new Map(stored.parts),
      confirmed: false,
    };
  } catch {
    forgetSession(fingerprint);
    return undefined;
  }
}

export function saveSession(session: MultipartSession): void {
  const record: PersistedSession = {
    key: session.key,
    token: session.token,
    partSize: session.partSize,
    fileSize: session.fileSize,
    parts: [...session.parts],
    savedAt: Date.now(),
  };
  try {
    storage()?.setItem(PREFIX + session.fingerprint, JSON.stringify(record));
  } catch {
    // Quota exceeded: the upload goes on, only resuming after a reload is lost.
  }
}

export function forgetSession(fingerprint: string): void {
  try {
    storage()?.removeItem(PREFIX + fingerprint);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}

/** Fingerprints of every remembered session (for tests and for a host's cleanup UI). */
export function listSessionFingerprints(): string[] {
  const store = storage();
  if (!store) return [];
  const fingerprints: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX)) fingerprints.push(key.slice(PREFIX.length));
  }
  return fingerprints;
}
