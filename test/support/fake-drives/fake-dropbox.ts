/**
 * Dropbox OAuth 2 and API v2, as far as the handler uses them: consent, token and revoke endpoints;
 * list_folder and search_v2 with their `/continue` cursors; download with `Dropbox-API-Arg`
 * (ASCII-only JSON) answering its metadata in `Dropbox-API-Result`; get_thumbnail_v2 for pictures.
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

interface ListCursor {
  kind: 'list' | 'search';
  key: string;
  offset: number;
  limit: number;
}

function apiError(status: number, summary: string, error: unknown): Response {
  return toJson({ error_summary: summary, error }, status);
}

function pathNotFound(): Response {
  return apiError(409, 'path/not_found/', { '.tag': 'path', path: { '.tag': 'not_found' } });
}

function pathOf(tree: FakeDriveTree, item: FakeItem): string {
  const names: string[] = [];
  for (let current: FakeItem | undefined = item; current && current.id !== tree.rootId; current = current.parentId ? tree.get(current.parentId) : undefined) {
    names.unshift(current.name);
  }
  return `/${names.join('/')}`;
}

function toMetadata(tree: FakeDriveTree, item: FakeItem): Record<string, unknown> {
  const path = pathOf(tree, item);
  const base = { name: item.name, id: item.id, path_lower: path.toLowerCase(), path_display: path };
  if (item.isFolder) return { '.tag': 'folder', ...base };
  const metadata: Record<string, unknown> = {
    '.tag': 'file',
    ...base,
    client_modified: item.modifiedAt,
    server_modified: item.modifiedAt,
    rev: '015f9a1b2c3d4e5f00000001',
    is_downloadable: true,
  };
  if (item.content && !item.hideSize) metadata.size = contentSize(item.content);
  return metadata;
}

export async function startFakeDropbox(): Promise<FakeProviderServer> {
  const tree = new FakeDriveTree((sequence) => `id:dBx${String(sequence).padStart(19, '0')}`, 'id:dBxRoot0000000000000');
  const oauth = new OAuthAuthority({
    clientId: 'dropbox-app-key',
    clientSecret: 'dropbox-app-secret',
    scope: 'files.content.read files.metadata.read',
    rotatesRefreshTokens: false,
    requiresPkce: true,
  });
  const state: FakeProviderState = { tree, oauth, pageSizeCap: undefined, requests: [] };

  const resolveFolder = (path: string): FakeItem | undefined => {
    if (path === '') return tree.get(tree.rootId);
    const item = path.startsWith('id:') ? tree.get(path) : undefined;
    return item?.isFolder ? item : undefined;
  };

  const entriesFor = (cursor: ListCursor): FakeItem[] | undefined => {
    if (cursor.kind === 'search') return tree.search(cursor.key);
    const folder = resolveFolder(cursor.key);
    return folder ? tree.children(folder.id) : undefined;
  };

  const answerPage = (cursor: ListCursor): Response => {
    const items = entriesFor(cursor);
    if (!items) return pathNotFound();
    const pageItems = items.slice(cursor.offset, cursor.offset + cursor.limit);
    const hasMore = cursor.offset + cursor.limit < items.length;
    const next = encodePageToken({ ...cursor, offset: cursor.offset + cursor.limit });
    if (cursor.kind === 'search') {
      return toJson({
        matches: pageItems.map((item) => ({ match_type: { '.tag': 'filename' }, metadata: { '.tag': 'metadata', metadata: toMetadata(tree, item) } })),
        has_more: hasMore,
        ...(hasMore ? { cursor: next } : {}),
      });
    }
    return toJson({ entries: pageItems.map((item) => toMetadata(tree, item)), cursor: next, has_more: hasMore });
  };

  const rpc = async (request: Request, path: string): Promise<Response> => {
    if (!request.headers.get('content-type')?.startsWith('application/json')) return new Response('Error in call: bad Content-Type', { status: 400 });
    const body = (await request.json()) as Record<string, any>;
    switch (path) {
      case '/2/files/list_folder':
        return answerPage({ kind: 'list', key: String(body.path ?? ''), offset: 0, limit: choosePageSize(state, body.limit, 2000, 2000) });
      case '/2/files/search_v2':
        return answerPage({ kind: 'search', key: String(body.query ?? ''), offset: 0, limit: choosePageSize(state, body.options?.max_results, 1000, 100) });
      case '/2/files/list_folder/continue':
      case '/2/files/search/continue_v2': {
        const cursor = decodePageToken<ListCursor>(String(body.cursor ?? ''));
        const expected = path === '/2/files/list_folder/continue' ? 'list' : 'search';
        if (!cursor || cursor.kind !== expected) return apiError(409, 'reset/', { '.tag': 'reset' });
        return answerPage(cursor);
      }
      default:
        return new Response('Unknown API function', { status: 404 });
    }
  };

  const download = (request: Request): Response => {
    const argument = request.headers.get('dropbox-api-arg') ?? '';
    if (/[^\u0020-\u007e]/.test(argument)) return new Response('Dropbox-API-Arg must be ASCII; escape other characters', { status: 400 });
    let path: string;
    try {
      path = String((JSON.parse(argument) as { path?: unknown }).path ?? '');
    } catch {
      return new Response('Error in call: Dropbox-API-Arg is not JSON', { status: 400 });
    }
    const item = tree.get(path);
    if (!item?.content) return pathNotFound();
    // The result header must be ASCII as well: JSON with non-ASCII characters escaped.
    const result = JSON.stringify(toMetadata(tree, item)).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream', 'dropbox-api-result': result };
    if (!item.hideSize) headers['content-length'] = String(contentSize(item.content));
    return new Response(contentStream(item.content, item.gate), { headers });
  };

  /** get_thumbnail_v2: the picture as application/octet-stream, 409 for files that have none. */
  const thumbnail = (request: Request): Response => {
    let path = '';
    try {
      const argument = JSON.parse(request.headers.get('dropbox-api-arg') ?? '') as { resource?: { '.tag'?: string; path?: unknown } };
      if (argument.resource?.['.tag'] === 'path') path = String(argument.resource.path ?? '');
    } catch {
      return new Response('Error in call: Dropbox-API-Arg is not JSON', { status: 400 });
    }
    const item = tree.get(path);
    if (!item || item.isFolder) return pathNotFound();
    if (!hasPicture(item.name)) return apiError(409, 'unsupported_extension/', { '.tag': 'unsupported_extension' });
    const png = state.thumbnailOverride?.body ?? createThumbnailPng();
    return new Response(png, {
      headers: { 'content-type': 'application/octet-stream', 'dropbox-api-result': JSON.stringify({ file_metadata: { id: item.id } }) },
    });
  };

  return startFakeProviderServer(state, async (request, url) => {
    const path = url.pathname;
    if (request.method === 'GET' && path === '/oauth2/authorize') return oauth.authorize(url);
    if (request.method === 'POST' && path === '/oauth2/token') return oauth.token(request, { account_id: 'dbid:fake', uid: '12345' });
    if (request.method !== 'POST' || !path.startsWith('/2/')) return new Response('not found', { status: 404 });
    if (!oauth.isAuthorized(request)) return apiError(401, 'expired_access_token/', { '.tag': 'expired_access_token' });
    // No body and no content type: the RPC takes no arguments.
    if (path === '/2/auth/token/revoke') return oauth.revoke(oauth.bearerOf(request));
    if (path === '/2/files/download') return download(request);
    if (path === '/2/files/get_thumbnail_v2') return thumbnail(request);
    return rpc(request, path);
  });
}
