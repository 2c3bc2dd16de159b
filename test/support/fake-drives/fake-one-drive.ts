/**
 * Microsoft identity platform v2 and Microsoft Graph, as far as the handler uses them: consent and
 * token endpoints under a tenant; driveItem children and search with `@odata.nextLink` paging;
 * item metadata; `/content` answering 302 to a pre-authenticated URL that must get no token.
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

function graphError(status: number, code: string, message: string): Response {
  return toJson({ error: { code, message } }, status);
}

function toDriveItem(item: FakeItem, origin: string, withThumbnails: boolean): Record<string, unknown> {
  const resource: Record<string, unknown> = { id: item.id, name: item.name, lastModifiedDateTime: item.modifiedAt };
  if (item.isFolder) {
    resource.folder = { childCount: 0 };
    resource.size = 0;
    return resource;
  }
  resource.file = { mimeType: item.mimeType ?? 'application/octet-stream' };
  if (item.content && !item.hideSize) resource.size = contentSize(item.content);
  if (withThumbnails) {
    resource.thumbnails = item.mimeType?.startsWith('image/')
      ? [{ id: '0', medium: { url: item.thumbnailUrl ?? `${origin}/thumbnails/${item.id}/medium` } }]
      : [];
  }
  return resource;
}

export async function startFakeOneDrive(): Promise<FakeProviderServer> {
  const tree = new FakeDriveTree((sequence) => `8A1B2C3D4E5F6A7B!${1000 + sequence}`, '8A1B2C3D4E5F6A7B!101');
  const oauth = new OAuthAuthority({
    clientId: '00000000-0000-4000-8000-00000000c1d3',
    clientSecret: 'one-drive-secret',
    scope: 'Files.Read.All offline_access',
    rotatesRefreshTokens: true,
    requiresPkce: true,
  });
  const state: FakeProviderState = { tree, oauth, pageSizeCap: undefined, requests: [] };

  const page = (items: FakeItem[], url: URL, origin: string): Response => {
    const pageSize = choosePageSize(state, url.searchParams.get('$top'), 999, 200);
    const token = url.searchParams.get('$skiptoken');
    const offset = token ? decodePageToken<{ offset: number }>(token)?.offset : 0;
    if (offset === undefined) return graphError(400, 'invalidRequest', 'Invalid $skiptoken');
    const withThumbnails = url.searchParams.get('$expand') === 'thumbnails';
    const body: Record<string, unknown> = { value: items.slice(offset, offset + pageSize).map((item) => toDriveItem(item, origin, withThumbnails)) };
    if (offset + pageSize < items.length) {
      const next = new URL(url.href);
      next.searchParams.set('$skiptoken', encodePageToken({ offset: offset + pageSize }));
      body['@odata.nextLink'] = next.href;
    }
    return toJson(body);
  };

  const findItem = (segment: string): FakeItem | undefined => tree.get(decodeURIComponent(segment));

  const graph = (request: Request, url: URL, origin: string): Response => {
    if (!oauth.isAuthorized(request)) return graphError(401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.');
    const path = url.pathname.slice('/v1.0/me/drive'.length);
    if (path === '/root/children') return page(tree.children(tree.rootId), url, origin);
    const search = /^\/root\/search\(q='((?:[^']|'')*)'\)$/.exec(decodeURIComponent(path));
    if (search) return page(tree.search(search[1]!.replace(/''/g, "'")), url, origin);
    const itemRoute = /^\/items\/([^/]+)(\/children|\/content)?$/.exec(path);
    const item = itemRoute ? findItem(itemRoute[1]!) : undefined;
    if (!itemRoute) return graphError(400, 'invalidRequest', `Unsupported path ${url.pathname}`);
    if (!item) return graphError(404, 'itemNotFound', 'The resource could not be found.');
    if (itemRoute[2] === '/children') return page(tree.children(item.id), url, origin);
    if (itemRoute[2] === '/content') {
      if (!item.content) return graphError(404, 'itemNotFound', 'The item has no content.');
      return new Response(null, {
        status: 302,
        headers: { location: `${state.downloadRedirectOrigin ?? origin}/download/${encodeURIComponent(item.id)}?tempauth=preauth-${Date.now()}` },
      });
    }
    return toJson(toDriveItem(item, origin, false));
  };

  const download = (request: Request, url: URL): Response => {
    // Pre-authenticated download URLs must not receive the user's bearer token.
    if (request.headers.has('authorization')) return new Response('a bearer token was sent to a pre-authenticated URL', { status: 400 });
    const item = tree.get(decodeURIComponent(url.pathname.slice('/download/'.length)));
    if (!item?.content) return new Response('gone', { status: 404 });
    const headers: Record<string, string> = { 'content-type': item.mimeType ?? 'application/octet-stream' };
    if (!item.hideSize) headers['content-length'] = String(contentSize(item.content));
    return new Response(contentStream(item.content, item.gate), { headers });
  };

  return startFakeProviderServer(state, async (request, url, origin) => {
    const path = url.pathname;
    const tenantRoute = /^\/([^/]+)\/oauth2\/v2\.0\/(authorize|token)$/.exec(path);
    if (tenantRoute?.[2] === 'authorize' && request.method === 'GET') return oauth.authorize(url);
    if (tenantRoute?.[2] === 'token' && request.method === 'POST') return oauth.token(request, { ext_expires_in: oauth.accessTokenLifetimeSeconds });
    if (request.method === 'GET' && path.startsWith('/v1.0/me/drive/')) return graph(request, url, origin);
    if (request.method === 'GET' && path.startsWith('/download/')) return download(request, url);
    return new Response('not found', { status: 404 });
  });
}
