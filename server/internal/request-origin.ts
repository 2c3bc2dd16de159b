/**
 * Where browsers reach the handler: its own (public) origin is `publicUrl` when configured, else
 * the forwarded headers when `trustProxy` is on, else the request URL's origin. Drive routes build
 * their OAuth redirect from it; the cross-origin check (./cross-origin-protection.ts) trusts
 * `publicUrl` and the forwarded origin and host read here.
 */
import { createConfigError } from '../errors.js';
import { MAX_ORIGIN_LENGTH, type NormalizedCors } from './cors.js';
import { hasControlCharacter } from './linear-text.js';

/** Forwarded headers longer than this are ignored: one proxy writes a few dozen characters. */
const MAX_FORWARDED_HEADER_LENGTH = 1024;

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

/** The host the nearest proxy says the browser asked for (`Forwarded: host=`, else `X-Forwarded-Host`). */
export function readForwardedHost(req: Request): string | undefined {
  return readForwardedElement(req.headers.get('forwarded')).host ?? lastListEntry(req.headers.get('x-forwarded-host'));
}

/** The origin the forwarded headers name; the request URL's scheme or host stands in for one they omit. */
export function readForwardedOrigin(req: Request, requestUrl: URL): string | undefined {
  const forwarded = readForwardedElement(req.headers.get('forwarded'));
  const proto = forwarded.proto ?? lastListEntry(req.headers.get('x-forwarded-proto')) ?? requestUrl.protocol.slice(0, -1);
  const host = forwarded.host ?? lastListEntry(req.headers.get('x-forwarded-host')) ?? requestUrl.host;
  return toOrigin(proto, host);
}

/**
 * A `Host`-style value as the URL parser writes the host of a URL with `protocol` (`https:`):
 * lower case, that scheme's default port dropped. Undefined when it is anything but a host and
 * port, or longer than any origin the check compares it with.
 */
export function toCanonicalHost(protocol: string, host: string): string | undefined {
  // The URL parser would silently drop tabs and trim spaces: such a value is no host.
  if (host.length > MAX_ORIGIN_LENGTH || host.includes(' ') || hasControlCharacter(host)) return undefined;
  const candidate = `${protocol}//${host}`;
  if (!URL.canParse(candidate)) return undefined;
  const url = new URL(candidate);
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return undefined;
  return url.host;
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
