import { createConfigError } from './errors.js';
import { presignGetObject } from './internal/s3-operations.js';
import { assertPresignExpiry, DEFAULT_DOWNLOAD_URL_EXPIRES_IN } from './internal/settings.js';
import { assertUsableStorage, getBrowserSigningClient } from './internal/storage-config.js';
import type { StorageConfig, StorageResolver } from './types.js';

export interface DownloadUrlConfig {
  storage: StorageConfig | StorageResolver;
  downloadUrlExpiresIn?: number;
}

export interface DownloadUrlOptions {
  /** Seconds, for this URL only. */
  expiresIn?: number;
}

/**
 * A signed GET URL for an existing key, e.g. to show a stored file later. The key is signed as
 * given and not checked; no authorization happens here, so call it only for keys the caller may
 * read. Expiry: `opts.expiresIn`, else `config.downloadUrlExpiresIn`, else three days.
 */
export async function getDownloadUrl(config: DownloadUrlConfig, key: string, opts: DownloadUrlOptions = {}): Promise<string> {
  if (typeof config?.storage === 'function') {
    throw createConfigError('getDownloadUrl needs a storage object; with a resolver, resolve the storage first and pass the result');
  }
  assertUsableStorage(config?.storage);
  if (typeof key !== 'string' || key === '') throw createConfigError('getDownloadUrl needs a non-empty key');
  const expiresIn = opts.expiresIn ?? config.downloadUrlExpiresIn ?? DEFAULT_DOWNLOAD_URL_EXPIRES_IN;
  assertPresignExpiry(expiresIn, opts.expiresIn !== undefined ? 'expiresIn' : 'downloadUrlExpiresIn');
  return presignGetObject(getBrowserSigningClient(config.storage), config.storage.bucket, key, expiresIn);
}
