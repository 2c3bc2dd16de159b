import type { PreviousUpload, UrlStorage } from 'tus-js-client';
import { keysWithPrefix, localStore } from './persistence-scope.js';
import { parseTusRecord, TUS_RECORD_PREFIX, type StoredTusUpload } from './tus-records.js';
import { isUsableTusRecord, type TusRecordRules } from './tus-record-rules.js';

/**
 * tus-js-client's URL storage, scoped and expiring. Keys are `svc-uploader:tus:<fingerprint>:<n>`
 * where the fingerprint is a hash (no file name); values keep the upload URL and size but not
 * the upload metadata (which holds the file name); a record past `expiresAt` is removed instead
 * of being offered for resuming, and so is one that breaks the rules of tus-record-rules.ts.
 */
export class ScopedTusUrlStorage implements UrlStorage {
  readonly #scope: string;
  readonly #rules: TusRecordRules;

  constructor(scope: string, rules: TusRecordRules) {
    this.#scope = scope;
    this.#rules = rules;
  }

  async findAllUploads(): Promise<PreviousUpload[]> {
    // Records of every file: their sizes are those of other files.
    const { fileSize: _ignored, ...rules } = this.#rules;
    return this.#find(TUS_RECORD_PREFIX, rules);
  }

  async findUploadsByFingerprint(fingerprint: string): Promise<PreviousUpload[]> {
    return this.#find(`${TUS_RECORD_PREFIX}${fingerprint}:`, this.#rules);
  }

  async removeUpload(urlStorageKey: string): Promise<void> {
    if (urlStorageKey.startsWith(TUS_RECORD_PREFIX)) localStore()?.removeItem(urlStorageKey);
  }

  async addUpload(fingerprint: string, upload: PreviousUpload): Promise<string> {
    const key = `${TUS_RECORD_PREFIX}${fingerprint}:${crypto.getRandomValues(new Uint32Array(1))[0]}`;
    const created = Date.parse(upload.creationTime);
    const stored: StoredTusUpload = {
      scope: this.#scope,
      uploadUrl: upload.uploadUrl,
      parallelUploadUrls: upload.parallelUploadUrls,
      size: upload.size,
      creationTime: upload.creationTime,
      expiresAt: (Number.isFinite(created) ? created : Date.now()) + this.#rules.windowMs,
    };
    try {
      localStore()?.setItem(key, JSON.stringify(stored));
    } catch {
      // Quota exceeded: the upload goes on, only resuming after a reload is lost.
    }
    return key;
  }

  #find(prefix: string, rules: TusRecordRules): PreviousUpload[] {
    const store = localStore();
    if (!store) return [];
    const found: PreviousUpload[] = [];
    for (const key of keysWithPrefix(store, prefix)) {
      const stored = parseTusRecord(store.getItem(key));
      if (!stored || stored.expiresAt <= Date.now()) {
        store.removeItem(key);
        continue;
      }
      if (stored.scope !== this.#scope) continue;
      if (!isUsableTusRecord(stored, rules)) {
        store.removeItem(key);
        continue;
      }
      const { uploadUrl, parallelUploadUrls, size, creationTime } = stored;
      found.push({ uploadUrl, parallelUploadUrls, size, creationTime, metadata: {}, urlStorageKey: key });
    }
    return found;
  }
}
