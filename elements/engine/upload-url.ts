import { ConfigurationError, UploadFailureError } from './errors.js';

/** Longer upload URLs are refused before parsing; presigned S3 URLs stay well under 4 KiB. */
const MAX_UPLOAD_URL_LENGTH = 16_384;

function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]') return true;
  // URL has already normalized any IPv4 spelling (0x7f.1, 2130706433) to dotted decimal.
  return hostname.startsWith('127.') && /^[\d.]+$/.test(hostname);
}

function pageOrigin(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.origin;
}

/** Normalizes `allowedUploadOrigins`; an entry that is not an http(s) origin is a configuration error. */
export function resolveUploadOrigins(origins: string[] | undefined): string[] {
  if (origins === undefined) return [];
  if (!Array.isArray(origins)) throw new ConfigurationError('allowedUploadOrigins must be an array of origins');
  return origins.map((origin) => {
    let parsed: URL;
    try {
      parsed = new URL(String(origin));
    } catch {
      throw new ConfigurationError(`allowedUploadOrigins: ${String(origin)} is not a URL`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new ConfigurationError(`allowedUploadOrigins: ${String(origin)} is not an http(s) origin`);
    }
    return parsed.origin;
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
  if (typeof value !== 'string' || value.length === 0) throw refused('not a string');
  if (value.length > MAX_UPLOAD_URL_LENGTH) throw refused(`longer than ${MAX_UPLOAD_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(value, pageOrigin());
  } catch {
    throw refused('not a URL');
  }
  if (url.username || url.password) throw refused('carries credentials');
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname) || url.origin === pageOrigin() || allowedOrigins.includes(url.origin)) return url.href;
    throw refused(`plain http to ${url.origin} (list it in allowedUploadOrigins to allow it)`);
  }
  throw refused(`scheme ${url.protocol} is not http(s)`);
}
