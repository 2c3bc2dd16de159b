import { ConfigurationError, UploadFailureError } from '../core/errors.js';
import { getPageBase, getPageOrigin } from './page-base.js';

/** Longer upload URLs are refused before parsing; presigned S3 URLs stay well under 4 KiB. */
const MAX_UPLOAD_URL_LENGTH = 16_384;

function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]') return true;
  // URL has already normalized any IPv4 spelling (0x7f.1, 2130706433) to dotted decimal.
  return hostname.startsWith('127.') && /^[\d.]+$/.test(hostname);
}

/** Normalizes `allowedUploadOrigins`; an entry that is not an http(s) origin is a configuration error. */
export function resolveUploadOrigins(origins: string[] | undefined): string[] {
  if (origins === undefined) return [];
  if (!Array.isArray(origins)) throw new ConfigurationError('allowedUploadOrigins must be an array of origins');
  return origins.map((origin) => {
    try {
      const parsed = new URL(String(origin));
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.origin;
    } catch {
      // Not a URL: refused below.
    }
    throw new ConfigurationError(`allowedUploadOrigins: ${String(origin)} is not an http(s) origin`);
  });
}

function refused(reason: string): UploadFailureError {
  return new UploadFailureError({ code: 'INVALID_RESPONSE', message: `Refused upload URL: ${reason}`, retryable: false });
}

/**
 * Checks an upload URL the handler or token endpoint answered and returns it absolute. Bytes go
 * only over `https:`, or `http:` to loopback, to the page's own origin or to an origin the host
 * listed in `allowedUploadOrigins`; never to `data:`, `blob:`, `javascript:` or similar.
 */
export function assertUploadUrl(value: unknown, allowedOrigins: readonly string[]): string {
  let url: URL | undefined;
  try {
    if (typeof value === 'string' && value.length <= MAX_UPLOAD_URL_LENGTH) url = new URL(value, getPageBase());
  } catch {
    // Not a URL: refused below.
  }
  if (!url || url.username || url.password) throw refused('not a URL without credentials');
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && (isLoopbackHost(url.hostname) || url.origin === getPageOrigin() || allowedOrigins.includes(url.origin))) return url.href;
  // The origin is named so a developer sees what to list in allowedUploadOrigins.
  throw refused(`${url.protocol === 'http:' ? url.origin : url.protocol} is not https, loopback or an allowedUploadOrigins entry`);
}
