/**
 * Google OAuth 2.0 and the Drive API v3, as far as the handler uses them: consent, token and
 * revoke endpoints; files.list with `q` parents/name queries and page tokens; files.get with
 * metadata or `alt=media`; files.export for Docs Editors files (without a Content-Length).
 */
import { contentSize, contentStream, exportedBytes, FakeDriveTree, type FakeItem } from './drive-content.js';
import { choosePageSize, decodePageToken, encodePageToken, startFakeProviderServer, toJson, type FakeProviderServer } from './fake-provider.js';
import { OAuthAuthority } from './oauth-authority.js';

const FOLDER_TYPE = 'application/vnd.google-apps.folder';
const EXPORTS: Record<string, string[]> = {
  'application/vnd.google-apps.document': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/pdf'],
  'application/vnd.google-apps.spreadsheet': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'],
  'application/vnd.google-apps.presentation': ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/pdf'],
  'application/vnd.google-apps.drawing': ['image/png', 'application/pdf'],
};

function apiError(code: number, message: string, reason: string): Response {
  return toJson({ error: { code, message, errors: [{ reason, message }] } }, code);
}

const SHORTCUT_TYPE = 'application/vnd.google-apps.shortcut';

function toFileResource(item: FakeItem, origin: string, tree: FakeDriveTree): Record<string, unknown> {
  if (item.shortcutTargetId) {
    const target = tree.get(item.shortcutTargetId)!;
    const targetMimeType = target.isFolder ? FOLDER_TYPE : (target.mimeType ?? 'application/octet-stream');
    return {
      kind: 'drive#file',
      id: item.id,
      name: item.name,
      mimeType: SHORTCUT_TYPE,
      modifiedTime: item.modifiedAt,
      shortcutDetails: { targetId: target.id, targetMimeType },
    };
  }
  const mimeType = item.isFolder ? FOLDER_TYPE : (item.mimeType ?? 'application/octet-stream');
  const resource: Record<string, unknown> = { kind: 'drive#file', id: item.id, name: item.name, mimeType, modifiedTime: item.modifiedAt };
  // The API sends int64 as a string, and no size for folders and Docs Editors files.
  if (item.content && !item.hideSize) resource.size = String(contentSize(item.content));
  if (mimeType.startsWith('image/')) resource.thumbnailLink = item.thumbnailUrl ?? `${origin}/thumbnails/${item.id}`;
  return resource;
}

const QUOTED = "'((?:[^'\\\\]|\\\\.)*)'";
const PARENTS_QUERY = new RegExp(`^${QUOTED} in parents and trashed = false$`);
const NAME_QUERY = new RegExp(`^name contains ${QUOTED} and trashed = false$`);

function unquote(value: string): string {
  return value.replace(/\\(.)/g, '$1');
}

export async function startFakeGoogleDrive(): Promise<FakeProviderServer> {
  const tree = new FakeDriveTree((sequence) => `1Gd${String(sequence).padStart(6, '0')}xYz`, 'root-0AFake');
  const oauth = new OAuthAuthority({
    clientId: 'google-client.apps.googleusercontent.com',
    clientSecret: 'google-secret',
    scope: 'https://www.googleapis.com/auth/drive.readonly',
    rotatesRefreshTokens: false,
    requiresPkce: true,
  });
  const state = { tree, oauth, pageSizeCap: undefined as number | undefined, requests: [] };

  const findItem = (id: string): FakeItem | undefined => (id === 'root' ? tree.get(tree.rootId) : tree.get(id));

  const list = (url: URL, origin: string): Response => {
    const q = url.searchParams.get('q') ?? '';
    const parents = PARENTS_QUERY.exec(q);
    const name = NAME_QUERY.exec(q);
    let items: FakeItem[];
    if (parents) {
      const folder = findItem(unquote(parents[1]!));
      if (!folder) return apiError(404, 'File not found', 'notFound');
      items = tree.children(folder.id);
    } else if (name) {
      items = tree.search(unquote(name[1]!));
    } else {
      return apiError(400, `Invalid Value: q=${q}`, 'invalid');
    }
    const pageSize = choosePageSize(state, url.searchParams.get('pageSize'), 1000, 100);
    const token = url.searchParams.get('pageToken');
    const offset = token ? decodePageToken<{ offset: number }>(token)?.offset : 0;
    if (offset === undefined) return apiError(400, 'Invalid pageToken', 'invalid');
    const page = items.slice(offset, offset + pageSize).map((item) => toFileResource(item, origin, tree));
    const body: Record<string, unknown> = { kind: 'drive#fileList', files: page };
    if (offset + pageSize < items.length) body.nextPageToken = encodePageToken({ offset: offset + pageSize });
    return toJson(body);
  };

  const getFile = (item: FakeItem, url: URL, origin: string): Response => {
    if (url.searchParams.get('alt') !== 'media') return toJson(toFileResource(item, origin, tree));
    if (!item.content) {
      return apiError(403, 'Only files with binary content can be downloaded. Use Export with Docs Editors files.', 'fileNotDownloadable');
    }
    const headers: Record<string, string> = { 'content-type': item.mimeType ?? 'application/octet-stream' };
    if (!item.hideSize) headers['content-length'] = String(contentSize(item.content));
    return new Response(contentStream(item.content, item.gate), { headers });
  };

  const exportFile = (item: FakeItem, url: URL): Response => {
    const target = url.searchParams.get('mimeType') ?? '';
    if (!item.mimeType || !EXPORTS[item.mimeType]?.includes(target)) {
      return apiError(400, `Export only supports Docs Editors files to a supported type; got ${target}`, 'badRequest');
    }
    const bytes = exportedBytes(item, target);
    // Exports stream without a length, like the real API.
    return new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      }),
      { headers: { 'content-type': target } },
    );
  };

  return startFakeProviderServer(state, async (request, url, origin) => {
    const path = url.pathname;
    if (request.method === 'GET' && path === '/o/oauth2/v2/auth') return oauth.authorize(url);
    if (request.method === 'POST' && path === '/token') return oauth.token(request);
    if (request.method === 'POST' && path === '/revoke') return oauth.revokeFromForm(request, false);
    if (!path.startsWith('/drive/v3/files')) return new Response('not found', { status: 404 });
    if (!oauth.isAuthorized(request)) return apiError(401, 'Request had invalid authentication credentials.', 'authError');
    if (request.method === 'GET' && path === '/drive/v3/files') return list(url, origin);
    const match = /^\/drive\/v3\/files\/([^/]+)(\/export)?$/.exec(path);
    const item = match ? findItem(decodeURIComponent(match[1]!)) : undefined;
    if (!match || request.method !== 'GET') return new Response('not found', { status: 404 });
    if (!item) return apiError(404, `File not found: ${match[1]}.`, 'notFound');
    return match[2] ? exportFile(item, url) : getFile(item, url, origin);
  });
}
