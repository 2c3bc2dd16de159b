/**
 * Binds an OAuth flow to the browser that started it. GET /auth/:provider sets an HttpOnly cookie
 * with a random value and keeps only its SHA-256 in the state record; the callback must present the
 * cookie. Without it, a signed-in user could send the consent link to someone else and have that
 * person's drive connected to their own account (the callback itself often carries no session).
 */
import { fromBase64Url, timingSafeEqual, toBase64Url } from '../../internal/encoding.js';
import type { DriveProviderSlug } from '../types.js';
import { OAUTH_STATE_TTL_SECONDS } from './oauth-state.js';

const BINDING_BYTES = 32;
const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Cookie headers longer than this are not parsed (browsers send at most a few KiB). */
const MAX_COOKIE_HEADER_LENGTH = 16_384;

/** `svc_oauth_google_drive`: one cookie per provider, so flows of two providers never collide. */
export function toBindingCookieName(provider: DriveProviderSlug): string {
  return `svc_oauth_${provider.replace(/-/g, '_')}`;
}

export interface BindingCookieScope {
  provider: DriveProviderSlug;
  /** `<mount>/auth/<provider>`: the start and callback routes only. */
  path: string;
  /** `Secure` when the handler is reached over https (see docs/drives.md, "Security model"). */
  secure: boolean;
}

/**
 * The mount prefix comes from the request path, where `;` stays literal (`/x;Domain=evil;/auth/...`
 * still routes): written raw it would end the Path attribute and add attributes of the client's
 * choosing. Escaped, the cookie path matches no request, so such a flow fails closed at the callback.
 */
function toCookiePath(path: string): string {
  return path.replaceAll(';', '%3B');
}

function toAttributes(scope: BindingCookieScope, maxAgeSeconds: number): string {
  return `Path=${toCookiePath(scope.path)}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${scope.secure ? '; Secure' : ''}`;
}

/** The value of this provider's binding cookie, when the request carries a well-formed one. */
export function readBindingCookie(req: Request, provider: DriveProviderSlug): string | undefined {
  const header = req.headers.get('cookie');
  if (!header || header.length > MAX_COOKIE_HEADER_LENGTH) return undefined;
  const name = toBindingCookieName(provider);
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    if (BINDING_PATTERN.test(value)) return value;
  }
  return undefined;
}

/**
 * The browser's binding value: the one it already holds (so two flows of one provider started in
 * the same browser both complete), else a fresh random one.
 */
export function chooseBindingValue(req: Request, provider: DriveProviderSlug): string {
  return readBindingCookie(req, provider) ?? toBase64Url(crypto.getRandomValues(new Uint8Array(BINDING_BYTES)));
}

export async function hashBindingValue(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return toBase64Url(new Uint8Array(digest));
}

/** True when the request's cookie hashes to the value stored with the state. */
export async function matchesBinding(req: Request, provider: DriveProviderSlug, storedHash: string): Promise<boolean> {
  const value = readBindingCookie(req, provider);
  const expected = fromBase64Url(storedHash);
  if (!value || !expected) return false;
  const actual = fromBase64Url(await hashBindingValue(value))!;
  return timingSafeEqual(actual, expected);
}

export function toSetBindingCookie(scope: BindingCookieScope, value: string): string {
  return `${toBindingCookieName(scope.provider)}=${value}; ${toAttributes(scope, OAUTH_STATE_TTL_SECONDS)}`;
}

export function toClearBindingCookie(scope: BindingCookieScope): string {
  return `${toBindingCookieName(scope.provider)}=; ${toAttributes(scope, 0)}`;
}
