/**
 * GET /files/:provider: one folder (`folderId`, default root) or a search (`search`), every page
 * of it up to the listing bound; `cursor` continues a listing that returned `nextCursor`.
 */
import type { RouteContext } from '../../internal/routes/context.js';
import { toJsonResponse } from '../../internal/responses.js';
import { isDriveReauthRequired } from '../drive-errors.js';
import { withDriveTokens } from '../drive-tokens.js';
import { listDriveFiles, parseListCursor } from '../listing.js';
import { requireDriveItemId } from '../drive-item-id.js';
import type { DriveFileEntry, DriveListQuery, DriveProvider } from '../providers/drive-provider.js';
import { toThumbnailUrl, wantsProxiedThumbnail } from '../thumbnails.js';
import type { DriveListResponse } from '../../../protocol/wire.js';
import { getUpstreamLimits, requireConfiguredProvider, requireDriveUserId, requireProviderSlug, requireTokenStore, toReauthResponse } from './drive-request.js';

function readListRequest(url: URL): { query: DriveListQuery; continuation?: string } {
  const cursor = url.searchParams.get('cursor');
  if (cursor) return parseListCursor(cursor);
  const folderId = url.searchParams.get('folderId');
  const search = url.searchParams.get('search')?.trim();
  const query: DriveListQuery = {};
  if (search) query.search = search;
  else if (folderId) query.folderId = requireDriveItemId(folderId, 'folderId');
  return { query };
}

/** Points pictures of providers without their own thumbnail links at the handler's thumbnail route. */
function withProxiedThumbnails(ctx: RouteContext, provider: DriveProvider, files: DriveFileEntry[]): DriveFileEntry[] {
  if (!provider.openThumbnail) return files;
  const handlerUrl = `${ctx.publicOrigin}${ctx.mountPath}`;
  return files.map((entry) => (wantsProxiedThumbnail(entry) ? { ...entry, thumbnailUrl: toThumbnailUrl(handlerUrl, provider.slug, entry.id) } : entry));
}

export async function listFilesRoute(ctx: RouteContext): Promise<Response> {
  const description = requireProviderSlug(ctx);
  const store = requireTokenStore(ctx, 'tokenStore is required');
  const provider = requireConfiguredProvider(ctx, description);
  const userId = await requireDriveUserId(ctx);
  const { query, continuation } = readListRequest(ctx.url);
  const limits = getUpstreamLimits(ctx);
  try {
    const listing = await withDriveTokens(store, provider, userId, limits, (accessToken) => listDriveFiles(provider, accessToken, limits, query, continuation));
    const body: DriveListResponse = {
      provider: provider.slug,
      files: withProxiedThumbnails(ctx, provider, listing.files),
      ...(listing.nextCursor ? { nextCursor: listing.nextCursor } : {}),
    };
    return toJsonResponse(body);
  } catch (error) {
    if (isDriveReauthRequired(error)) return toReauthResponse(ctx, description, error);
    throw error;
  }
}
