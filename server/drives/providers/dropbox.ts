/**
 * Dropbox: OAuth 2 code flow with offline access (so the server holds a refresh token) and the
 * HTTP API v2. https://developers.dropbox.com/oauth-guide
 * https://www.dropbox.com/developers/documentation/http/documentation#files-list_folder
 */
import { createDriveRequestError } from '../drive-errors.js';
import { getMimeTypeFromName } from '../mime-types.js';
import type { DriveProviderCredentials } from '../types.js';
import type { UpstreamLimits } from '../upstream-limits.js';
import { toBaseUrl, toByteCount, toDriveFileEntry, type DriveFileEntry, type DriveListQuery, type DriveProvider } from './drive-provider.js';
import { buildAuthorizationUrl, exchangeAuthorizationCode, refreshAccessToken, type OAuthClient } from './oauth-client.js';
import { toRedirectPolicy, fetchDownload, fetchWithToken, getContentLength, getResponseBody, isNotFoundAnswer, postJsonWithToken } from './provider-http.js';

const SCOPE = 'files.content.read files.metadata.read';
/** list_folder accepts up to 2,000 entries per call; search_v2 up to 1,000. */
const LIST_LIMIT = 2000;
const SEARCH_LIMIT = 1000;

interface DropboxEntry {
  '.tag': 'file' | 'folder' | 'deleted';
  id?: string;
  name: string;
  size?: number;
  server_modified?: string;
  is_downloadable?: boolean;
}

interface DropboxListResult {
  entries?: DropboxEntry[];
  cursor?: string;
  has_more?: boolean;
}

interface DropboxSearchResult {
  matches?: Array<{ metadata?: { '.tag'?: string; metadata?: DropboxEntry } }>;
  cursor?: string;
  has_more?: boolean;
}

function toEntry(entry: DropboxEntry): DriveFileEntry | undefined {
  if (!entry.id || entry['.tag'] === 'deleted') return undefined;
  // Paper documents and other cloud-only files have no bytes to download.
  if (entry['.tag'] === 'file' && entry.is_downloadable === false) return undefined;
  const isFolder = entry['.tag'] === 'folder';
  return toDriveFileEntry({
    id: entry.id,
    name: entry.name,
    isFolder,
    size: isFolder ? undefined : toByteCount(entry.size),
    mimeType: isFolder ? undefined : getMimeTypeFromName(entry.name),
    modifiedAt: entry.server_modified,
  });
}

/**
 * `Dropbox-API-Arg` carries JSON in an HTTP header, which must be ASCII: Dropbox asks for every
 * character above 0x7E to be escaped as `\uXXXX`.
 */
function toHeaderSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Continuations say which endpoint issued them: list and search cursors continue differently. */
const LIST_CURSOR_PREFIX = 'list:';
const SEARCH_CURSOR_PREFIX = 'search:';

export function createDropboxProvider(credentials: DriveProviderCredentials): DriveProvider {
  const authBase = toBaseUrl(credentials.authBaseUrl, 'https://www.dropbox.com');
  // One configured base replaces both API hosts (RPC and content); the paths do not overlap.
  const apiBase = toBaseUrl(credentials.apiBaseUrl, 'https://api.dropboxapi.com');
  const contentBase = toBaseUrl(credentials.apiBaseUrl, 'https://content.dropboxapi.com');
  // The content host answers downloads; redirects from it follow the same rule as the API's.
  const redirectPolicy = toRedirectPolicy(contentBase);
  const client: OAuthClient = { tokenUrl: `${apiBase}/oauth2/token`, clientId: credentials.clientId, clientSecret: credentials.clientSecret };

  const listFolder = async (accessToken: string, query: DriveListQuery, cursor: string | undefined, limits: UpstreamLimits) => {
    const result = cursor
      ? await postJsonWithToken<DropboxListResult>(`${apiBase}/2/files/list_folder/continue`, accessToken, limits, { cursor })
      : await postJsonWithToken<DropboxListResult>(`${apiBase}/2/files/list_folder`, accessToken, limits, {
          // The root is the empty path; other folders are addressed by id (`id:...`).
          path: query.folderId === undefined || query.folderId === 'root' ? '' : query.folderId,
          limit: LIST_LIMIT,
          include_non_downloadable_files: false,
        });
    const files = (result.entries ?? []).map(toEntry).filter((entry): entry is DriveFileEntry => entry !== undefined);
    return result.has_more && result.cursor ? { files, continuation: LIST_CURSOR_PREFIX + result.cursor } : { files };
  };

  const search = async (accessToken: string, text: string, cursor: string | undefined, limits: UpstreamLimits) => {
    const result = cursor
      ? await postJsonWithToken<DropboxSearchResult>(`${apiBase}/2/files/search/continue_v2`, accessToken, limits, { cursor })
      : await postJsonWithToken<DropboxSearchResult>(`${apiBase}/2/files/search_v2`, accessToken, limits, {
          query: text,
          options: { max_results: SEARCH_LIMIT, file_status: 'active' },
        });
    const files = (result.matches ?? [])
      .map((match) => (match.metadata?.['.tag'] === 'metadata' && match.metadata.metadata ? toEntry(match.metadata.metadata) : undefined))
      .filter((entry): entry is DriveFileEntry => entry !== undefined);
    return result.has_more && result.cursor ? { files, continuation: SEARCH_CURSOR_PREFIX + result.cursor } : { files };
  };

  return {
    slug: 'dropbox',
    displayName: 'Dropbox',
    scope: SCOPE,
    getAuthorizationUrl: ({ redirectUri, state, codeChallenge }) =>
      // Without offline access Dropbox issues a four-hour token and no refresh token.
      buildAuthorizationUrl(`${authBase}/oauth2/authorize`, client, { redirectUri, state, codeChallenge, scope: SCOPE }, { token_access_type: 'offline' }),
    supportsPkce: true,
    exchangeCode: (exchange, limits) => exchangeAuthorizationCode(client, exchange, limits),
    refreshTokens: (refreshToken, limits) => refreshAccessToken(client, refreshToken, limits),
    /**
     * /2/auth/token/revoke disables the calling access token and its refresh token, so it needs a
     * live access token: an expired one is refreshed first (a refused refresh means the grant is
     * already gone). https://www.dropbox.com/developers/documentation/http/documentation#auth-token-revoke
     */
    async revokeTokens(tokens, limits) {
      const expired = tokens.expiresAt !== undefined && tokens.expiresAt <= Date.now();
      const accessToken = expired && tokens.refreshToken ? (await refreshAccessToken(client, tokens.refreshToken, limits)).accessToken : tokens.accessToken;
      const response = await fetchWithToken(`${apiBase}/2/auth/token/revoke`, accessToken, limits, { method: 'POST' });
      await response.body?.cancel();
    },
    listPage(accessToken, query, continuation, limits) {
      if (query.search !== undefined) {
        const cursor = continuation?.startsWith(SEARCH_CURSOR_PREFIX) ? continuation.slice(SEARCH_CURSOR_PREFIX.length) : undefined;
        return search(accessToken, query.search, cursor, limits);
      }
      const cursor = continuation?.startsWith(LIST_CURSOR_PREFIX) ? continuation.slice(LIST_CURSOR_PREFIX.length) : undefined;
      return listFolder(accessToken, query, cursor, limits);
    },
    /**
     * get_thumbnail_v2 answers the image bytes (as application/octet-stream) and 409 when the file
     * has no thumbnail (not an image, too large).
     * https://www.dropbox.com/developers/documentation/http/documentation#files-get_thumbnail
     */
    async openThumbnail(accessToken, fileId, limits) {
      const argument = { resource: { '.tag': 'path', path: fileId }, format: 'png', size: 'w128h128', mode: 'bestfit' };
      try {
        return await fetchWithToken(`${contentBase}/2/files/get_thumbnail_v2`, accessToken, limits, {
          method: 'POST',
          headers: { 'dropbox-api-arg': toHeaderSafeJson(argument) },
        });
      } catch (error) {
        if (isNotFoundAnswer(error)) return undefined;
        throw error;
      }
    },
    async openDownload(accessToken, fileId, limits) {
      const response = await fetchDownload(`${contentBase}/2/files/download`, accessToken, limits, redirectPolicy, {
        method: 'POST',
        headers: { 'dropbox-api-arg': toHeaderSafeJson({ path: fileId }) },
      });
      let metadata: DropboxEntry;
      try {
        metadata = JSON.parse(response.headers.get('dropbox-api-result') ?? '') as DropboxEntry;
      } catch (error) {
        await response.body?.cancel();
        throw createDriveRequestError(error);
      }
      return {
        name: metadata.name,
        mimeType: getMimeTypeFromName(metadata.name),
        size: toByteCount(metadata.size) ?? getContentLength(response),
        body: getResponseBody(response),
      };
    },
  };
}
