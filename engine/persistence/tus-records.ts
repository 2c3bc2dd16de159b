import { keysWithPrefix, localStore } from './persistence-scope.js';

/**
 * The tus upload URLs the engine keeps (tus-url-storage.ts reads and writes them for tus-js-client);
 * their shape, and how `reset()` and `clearPersistedUploads()` find and remove them.
 */
export const TUS_RECORD_PREFIX = 'svc-uploader:tus:';
/** Entries tus-js-client's own storage wrote with its default fingerprint (file name in the key). */
const LEGACY_TUS_PREFIX = 'tus::tus-br-';

export interface StoredTusUpload {
  scope: string;
  uploadUrl: string | null;
  parallelUploadUrls: string[] | null;
  size: number | null;
  creationTime: string;
  expiresAt: number;
}

export function parseTusRecord(raw: string | null): StoredTusUpload | undefined {
  try {
    const stored = JSON.parse(raw ?? 'null') as StoredTusUpload | null;
    return stored && typeof stored.scope === 'string' && Number.isFinite(stored.expiresAt) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the tus records of one scope (`reset()`), or all of them, legacy ones included (sign-out). */
export function forgetTusUploads(scope?: string): void {
  const store = localStore();
  if (!store) return;
  for (const key of keysWithPrefix(store, TUS_RECORD_PREFIX)) {
    if (scope === undefined || parseTusRecord(store.getItem(key))?.scope === scope) store.removeItem(key);
  }
  if (scope === undefined) for (const key of keysWithPrefix(store, LEGACY_TUS_PREFIX)) store.removeItem(key);
}
