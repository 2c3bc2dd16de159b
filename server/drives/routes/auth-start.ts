/**
 * GET /auth/:provider: stores a fresh OAuth state for this user and provider and sends the
 * browser to the provider's consent page.
 */
import { UpupError } from '../../errors.js';
import type { RouteContext } from '../../internal/routes/context.js';
import { createOAuthState } from '../oauth-state.js';
import { MAX_RETURN_TO_LENGTH } from '../return-to.js';
import { requireConfiguredProvider, requireDriveUserId, requireProviderSlug, requireTokenStore } from './drive-request.js';

/**
 * Always `<mount>/auth/:provider/cb` on the request's own origin, built the same way at the
 * redirect and at the code exchange (providers compare them byte for byte).
 */
export function getRedirectUri(ctx: RouteContext, slug: string): string {
  return `${ctx.url.origin}${ctx.mountPath}/auth/${slug}/cb`;
}

export async function startAuthorizationRoute(ctx: RouteContext): Promise<Response> {
  const description = requireProviderSlug(ctx);
  if (!ctx.settings.config.providers) {
    throw new UpupError('No OAuth providers configured', undefined, { status: 500, cause: new Error('the handler has no providers block') });
  }
  const store = requireTokenStore(ctx, 'tokenStore is required for OAuth flows');
  const provider = requireConfiguredProvider(ctx, description);
  const userId = await requireDriveUserId(ctx);
  // Validated at the callback; a value too long to ever be accepted is not worth storing.
  const requested = ctx.url.searchParams.get('returnTo');
  const returnTo = requested && requested.length <= MAX_RETURN_TO_LENGTH ? requested : undefined;
  const state = await createOAuthState(store, { provider: provider.slug, userId, ...(returnTo ? { returnTo } : {}) });
  const location = provider.getAuthorizationUrl({ redirectUri: getRedirectUri(ctx, provider.slug), state });
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
}
