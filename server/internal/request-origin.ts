/**
 * Where a request comes from, and where the handler itself is reached. A browser attaches
 * cookies to a form POST from any site, and CORS only hides the answer from that site; it does
 * not stop the request. So unsafe methods are refused when the browser says they come from a
 * foreign origin (`Origin`, `Sec-Fetch-Site`) that the configuration does not allow.
 *
 * The handler's own (public) origin is `publicUrl` when configured, else the forwarded headers
 * when `trustProxy` is on, else the request URL's origin.
 */
import { createConfigError, UpupError, UpupErrorCode } from '../errors.js';
import { normalizeOrigin, type NormalizedCors } from './cors.js';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Forwarded headers longer than this are ignored: one proxy writes a few dozen characters. */
const MAX_FORWARDED_HEADER_LENGTH = 1024;
export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/** `publicUrl` as an origin; a configuration error names the option. */
export function readPublicUrl(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const problem = 'publicUrl must be the absolute http(s) URL where browsers reach the handler, e.g. "https://app.example.com"';
  if (typeof value !== 'string' || !URL.canParse(value)) throw createConfigError(`${problem}; got ${String(value)}`);
  const url = new URL(value);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw createConfigError(`${problem}, without credentials, query or fragment; got ${value}`);
  }
  return url.origin;
}

/** The entry the proxy nearest the handler wrote: the last of a comma-separated list. */
function lastListEntry(header: string | null): string | undefined {
  if (header === null || header.length > MAX_FORWARDED_HEADER_LENGTH) return undefined;
  const entry = header.slice(header.lastIndexOf(',') + 1).trim();
  return entry === '' ? undefined : entry;
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

/** `proto` and `host` of the last `Forwarded` element (RFC 7239). */
function readForwardedElement(header: string | null): { proto?: string; host?: string } {
  const element = lastListEntry(header);
  if (element === undefined) return {};
  const found: { proto?: string; host?: string } = {};
  for (const pair of element.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    const name = pair.slice(0, separator).trim().toLowerCase();
    if (name === 'proto' || name === 'host') found[name] = unquote(pair.slice(separator + 1).trim());
  }
  return found;
}

/** `proto://host` as an origin, only when both are well-formed (no path, credentials or spaces). */
function toOrigin(proto: string, host: string): string | undefined {
  const scheme = proto.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return undefined;
  const candidate = `${scheme}://${host}`;
  if (!URL.canParse(candidate)) return undefined;
  const url = new URL(candidate);
  if (url.host !== host.toLowerCase() || url.username !== '' || url.pathname !== '/') return undefined;
  return url.origin;
}

function readForwardedOrigin(req: Request, requestUrl: URL): string | undefined {
  const forwarded = readForwardedElement(req.headers.get('forwarded'));
  const proto = forwarded.proto ?? lastListEntry(req.headers.get('x-forwarded-proto')) ?? requestUrl.protocol.slice(0, -1);
  const host = forwarded.host ?? lastListEntry(req.headers.get('x-forwarded-host')) ?? requestUrl.host;
  return toOrigin(proto, host);
}

export interface OriginSettings {
  publicOrigin: string | undefined;
  trustProxy: boolean;
  cors: NormalizedCors | undefined;
}

/** The origin browsers use to reach this handler, e.g. `https://app.example.com`. */
export function resolvePublicOrigin(settings: OriginSettings, req: Request, requestUrl: URL): string {
  if (settings.publicOrigin !== undefined) return settings.publicOrigin;
  if (settings.trustProxy) return readForwardedOrigin(req, requestUrl) ?? requestUrl.origin;
  return requestUrl.origin;
}

/** Why an unsafe request counts as a forbidden cross-site one, or undefined when it does not. */
function findCrossSiteProblem(settings: OriginSettings, req: Request, publicOrigin: string): string | undefined {
  if (SAFE_METHODS.has(req.method)) return undefined;
  const origin = req.headers.get('origin');
  if (origin === null) {
    return req.headers.get('sec-fetch-site') === 'cross-site' ? 'Sec-Fetch-Site is cross-site and no Origin was sent' : undefined;
  }
  const normalized = normalizeOrigin(origin);
  if (normalized === publicOrigin || settings.cors?.concreteOrigins.has(normalized)) return undefined;
  if (settings.cors?.allowsAnyOrigin) {
    // "*" opens the handler to any site's own credentials (a bearer token), never to the user's cookies.
    return req.headers.has('cookie') ? `origin ${normalized.slice(0, 100)} is allowed only through "*", which never accepts cookies` : undefined;
  }
  return `origin ${normalized.slice(0, 100)} is neither ${publicOrigin} nor listed in cors.allowedOrigins`;
}

/** 403 `Cross-site request refused` / `AUTH_DENIED` for a forbidden cross-site request. */
export function assertSameSiteOrAllowed(settings: OriginSettings, req: Request, publicOrigin: string): void {
  const problem = findCrossSiteProblem(settings, req, publicOrigin);
  if (problem !== undefined) throw new UpupError(CROSS_SITE_MESSAGE, UpupErrorCode.AUTH_DENIED, { status: 403, cause: new Error(problem) });
}
