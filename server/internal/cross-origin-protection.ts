/**
 * Cross-origin protection for unsafe methods, after Go 1.25's `net/http.CrossOriginProtection`. A
 * browser attaches cookies to a form POST from any site, and CORS only hides the answer from that
 * site; it does not stop the request. So the check asks the browser where the request comes from:
 *
 * - `Sec-Fetch-Site` (every browser since 2023) is the browser's own verdict, computed on the URL
 *   it actually sent to. It stays true behind any proxy that rewrites `Host` or ends TLS, which is
 *   why it decides first: `same-origin` and `none` pass, anything else needs a trusted Origin.
 * - Without it, an `Origin` whose host is the request's `Host` passes (Go's fallback for older
 *   browsers, blind to the scheme); any other needs to be trusted.
 * - With neither header the caller is no browser (a server, a script): nothing to protect.
 *
 * Trusted origins are the ones the configuration names: `cors.allowedOrigins`, `publicUrl`, and
 * under `trustProxy` the forwarded origin. `Origin: null` is never trusted.
 */
import { UpupError, UpupErrorCode } from '../errors.js';
import { MAX_ORIGIN_LENGTH, normalizeOrigin } from './cors.js';
import { readForwardedHost, readForwardedOrigin, toCanonicalHost, type OriginSettings } from './request-origin.js';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/** A header's value, with an empty one read as absent (as Go's `Header.Get` does). */
function readHeader(req: Request, name: string): string | undefined {
  const value = req.headers.get(name);
  return value === null || value === '' ? undefined : value;
}

/** The Origin as a URL when it is an http(s) origin and nothing more, within the length bound; `null` is none. */
function parseOrigin(origin: string): URL | undefined {
  if (origin.length > MAX_ORIGIN_LENGTH || !URL.canParse(origin)) return undefined;
  const url = new URL(origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const bare = url.username === '' && url.password === '' && url.pathname === '/' && url.search === '' && url.hash === '';
  return bare ? url : undefined;
}

/**
 * True when the Origin's host is the one the request was sent to: its `Host` header (the request
 * URL's host on a runtime that gives none), or under `trustProxy` the forwarded host.
 */
function isOriginOnRequestHost(settings: OriginSettings, req: Request, requestUrl: URL, origin: string): boolean {
  const originUrl = parseOrigin(origin);
  if (originUrl === undefined) return false;
  const hosts = [readHeader(req, 'host') ?? requestUrl.host];
  const forwardedHost = settings.trustProxy ? readForwardedHost(req) : undefined;
  if (forwardedHost !== undefined) hosts.push(forwardedHost);
  return hosts.some((host) => toCanonicalHost(originUrl.protocol, host) === originUrl.host);
}

function isTrustedOrigin(settings: OriginSettings, req: Request, requestUrl: URL, normalized: string): boolean {
  if (settings.cors?.concreteOrigins.has(normalized) || settings.publicOrigin === normalized) return true;
  return settings.trustProxy && readForwardedOrigin(req, requestUrl) === normalized;
}

/** Undefined when `origin` is trusted; else why the request is refused, for `onError`. */
function findUntrustedOriginProblem(settings: OriginSettings, req: Request, requestUrl: URL, origin: string | undefined, seen: string): string | undefined {
  // An overlong Origin normalizes to '' and matches nothing, `*` included.
  const normalized = origin === undefined ? '' : normalizeOrigin(origin);
  if (normalized === '' || normalized === 'null') return `${seen}, and the request has no usable Origin`;
  if (isTrustedOrigin(settings, req, requestUrl, normalized)) return undefined;
  const named = normalized.slice(0, 100);
  if (settings.cors?.allowsAnyOrigin) {
    // "*" opens the handler to any site's own credentials (a bearer token), never to the user's cookies.
    return req.headers.has('cookie') ? `${seen}, and origin ${named} is allowed only through "*", which never accepts cookies` : undefined;
  }
  return `${seen}, and origin ${named} is neither publicUrl's, the forwarded one under trustProxy, nor listed in cors.allowedOrigins`;
}

/** Why an unsafe request counts as a forbidden cross-origin one, or undefined when it does not. */
function findCrossOriginProblem(settings: OriginSettings, req: Request, requestUrl: URL): string | undefined {
  if (SAFE_METHODS.has(req.method)) return undefined;
  const fetchSite = readHeader(req, 'sec-fetch-site');
  const origin = readHeader(req, 'origin');
  if (fetchSite !== undefined) {
    if (fetchSite === 'same-origin' || fetchSite === 'none') return undefined;
    return findUntrustedOriginProblem(settings, req, requestUrl, origin, `Sec-Fetch-Site is ${fetchSite.slice(0, 40)}`);
  }
  if (origin === undefined) return undefined;
  if (isOriginOnRequestHost(settings, req, requestUrl, origin)) return undefined;
  return findUntrustedOriginProblem(settings, req, requestUrl, origin, 'Sec-Fetch-Site is missing and Origin is not on the request host');
}

/** 403 `Cross-site request refused` / `AUTH_DENIED` for a forbidden cross-origin request. */
export function assertSameOriginOrTrusted(settings: OriginSettings, req: Request, requestUrl: URL): void {
  const problem = findCrossOriginProblem(settings, req, requestUrl);
  if (problem !== undefined) throw new UpupError(CROSS_SITE_MESSAGE, UpupErrorCode.AUTH_DENIED, { status: 403, cause: new Error(problem) });
}
