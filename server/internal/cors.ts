/**
 * CORS headers: the matched origin is reflected; a bare `*` goes only to callers that sent no
 * Origin; credentials are allowed only on a concrete (listed) origin, never through `*`.
 */
import { createConfigError } from '../errors.js';
import type { CorsConfig } from '../types.js';
import { trimTrailing } from './linear-text.js';
import { REQUEST_ID_HEADER } from './responses.js';

export interface NormalizedCors {
  concreteOrigins: ReadonlySet<string>;
  allowsAnyOrigin: boolean;
  allowMethods: string;
  allowHeaders: string;
  maxAgeSeconds: string;
}

const DEFAULT_METHODS = ['GET', 'POST', 'OPTIONS'];
const DEFAULT_HEADERS = ['Content-Type', 'Authorization'];
const DEFAULT_MAX_AGE_SECONDS = 600;

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

/** No real origin comes close: scheme, a 253-character host name and a port. */
export const MAX_ORIGIN_LENGTH = 512;

/**
 * Browsers send origins without a trailing slash and with a lower-case scheme and host. An
 * overlong value becomes `` (matches nothing) before any other work is spent on it.
 */
export function normalizeOrigin(origin: string): string {
  if (origin.length > MAX_ORIGIN_LENGTH) return '';
  return trimTrailing(origin.trim(), '/').toLowerCase();
}

export function normalizeCors(cors: CorsConfig): NormalizedCors {
  if (typeof cors !== 'object' || cors === null || !isStringArray(cors.allowedOrigins)) {
    throw createConfigError('cors.allowedOrigins is required: an array of origins such as "https://app.example.com", or "*"');
  }
  for (const name of ['allowedMethods', 'allowedHeaders'] as const) {
    if (cors[name] !== undefined && !isStringArray(cors[name])) throw createConfigError(`cors.${name} must be an array of strings`);
  }
  const maxAge = cors.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS;
  if (!Number.isSafeInteger(maxAge) || maxAge < 0) throw createConfigError('cors.maxAgeSeconds must be a whole number >= 0');
  const origins = cors.allowedOrigins.map(normalizeOrigin).filter((origin) => origin !== '');
  return {
    concreteOrigins: new Set(origins.filter((origin) => origin !== '*')),
    allowsAnyOrigin: origins.includes('*'),
    allowMethods: (cors.allowedMethods ?? DEFAULT_METHODS).join(', '),
    allowHeaders: (cors.allowedHeaders ?? DEFAULT_HEADERS).join(', '),
    maxAgeSeconds: String(maxAge),
  };
}

/** Headers for every response of this request; empty when CORS is off or the origin is not allowed. */
export function getCorsHeaders(cors: NormalizedCors | undefined, origin: string | null): Record<string, string> {
  if (!cors) return {};
  const shared = { 'access-control-expose-headers': REQUEST_ID_HEADER, vary: 'Origin' };
  if (origin === null) return cors.allowsAnyOrigin ? { ...shared, 'access-control-allow-origin': '*' } : { vary: 'Origin' };
  const normalized = normalizeOrigin(origin);
  // An overlong Origin matches nothing, `*` included: it is never reflected into a header.
  if (normalized === '') return { vary: 'Origin' };
  if (cors.concreteOrigins.has(normalized)) {
    return { ...shared, 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' };
  }
  if (cors.allowsAnyOrigin) return { ...shared, 'access-control-allow-origin': origin };
  return { vary: 'Origin' };
}

/** Extra headers of a preflight answer, added only when the origin was allowed. */
export function getPreflightHeaders(cors: NormalizedCors | undefined, corsHeaders: Record<string, string>): Record<string, string> {
  if (!cors || !corsHeaders['access-control-allow-origin']) return {};
  return {
    'access-control-allow-methods': cors.allowMethods,
    'access-control-allow-headers': cors.allowHeaders,
    'access-control-max-age': cors.maxAgeSeconds,
  };
}
