/**
 * GET /files/:provider/thumbnail?fileId=: the picture of one file, for providers that list no
 * thumbnail link of their own (see ../thumbnails.ts). Loaded by an `<img crossorigin>` in the
 * drive panel, so it is a CORS request from any other origin; a cross-site `no-cors` load (an
 * `<img>` on a page the CORS settings do not know) is refused, so no foreign page can render a
 * user's pictures.
 */
import { UpupError, UpupErrorCode } from '../../errors.js';
import type { RouteContext } from '../../internal/routes/context.js';
import { isDriveReauthRequired } from '../drive-errors.js';
import { requireDriveItemId } from '../drive-item-id.js';
import { withDriveTokens } from '../drive-tokens.js';
import { createNoThumbnailError, readThumbnail, THUMBNAIL_CACHE_CONTROL } from '../thumbnails.js';
import { getUpstreamLimits, requireConfiguredProvider, requireDriveUserId, requireProviderSlug, requireTokenStore, toReauthResponse } from './drive-request.js';
import { CROSS_SITE_MESSAGE } from '../../internal/cross-origin-protection.js';

function assertNotForeignEmbed(req: Request): void {
  if (req.headers.get('sec-fetch-site') === 'cross-site' && req.headers.get('sec-fetch-mode') === 'no-cors') {
    throw new UpupError(CROSS_SITE_MESSAGE, undefined, { status: 403, cause: new Error('a cross-site no-cors load of a drive thumbnail') });
  }
}

export async function thumbnailRoute(ctx: RouteContext): Promise<Response> {
  assertNotForeignEmbed(ctx.req);
  const description = requireProviderSlug(ctx);
  const store = requireTokenStore(ctx, 'tokenStore is required');
  const provider = requireConfiguredProvider(ctx, description);
  const openThumbnail = provider.openThumbnail;
  if (!openThumbnail) throw new UpupError('Not found', undefined, { status: 404, cause: new Error(`${provider.displayName} lists its own thumbnail links`) });
  const userId = await requireDriveUserId(ctx);
  const fileId = requireDriveItemId(ctx.url.searchParams.get('fileId') ?? '', 'fileId');
  if (fileId === '') throw new UpupError('Invalid fileId', UpupErrorCode.BAD_REQUEST, { status: 400, cause: new Error('fileId is missing') });
  const limits = getUpstreamLimits(ctx);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await withDriveTokens(store, provider, userId, limits, async (accessToken) => {
      const response = await openThumbnail(accessToken, fileId, limits);
      if (!response) throw createNoThumbnailError(fileId);
      return readThumbnail(response);
    });
  } catch (error) {
    if (isDriveReauthRequired(error)) return toReauthResponse(ctx, description, error);
    throw error;
  }
  return new Response(bytes, {
    status: 200,
    headers: {
      'content-type': 'image/png',
      'content-length': String(bytes.byteLength),
      'cache-control': THUMBNAIL_CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}
