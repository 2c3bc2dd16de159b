/**
 * Binds an OAuth flow to the browser that started it. GET /auth/:provider sets an HttpOnly cookie
 * with a random value and keeps only its SHA-256 in the state record; the callback must present the
 * cookie. Without it, a signed-in user could send the consent link to someone else and have that
 * person's drive connected to their own account (the callback itself often carries no session).
 *
 * Over https the cookie is `__Host-` prefixed (RFC 6265bis, "Cookie Name Prefixes"): browsers store
 * such a cookie only when it is `Secure`, has `Path=/` and no `Domain`, so it can only come from
 * this host. A plain name can be planted by any sibling host (`Domain=example.com` from
 * evil.example.com), which would let an attacker put a binding value they know into a victim's
 * browser; the https callback therefore reads the prefixed name only.
 */
import { fromBase64Url, timingSafeEqual, toBase64Url } from '../../internal/encoding.js';
import type { DriveProviderSlug } from '../types.js';
import { OAUTH_STATE_TTL_SECONDS } from './oauth-state.js';

const BINDING_BYTES = 32;
const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Cookie headers longer than this are not parsed (browsers send at most a few KiB). */
const MAX_COOKIE_HEADER_LENGTH = 16_384;
/** Browsers refuse a cookie so named unless it is Secure, host-only and `Path=/`. */
const HOST_ONLY_PREFIX = '__Host-';

export interface BindingCookieScope {
  provider: DriveProviderSlug;
  /**
   * The handler's public origin is https: the cookie is `__Host-svc_oauth_<provider>`, `Secure`,
   * `Path=/`. Otherwise (plain-http development) it is `svc_oauth_<provider>` on `authPath`.
   */
  secure: boolean;
  /** `<mount>/auth/<provider>`: the start and callback routes, the plain-http cookie's path. */
  authPath: string;
}

/**
 * `__Host-svc_oauth_google_drive` over https, `svc_oauth_google_drive` over http: one cookie per
 * provider, so flows of two providers never collide.
 */
function toBindingCookieName(scope: BindingCookieScope): string {
  const name = `svc_oauth_${scope.provider.replace(/-/g, '_')}`;
  return scope.secure ? `${HOST_ONLY_PREFIX}${name}` : name;
}

/**
 * The mount prefix comes from the request path, where `;` stays literal (`/x;Domain=evil;/auth/...`
 * still routes): written raw it would end the Path attribute and add attributes of the client's
 * choosing. Escaped, the cookie path matches no request, so such a flow fails closed at the callback.
 */
function toCookiePath(path: string): string {
  return path.replaceAll(';', '%3B');
}

/**
 * Over https exactly what the `__Host-` prefix demands (a browser drops the cookie otherwise), so
 * it reaches every path of this host for its 10 minutes; over http the auth routes only.
 */
function toAttributes(scope: BindingCookieScope, maxAgeSeconds: number): string {
  const lifetime = `Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax`;
  return scope.secure ? `Path=/; ${lifetime}; Secure` : `Path=${toCookiePath(scope.authPath)}; ${lifetime}`;
}

/** The value of this scope's binding cookie, when the request carries a well-formed one under its exact name. */
function readBindingCookie(req: Request, scope: BindingCookieScope): string | undefined {
  const header = req.headers.get('cookie');
  if (!header || header.length > MAX_COOKIE_HEADER_LENGTH) return undefined;
  const name = toBindingCookieName(scope);
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
export function chooseBindingValue(req: Request, scope: BindingCookieScope): string {
  return readBindingCookie(req, scope) ?? toBase64Url(crypto.getRandomValues(new Uint8Array(BINDING_BYTES)));
}

export async function hashBindingValue(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return toBase64Url(new Uint8Array(digest));
}

/** True when the request's cookie hashes to the value stored with the state. */
export async function matchesBinding(req: Request, scope: BindingCookieScope, storedHash: string): Promise<boolean> {
  const value = readBindingCookie(req, scope);
  const expected = fromBase64Url(storedHash);
  if (!value || !expected) return false;
  const actual = fromBase64Url(await hashBindingValue(value))!;
  return timingSafeEqual(actual, expected);
}

export function toSetBindingCookie(scope: BindingCookieScope, value: string): string {
  return `${toBindingCookieName(scope)}=${value}; ${toAttributes(scope, OAUTH_STATE_TTL_SECONDS)}`;
}

/** Same name, path and flags as the cookie it replaces: a browser keys the cookie by them. */
export function toClearBindingCookie(scope: BindingCookieScope): string {
  return `${toBindingCookieName(scope)}=; ${toAttributes(scope, 0)}`;
}
