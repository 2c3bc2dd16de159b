/**
 * Box OAuth 2.0 and API 2.0, as far as the handler uses them: consent and token endpoints
 * (refresh tokens rotate) and revocation; folder items with marker paging; search with offset paging; file
 * information; `/content` answering 302 to a pre-authenticated URL that must get no token;
 * `thumbnail.png` (a picture, or 302 to a generic placeholder for other files).
 */
import { contentSize, contentStream, FakeDriveTree, type FakeItem } from './drive-content.js';
import {
  choosePageSize,
  decodePageToken,
  encodePageToken,
  startFakeProviderServer,
  toJson,
  type FakeProviderServer,
  type FakeProviderState,
} from './fake-provider.js';
import { OAuthAuthority } from './oauth-authority.js';
import { createThumbnailPng, hasPicture } from './thumbnail-png.js';

function boxError(status: number, code: string, message: string): Response {
  return toJson({ type: 'error', status, code, message, request_id: 'fake' }, status);
}

function toBoxItem(item: FakeItem): Record<string, unknown> {
  const resource: Record<string, unknown> = { type: item.isFolder ? 'folder' : 'file', id: item.id, name: item.name, modified_at: item.modifiedAt };
  if (item.content && !item.hideSize) resource.size = contentSize(item.content);
  return resource;
}

export async function startFakeBox(): Promise<FakeProviderServer> {
  const tree = new FakeDriveTree((sequence) => String(1_000_000_000 + sequence), '0');
  const oauth = new OAuthAuthority({
    clientId: 'box-client-id',
    clientSecret: 'box-client-secret',
    scope: 'root_readonly',
    rotatesRefreshTokens: true,
    requiresPkce: false,
  });
  const state: FakeProviderState = { tree, oauth, pageSizeCap: undefined, requests: [] };

  const folderItems = (folder: FakeItem, url: URL): Response => {
    const items = tree.children(folder.id);
    const limit = choosePageSize(state, url.searchParams.get('limit'), 1000, 100);
    if (url.searchParams.get('usemarker') === 'true') {
      const marker = url.searchParams.get('marker');
      const offset = marker ? decodePageToken<{ offset: number }>(marker)?.offset : 0;
      if (offset === undefined) return boxError(400, 'bad_request', 'Invalid marker');
      const more = offset + limit < items.length;
      return toJson({
        entries: items.slice(offset, offset + limit).map(toBoxItem),
        limit,
        next_marker: more ? encodePageToken({ offset: offset + limit }) : null,
      });
    }
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return toJson({ total_count: items.length, entries: items.slice(offset, offset + limit).map(toBoxItem), offset, limit, order: [] });
  };

  const search = (url: URL): Response => {
    const query = url.searchParams.get('query');
    if (!query) return boxError(400, 'bad_request', 'query is required');
    const items = tree.search(query);
    const limit = choosePageSize(state, url.searchParams.get('limit'), 200, 30);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return toJson({ type: 'search_results_items', total_count: items.length, entries: items.slice(offset, offset + limit).map(toBoxItem), limit, offset });
  };

  const api = (request: Request, url: URL, origin: string): Response => {
    if (!oauth.isAuthorized(request)) {
      return new Response(null, {
        status: 401,
        headers: { 'www-authenticate': 'Bearer realm="Service", error="invalid_token", error_description="The access token provided is invalid."' },
      });
    }
    const path = url.pathname;
    if (path === '/2.0/search') return search(url);
    const folder = /^\/2\.0\/folders\/([^/]+)\/items$/.exec(path);
    if (folder) {
      const item = tree.get(decodeURIComponent(folder[1]!));
      return item?.isFolder ? folderItems(item, url) : boxError(404, 'not_found', 'Not Found');
    }
    const thumbnail = /^\/2\.0\/files\/([^/]+)\/thumbnail\.png$/.exec(path);
    if (thumbnail) {
      const pictured = tree.get(decodeURIComponent(thumbnail[1]!));
      if (!pictured || pictured.isFolder) return boxError(404, 'not_found', 'Not Found');
      if (!hasPicture(pictured.name)) return new Response(null, { status: 302, headers: { location: `${origin}/placeholders/file.png` } });
      const picture = state.thumbnailOverride ?? { body: createThumbnailPng(), contentType: 'image/png' };
      return new Response(picture.body, { headers: { 'content-type': picture.contentType } });
    }
    const file = /^\/2\.0\/files\/([^/]+)(\/content)?$/.exec(path);
    const item = file ? tree.get(decodeURIComponent(file[1]!)) : undefined;
    if (!file || !item || item.isFolder) return boxError(404, 'not_found', 'Not Found');
    if (!file[2]) return toJson(toBoxItem(item));
    return new Response(null, {
      status: 302,
      headers: { location: `${state.downloadRedirectOrigin ?? origin}/dl/${encodeURIComponent(item.id)}/content?sig=fake` },
    });
  };

  const download = (request: Request, url: URL): Response => {
    if (request.headers.has('authorization')) return new Response('a bearer token was sent to a pre-authenticated URL', { status: 400 });
    const item = tree.get(decodeURIComponent(url.pathname.split('/')[2] ?? ''));
    if (!item?.content) return new Response('gone', { status: 404 });
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (!item.hideSize) headers['content-length'] = String(contentSize(item.content));
    return new Response(contentStream(item.content, item.gate), { headers });
  };

  return startFakeProviderServer(state, async (request, url, origin) => {
    const path = url.pathname;
    if (request.method === 'GET' && path === '/api/oauth2/authorize') return oauth.authorize(url);
    if (request.method === 'POST' && path === '/oauth2/token') return oauth.token(request, { restricted_to: [] });
    if (request.method === 'POST' && path === '/oauth2/revoke') return oauth.revokeFromForm(request, true);
    if (request.method === 'GET' && path.startsWith('/2.0/')) return api(request, url, origin);
    if (request.method === 'GET' && path.startsWith('/dl/')) return download(request, url);
    return new Response('not found', { status: 404 });
  });
}
