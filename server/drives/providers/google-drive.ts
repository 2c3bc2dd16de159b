/**
 * Google Drive: Google OAuth 2.0 for web server apps and the Drive API v3.
 * https://developers.google.com/identity/protocols/oauth2/web-server
 * https://developers.google.com/drive/api/reference/rest/v3/files
 */
import { createDriveRequestError } from '../drive-errors.js';
import { getGoogleExportFormat, GOOGLE_FOLDER_TYPE, GOOGLE_SHORTCUT_TYPE, isGoogleNativeType, toExportedName } from '../google-export.js';
import type { DriveProviderCredentials } from '../types.js';
import type { UpstreamLimits } from '../upstream-limits.js';
import { toBaseUrl, toByteCount, toDriveFileEntry, type DriveFileEntry, type DriveProvider } from './drive-provider.js';
import { GOOGLE_THUMBNAIL_HOSTS, toTrustedThumbnailLink, type ThumbnailHosts } from './thumbnail-links.js';
import { buildAuthorizationUrl, exchangeAuthorizationCode, postRevocation, refreshAccessToken, type OAuthClient } from './oauth-client.js';
import { toRedirectPolicy, fetchDownload, fetchJsonWithToken, getResponseBody } from './provider-http.js';

const SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
/** The API's largest page. */
const PAGE_SIZE = 1000;
const FILE_FIELDS = 'id,name,mimeType,size,modifiedTime,thumbnailLink,shortcutDetails(targetId,targetMimeType)';

interface GoogleFile {
  id: string;
  name: string;
  mimeType: string;
  size?: string;
  modifiedTime?: string;
  thumbnailLink?: string;
  shortcutDetails?: { targetId?: string; targetMimeType?: string };
}

interface GoogleFileList {
  files?: GoogleFile[];
  nextPageToken?: string;
}

/** Drive query strings quote with `'` and escape `'` and `\` with a backslash. */
function quoteQueryValue(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A shortcut is listed as its target, so it opens (folder) or transfers (file) like the original. */
function toEntry(file: GoogleFile, thumbnailHosts: ThumbnailHosts): DriveFileEntry | undefined {
  let id = file.id;
  let mimeType = file.mimeType;
  if (mimeType === GOOGLE_SHORTCUT_TYPE) {
    if (!file.shortcutDetails?.targetId || !file.shortcutDetails.targetMimeType) return undefined;
    id = file.shortcutDetails.targetId;
    mimeType = file.shortcutDetails.targetMimeType;
  }
  if (mimeType === GOOGLE_FOLDER_TYPE) return toDriveFileEntry({ id, name: file.name, isFolder: true, modifiedAt: file.modifiedTime });
  const base = { id, isFolder: false, modifiedAt: file.modifiedTime, thumbnailUrl: toTrustedThumbnailLink(file.thumbnailLink, thumbnailHosts) };
  if (isGoogleNativeType(mimeType)) {
    const format = getGoogleExportFormat(mimeType);
    // Forms, sites and other kinds without an export cannot be transferred, so they are not offered.
    if (!format) return undefined;
    return toDriveFileEntry({ ...base, name: toExportedName(file.name, format), mimeType: format.mimeType });
  }
  return toDriveFileEntry({ ...base, name: file.name, mimeType, size: toByteCount(file.size) });
}

export function createGoogleDriveProvider(credentials: DriveProviderCredentials): DriveProvider {
  const authBase = toBaseUrl(credentials.authBaseUrl, 'https://accounts.google.com');
  const apiBase = toBaseUrl(credentials.apiBaseUrl, 'https://www.googleapis.com');
  // The token endpoint lives on its own host; a configured API base (proxy, test fake) serves both.
  const tokenUrl = credentials.apiBaseUrl ? `${apiBase}/token` : 'https://oauth2.googleapis.com/token';
  const revokeUrl = credentials.apiBaseUrl ? `${apiBase}/revoke` : 'https://oauth2.googleapis.com/revoke';
  const redirectPolicy = toRedirectPolicy(apiBase);
  const client: OAuthClient = { tokenUrl, clientId: credentials.clientId, clientSecret: credentials.clientSecret };
  const filesUrl = `${apiBase}/drive/v3/files`;
  const thumbnailHosts: ThumbnailHosts = { hostSuffixes: GOOGLE_THUMBNAIL_HOSTS, ...(credentials.apiBaseUrl ? { apiBase } : {}) };

  const getMetadata = (accessToken: string, fileId: string, limits: UpstreamLimits): Promise<GoogleFile> => {
    const params = new URLSearchParams({ fields: 'id,name,mimeType,size', supportsAllDrives: 'true' });
    return fetchJsonWithToken<GoogleFile>(`${filesUrl}/${encodeURIComponent(fileId)}?${params}`, accessToken, limits);
  };

  return {
    slug: 'google-drive',
    displayName: 'Google Drive',
    scope: SCOPE,
    getAuthorizationUrl: ({ redirectUri, state, codeChallenge }) =>
      // Offline access with a consent prompt is what makes Google return a refresh token every time.
      buildAuthorizationUrl(
        `${authBase}/o/oauth2/v2/auth`,
        client,
        { redirectUri, state, codeChallenge, scope: SCOPE },
        {
          access_type: 'offline',
          prompt: 'consent',
          include_granted_scopes: 'true',
        },
      ),
    supportsPkce: true,
    exchangeCode: (exchange, limits) => exchangeAuthorizationCode(client, exchange, limits),
    refreshTokens: (refreshToken, limits) => refreshAccessToken(client, refreshToken, limits),
    // Revoking the refresh token ends the whole grant, access tokens included.
    revokeTokens: (tokens, limits) => postRevocation(revokeUrl, { token: tokens.refreshToken ?? tokens.accessToken }, limits),
    async listPage(accessToken, query, continuation, limits) {
      const condition =
        query.search !== undefined ? `name contains ${quoteQueryValue(query.search)}` : `${quoteQueryValue(query.folderId ?? 'root')} in parents`;
      const params = new URLSearchParams({
        q: `${condition} and trashed = false`,
        fields: `nextPageToken,files(${FILE_FIELDS})`,
        pageSize: String(PAGE_SIZE),
        orderBy: 'folder,name',
        supportsAllDrives: 'true',
        includeItemsFromAllDrives: 'true',
      });
      if (continuation) params.set('pageToken', continuation);
      const page = await fetchJsonWithToken<GoogleFileList>(`${filesUrl}?${params}`, accessToken, limits);
      const files = (page.files ?? []).map((file) => toEntry(file, thumbnailHosts)).filter((entry): entry is DriveFileEntry => entry !== undefined);
      return page.nextPageToken ? { files, continuation: page.nextPageToken } : { files };
    },
    async openDownload(accessToken, fileId, limits) {
      const file = await getMetadata(accessToken, fileId, limits);
      if (isGoogleNativeType(file.mimeType)) {
        const format = getGoogleExportFormat(file.mimeType);
        if (!format) throw createDriveRequestError(new Error(`Google file ${fileId} of type ${file.mimeType} cannot be exported`));
        const params = new URLSearchParams({ mimeType: format.mimeType });
        const response = await fetchDownload(`${filesUrl}/${encodeURIComponent(file.id)}/export?${params}`, accessToken, limits, redirectPolicy);
        return { name: toExportedName(file.name, format), mimeType: format.mimeType, size: undefined, body: getResponseBody(response) };
      }
      const params = new URLSearchParams({ alt: 'media', supportsAllDrives: 'true' });
      const response = await fetchDownload(`${filesUrl}/${encodeURIComponent(file.id)}?${params}`, accessToken, limits, redirectPolicy);
      return { name: file.name, mimeType: file.mimeType, size: toByteCount(file.size), body: getResponseBody(response) };
    },
  };
}
