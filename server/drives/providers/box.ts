/**
 * Box: OAuth 2.0 with client credentials in the body, and the Box API 2.0.
 * https://developer.box.com/guides/authentication/oauth2/
 * https://developer.box.com/reference/get-folders-id-items/ and /reference/get-search/
 */
import { createDriveRequestError } from '../drive-errors.js';
import { getMimeTypeFromName } from '../mime-types.js';
import type { DriveProviderCredentials } from '../types.js';
import type { UpstreamLimits } from '../upstream-limits.js';
import { toBaseUrl, toByteCount, toDriveFileEntry, type DriveFileEntry, type DriveListPage, type DriveProvider } from './drive-provider.js';
import { buildAuthorizationUrl, exchangeAuthorizationCode, postRevocation, refreshAccessToken, type OAuthClient } from './oauth-client.js';
import { toRedirectPolicy, fetchDownload, fetchJsonWithToken, fetchWithToken, getResponseBody, isNotFoundAnswer } from './provider-http.js';

const SCOPE = 'root_readonly';
/** Folder items page at up to 1,000 entries, search results at up to 200. */
const FOLDER_PAGE_SIZE = 1000;
const SEARCH_PAGE_SIZE = 200;
const ITEM_FIELDS = 'id,type,name,size,modified_at';
const ROOT_FOLDER_ID = '0';

interface BoxItem {
  type: 'file' | 'folder' | 'web_link';
  id: string;
  name: string;
  size?: number;
  modified_at?: string;
}

/** Folder items use marker paging, which has no depth limit (offset paging stops at 10,000). */
interface BoxMarkerPage {
  entries?: BoxItem[];
  next_marker?: string | null;
}

/** Search supports offset paging only. */
interface BoxOffsetPage {
  entries?: BoxItem[];
  total_count?: number;
  offset?: number;
}

function toEntry(item: BoxItem): DriveFileEntry | undefined {
  // Web links are bookmarks, not files.
  if (item.type !== 'file' && item.type !== 'folder') return undefined;
  const isFolder = item.type === 'folder';
  return toDriveFileEntry({
    id: item.id,
    name: item.name,
    isFolder,
    size: isFolder ? undefined : toByteCount(item.size),
    mimeType: isFolder ? undefined : getMimeTypeFromName(item.name),
    modifiedAt: item.modified_at,
  });
}

function toEntries(items: BoxItem[] | undefined): DriveFileEntry[] {
  return (items ?? []).map(toEntry).filter((entry): entry is DriveFileEntry => entry !== undefined);
}

export function createBoxProvider(credentials: DriveProviderCredentials): DriveProvider {
  const authBase = toBaseUrl(credentials.authBaseUrl, 'https://account.box.com');
  const apiBase = toBaseUrl(credentials.apiBaseUrl, 'https://api.box.com');
  const redirectPolicy = toRedirectPolicy(apiBase);
  const client: OAuthClient = { tokenUrl: `${apiBase}/oauth2/token`, clientId: credentials.clientId, clientSecret: credentials.clientSecret };

  const listFolder = async (accessToken: string, folderId: string, marker: string | undefined, limits: UpstreamLimits): Promise<DriveListPage> => {
    const params = new URLSearchParams({ fields: ITEM_FIELDS, limit: String(FOLDER_PAGE_SIZE), usemarker: 'true' });
    if (marker) params.set('marker', marker);
    const page = await fetchJsonWithToken<BoxMarkerPage>(`${apiBase}/2.0/folders/${encodeURIComponent(folderId)}/items?${params}`, accessToken, limits);
    const files = toEntries(page.entries);
    return page.next_marker ? { files, continuation: page.next_marker } : { files };
  };

  const search = async (accessToken: string, text: string, offsetText: string | undefined, limits: UpstreamLimits): Promise<DriveListPage> => {
    const offset = offsetText !== undefined && /^\d+$/.test(offsetText) ? Number(offsetText) : 0;
    const params = new URLSearchParams({ query: text, fields: ITEM_FIELDS, limit: String(SEARCH_PAGE_SIZE), offset: String(offset) });
    const page = await fetchJsonWithToken<BoxOffsetPage>(`${apiBase}/2.0/search?${params}`, accessToken, limits);
    const files = toEntries(page.entries);
    const nextOffset = offset + (page.entries?.length ?? 0);
    const hasMore = (page.entries?.length ?? 0) > 0 && nextOffset < (page.total_count ?? 0);
    return hasMore ? { files, continuation: String(nextOffset) } : { files };
  };

  return {
    slug: 'box',
    displayName: 'Box',
    scope: SCOPE,
    getAuthorizationUrl: ({ redirectUri, state }) => buildAuthorizationUrl(`${authBase}/api/oauth2/authorize`, client, { redirectUri, state, scope: SCOPE }),
    supportsPkce: false,
    exchangeCode: (exchange, limits) => exchangeAuthorizationCode(client, exchange, limits),
    refreshTokens: (refreshToken, limits) => refreshAccessToken(client, refreshToken, limits),
    // Box takes either token with the client credentials; the refresh token ends both.
    // https://developer.box.com/reference/post-oauth2-revoke/
    revokeTokens: (tokens, limits) =>
      postRevocation(
        `${apiBase}/oauth2/revoke`,
        {
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          token: tokens.refreshToken ?? tokens.accessToken,
        },
        limits,
      ),
    listPage(accessToken, query, continuation, limits) {
      if (query.search !== undefined) return search(accessToken, query.search, continuation, limits);
      const folderId = query.folderId === undefined || query.folderId === 'root' ? ROOT_FOLDER_ID : query.folderId;
      return listFolder(accessToken, folderId, continuation, limits);
    },
    /**
     * PNG thumbnails come in 32, 64, 128 and 256 pixels. A thumbnail still being made answers 202
     * and one Box cannot make answers 302, both pointing at a generic placeholder: neither is this
     * file's picture, so there is none to show. https://developer.box.com/reference/get-files-id-thumbnail-id/
     */
    async openThumbnail(accessToken, fileId, limits) {
      const params = new URLSearchParams({ min_width: '128', min_height: '128', max_width: '128', max_height: '128' });
      try {
        const response = await fetchWithToken(`${apiBase}/2.0/files/${encodeURIComponent(fileId)}/thumbnail.png?${params}`, accessToken, limits, {
          redirect: 'manual',
        });
        if (response.status === 200) return response;
        await response.body?.cancel();
        return undefined;
      } catch (error) {
        if (isNotFoundAnswer(error)) return undefined;
        throw error;
      }
    },
    async openDownload(accessToken, fileId, limits) {
      const params = new URLSearchParams({ fields: 'id,type,name,size' });
      const item = await fetchJsonWithToken<BoxItem>(`${apiBase}/2.0/files/${encodeURIComponent(fileId)}?${params}`, accessToken, limits);
      if (item.type !== 'file') throw createDriveRequestError(new Error(`Box item ${fileId} is not a file`));
      // /content answers 302 to a pre-authenticated dl.boxcloud.com URL; the token is not forwarded there.
      const response = await fetchDownload(`${apiBase}/2.0/files/${encodeURIComponent(item.id)}/content`, accessToken, limits, redirectPolicy);
      if (response.status === 202) {
        // 202 + Retry-After: Box is still preparing the file (a fresh upload); there is nothing to stream yet.
        await response.body?.cancel();
        throw createDriveRequestError(new Error(`Box file ${fileId} is not ready for download yet`));
      }
      return { name: item.name, mimeType: getMimeTypeFromName(item.name), size: toByteCount(item.size), body: getResponseBody(response) };
    },
  };
}
