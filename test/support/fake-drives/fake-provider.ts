/**
 * What every fake provider shares: its drive tree, its OAuth authority, a page-size cap that
 * forces pagination, a log of the requests it received, and a loopback HTTP server.
 */
import type { FakeDriveTree } from './drive-content.js';
import { startLocalServer, type FetchHandler, type LocalServer } from './http-server.js';
import type { OAuthAuthority } from './oauth-authority.js';

export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
}

export interface FakeProviderState {
  tree: FakeDriveTree;
  oauth: OAuthAuthority;
  /** Caps every listing page below the provider's own maximum, to force pagination. */
  pageSizeCap: number | undefined;
  requests: RecordedRequest[];
  /** Where `/content` redirects point (OneDrive, Box); the fake's own origin when unset. */
  downloadRedirectOrigin?: string;
  /** What thumbnail endpoints answer for pictures instead of the small PNG (an oversized or foreign body). */
  thumbnailOverride?: { body: Uint8Array<ArrayBuffer>; contentType: string } | undefined;
  /** Requests whose path starts with `pathPrefix` get no answer until `released` resolves (a hung provider). */
  holdRequests?: { pathPrefix: string; released: Promise<void> } | undefined;
  /** Requests whose path starts with `pathPrefix` get `respond()` instead (a hostile or broken answer). */
  answerOverride?: { pathPrefix: string; respond: () => Response } | undefined;
}

export interface FakeProviderServer extends FakeProviderState {
  url: string;
  close(): Promise<void>;
}

export function toJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** The page size a request gets: what it asked for, within the provider's maximum and the cap. */
export function choosePageSize(state: FakeProviderState, requested: string | null | number | undefined, providerMaximum: number, fallback: number): number {
  const asked = Number(requested);
  const size = Number.isInteger(asked) && asked > 0 ? Math.min(asked, providerMaximum) : fallback;
  return state.pageSizeCap === undefined ? size : Math.min(size, state.pageSizeCap);
}

export function encodePageToken(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

export function decodePageToken<T>(token: string): T | undefined {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString()) as T;
  } catch {
    return undefined;
  }
}

export async function startFakeProviderServer(
  state: FakeProviderState,
  handle: (request: Request, url: URL, origin: string) => Promise<Response>,
): Promise<FakeProviderServer> {
  let server: LocalServer | undefined;
  const handler: FetchHandler = async (request) => {
    const url = new URL(request.url);
    state.requests.push({ method: request.method, path: url.pathname, search: url.search, authorization: request.headers.get('authorization') });
    if (state.holdRequests && url.pathname.startsWith(state.holdRequests.pathPrefix)) await state.holdRequests.released;
    if (state.answerOverride && url.pathname.startsWith(state.answerOverride.pathPrefix)) return state.answerOverride.respond();
    return handle(request, url, server!.url);
  };
  server = await startLocalServer(handler);
  return Object.assign(state, { url: server.url, close: server.close });
}
