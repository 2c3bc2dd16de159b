/**
 * Microsoft OneDrive: Microsoft identity platform v2 (authorization code flow) and Microsoft Graph.
 * https://learn.microsoft.com/entra/identity-platform/v2-oauth2-auth-code-flow
 * https://learn.microsoft.com/graph/api/driveitem-list-children
 */
import { createDriveRequestError } from '../drive-errors.js';
import { getMimeTypeFromName } from '../mime-types.js';
import type { OneDriveCredentials } from '../types.js';
import { ONE_DRIVE_THUMBNAIL_HOSTS, toTrustedThumbnailLink, type ThumbnailHosts } from './thumbnail-links.js';
import { toBaseUrl, toByteCount, toDriveFileEntry, type DriveFileEntry, type DriveProvider } from './drive-provider.js';
import { buildAuthorizationUrl, exchangeAuthorizationCode, refreshAccessToken, type OAuthClient } from './oauth-client.js';
import { toRedirectPolicy, fetchDownload, fetchJsonWithToken, getResponseBody } from './provider-http.js';

const SCOPE = 'Files.Read.All offline_access';
/** Graph pages children at 200 by default; larger `$top` values are capped by the service. */
const PAGE_SIZE = 200;
const ITEM_FIELDS = 'id,name,size,file,folder,lastModifiedDateTime';

interface GraphItem {
  id: string;
  name: string;
  size?: number;
  lastModifiedDateTime?: string;
  file?: { mimeType?: string };
  folder?: { childCount?: number };
  thumbnails?: Array<{ medium?: { url?: string }; small?: { url?: string } }>;
}

interface GraphPage {
  value?: GraphItem[];
  '@odata.nextLink'?: string;
}

function toEntry(item: GraphItem, thumbnailHosts: ThumbnailHosts): DriveFileEntry | undefined {
  // Items with neither facet (OneNote packages) have no downloadable content.
  if (!item.folder && !item.file) return undefined;
  const thumbnail = item.thumbnails?.[0];
  return toDriveFileEntry({
    id: item.id,
    name: item.name,
    isFolder: item.folder !== undefined,
    size: item.folder ? undefined : toByteCount(item.size),
    mimeType: item.file ? item.file.mimeType || getMimeTypeFromName(item.name) : undefined,
    thumbnailUrl: toTrustedThumbnailLink(thumbnail?.medium?.url ?? thumbnail?.small?.url, thumbnailHosts),
    modifiedAt: item.lastModifiedDateTime,
  });
}

/** OData string literals double their single quotes. */
function quoteODataString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function createOneDriveProvider(credentials: OneDriveCredentials): DriveProvider {
  const tenant = encodeURIComponent(credentials.tenantId ?? 'common');
  const authBase = `${toBaseUrl(credentials.authBaseUrl, 'https://login.microsoftonline.com')}/${tenant}/oauth2/v2.0`;
  const graphBase = `${toBaseUrl(credentials.apiBaseUrl, 'https://graph.microsoft.com')}/v1.0`;
  const redirectPolicy = toRedirectPolicy(graphBase);
  const thumbnailHosts: ThumbnailHosts = { hostSuffixes: ONE_DRIVE_THUMBNAIL_HOSTS, ...(credentials.apiBaseUrl ? { apiBase: graphBase } : {}) };
  const client: OAuthClient = {
    tokenUrl: `${authBase}/token`,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    refreshScope: SCOPE,
  };
  const itemUrl = (itemId: string): string => `${graphBase}/me/drive/items/${encodeURIComponent(itemId)}`;

  const getFirstPageUrl = (query: { folderId?: string; search?: string }): string => {
    if (query.search !== undefined) {
      const params = new URLSearchParams({ $top: String(PAGE_SIZE), $select: ITEM_FIELDS });
      return `${graphBase}/me/drive/root/search(q=${encodeURIComponent(quoteODataString(query.search))})?${params}`;
    }
    const params = new URLSearchParams({ $top: String(PAGE_SIZE), $select: ITEM_FIELDS, $expand: 'thumbnails' });
    const folder = query.folderId === undefined || query.folderId === 'root' ? `${graphBase}/me/drive/root` : itemUrl(query.folderId);
    return `${folder}/children?${params}`;
  };

  /** A next link comes back from the client inside a cursor: it must point at Graph, or the token would leak. */
  const assertGraphLink = (link: string): string => {
    if (!URL.canParse(link) || !new URL(link).href.startsWith(`${graphBase}/`)) {
      throw createDriveRequestError(new Error('a OneDrive next link outside Microsoft Graph was refused'));
    }
    return link;
  };

  return {
    slug: 'one-drive',
    displayName: 'Microsoft OneDrive',
    scope: SCOPE,
    getAuthorizationUrl: ({ redirectUri, state, codeChallenge }) =>
      buildAuthorizationUrl(`${authBase}/authorize`, client, { redirectUri, state, codeChallenge, scope: SCOPE }, { response_mode: 'query' }),
    supportsPkce: true,
    exchangeCode: (exchange, limits) => exchangeAuthorizationCode(client, exchange, limits),
    refreshTokens: (refreshToken, limits) => refreshAccessToken(client, refreshToken, limits),
    async listPage(accessToken, query, continuation, limits) {
      const url = continuation ? assertGraphLink(continuation) : getFirstPageUrl(query);
      const page = await fetchJsonWithToken<GraphPage>(url, accessToken, limits);
      const files = (page.value ?? []).map((item) => toEntry(item, thumbnailHosts)).filter((entry): entry is DriveFileEntry => entry !== undefined);
      const next = page['@odata.nextLink'];
      return next ? { files, continuation: assertGraphLink(next) } : { files };
    },
    async openDownload(accessToken, fileId, limits) {
      const params = new URLSearchParams({ $select: ITEM_FIELDS });
      const item = await fetchJsonWithToken<GraphItem>(`${itemUrl(fileId)}?${params}`, accessToken, limits);
      if (!item.file) throw createDriveRequestError(new Error(`OneDrive item ${fileId} is not a file`));
      // /content answers 302 to a pre-authenticated URL; fetchDownload does not forward the token there.
      const response = await fetchDownload(`${itemUrl(item.id)}/content`, accessToken, limits, redirectPolicy);
      return {
        name: item.name,
        mimeType: item.file.mimeType || getMimeTypeFromName(item.name),
        size: toByteCount(item.size),
        body: getResponseBody(response),
      };
    },
  };
}
