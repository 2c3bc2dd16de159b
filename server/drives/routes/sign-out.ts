/**
 * POST /auth/:provider/sign-out: disconnects the caller's drive. The stored tokens are deleted
 * first, so no other request of this user can pick them up, then revoked at the provider where it
 * has a revocation endpoint (Google, Dropbox, Box; OneDrive personal accounts have none). The
 * browser-binding cookie is cleared. Always 204 once the caller is identified: signing out twice,
 * or with nothing stored, is not an error, and a provider that fails to revoke is reported to
 * `onError` without keeping tokens the user asked to drop.
 */
import { reportError } from '../../internal/error-report.js';
import type { RouteContext } from '../../internal/routes/context.js';
import { isDriveReauthRequired } from '../drive-errors.js';
import { takeDriveTokens } from '../drive-tokens.js';
import { toClearBindingCookie } from '../oauth/browser-binding.js';
import { getBindingCookieScope } from './auth-start.js';
import { getUpstreamLimits, requireConfiguredProvider, requireDriveUserId, requireProviderSlug, requireTokenStore } from './drive-request.js';

export async function signOutRoute(ctx: RouteContext): Promise<Response> {
  const description = requireProviderSlug(ctx);
  const store = requireTokenStore(ctx, 'tokenStore is required');
  const provider = requireConfiguredProvider(ctx, description);
  const userId = await requireDriveUserId(ctx);
  const tokens = await takeDriveTokens(store, provider.slug, userId, getUpstreamLimits(ctx));
  if (tokens && provider.revokeTokens) {
    try {
      await provider.revokeTokens(tokens, getUpstreamLimits(ctx));
    } catch (error) {
      // A 401 means the provider had already ended the grant: that is what sign-out wants.
      if (!isDriveReauthRequired(error)) {
        reportError(ctx.settings.hooks, {
          requestId: ctx.requestId,
          route: ctx.route,
          method: ctx.req.method,
          status: 204,
          message: `${provider.displayName} did not confirm the revocation; the stored tokens were deleted`,
          error,
          swallowedFrom: 'revokeTokens',
        });
      }
    }
  }
  return new Response(null, {
    status: 204,
    headers: { 'cache-control': 'no-store', 'set-cookie': toClearBindingCookie(getBindingCookieScope(ctx, provider.slug)) },
  });
}
