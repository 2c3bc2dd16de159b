/**
 * The presentation headers a single upload's object is stored with. A presigned PUT stores
 * whatever `Content-Disposition` and `Cache-Control` the client sends unless they are signed:
 * a client could otherwise make its object download as `evil.html` or tell shared caches to keep
 * a private file for a year. The handler signs the values it intends, so storage refuses a PUT
 * that sends any other value (or none) with 403.
 */
import { createConfigError } from '../errors.js';
import type { StoredObjectHeadersConfig } from '../types.js';

export interface StoredObjectHeaders {
  contentDisposition: string;
  cacheControl: string;
}

/** What browsers do without the header: show the object. */
const DEFAULT_CONTENT_DISPOSITION = 'inline';
/** Uploads are the user's: no shared cache (CDN, proxy) keeps a copy unless the host says so. */
const DEFAULT_CACHE_CONTROL = 'private';
/** Header values a browser sends and S3 stores; longer ones are a mistake, not a policy. */
const MAX_HEADER_VALUE_LENGTH = 1024;

function readHeaderValue(value: unknown, name: string, fallback: string): string {
  if (value === undefined) return fallback;
  // Visible ASCII and spaces only: anything else could not be signed and sent as one header.
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_HEADER_VALUE_LENGTH || !/^[\x20-\x7e]+$/.test(value) || value.trim() !== value) {
    throw createConfigError(
      `storedObjectHeaders.${name} must be a header value of visible ASCII characters (1 to ${MAX_HEADER_VALUE_LENGTH}); got ${String(value)}`,
    );
  }
  return value;
}

export function readStoredObjectHeaders(value: StoredObjectHeadersConfig | undefined): StoredObjectHeaders {
  if (value !== undefined && (typeof value !== 'object' || value === null)) throw createConfigError('storedObjectHeaders must be an object');
  return {
    contentDisposition: readHeaderValue(value?.contentDisposition, 'contentDisposition', DEFAULT_CONTENT_DISPOSITION),
    cacheControl: readHeaderValue(value?.cacheControl, 'cacheControl', DEFAULT_CACHE_CONTROL),
  };
}
