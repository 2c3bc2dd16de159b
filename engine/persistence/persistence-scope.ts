import { toHex } from '../core/hex.js';
import type { ResolvedOptions } from '../core/options.js';

/**
 * Who a persisted record belongs to. Crash-recovery records, multipart resume records and tus
 * fingerprints are all written to storage shared by the whole origin, so each one carries the
 * scope of the uploader that wrote it: the upload target, the uploader's own id on the page
 * (`uploaderId`, the element passes its `id` or `name`) and the host's user key
 * (`persistenceKey`). Only an uploader of the same scope may read a record back.
 *
 * The scope is stored hashed: the user key and the target stay out of browser storage.
 */
export function scopeIdentity(options: ResolvedOptions): string {
  const { raw, target, tus } = options;
  const destination = tus?.endpoint ?? (target.kind === 'none' ? '' : target.url);
  return JSON.stringify([destination, raw.uploaderId ?? '', raw.persistenceKey ?? '']);
}

/**
 * Hex SHA-256 of a string (WebCrypto where available; @noble/hashes outside secure contexts).
 * @internal Exported for tests.
 */
export async function sha256OfText(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const subtle = globalThis.crypto?.subtle;
  const digest = subtle ? new Uint8Array(await subtle.digest('SHA-256', bytes)) : (await import('@noble/hashes/sha2.js')).sha256(bytes);
  return toHex(digest);
}

let lastScope: { identity: string; hash: Promise<string> } | undefined;

/** The hashed scope of an uploader with these options (the last one is remembered: every save asks). */
export function persistenceScope(options: ResolvedOptions): Promise<string> {
  const identity = scopeIdentity(options);
  if (lastScope?.identity !== identity) lastScope = { identity, hash: sha256OfText(`svc-uploader-scope:${identity}`) };
  return lastScope.hash;
}

/**
 * Storage key for "this file at this target in this scope": a hash, so neither the file name nor
 * the user key is readable from the key.
 */
export function fileFingerprint(file: File, target: string, scope: string): Promise<string> {
  return sha256OfText(JSON.stringify([file.name, file.size, file.lastModified, file.type, target, scope]));
}

/** The browser's localStorage, or undefined where reading it throws (sandboxed frames, storage off). */
export function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Every localStorage key starting with `prefix` (collected first: removing while iterating skips keys). */
export function keysWithPrefix(store: Storage, prefix: string): string[] {
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}
