/**
 * GET /auth/:provider: stores a fresh OAuth state for this user, provider and browser, sets the
 * browser-binding cookie, and sends the browser to the provider's consent page (with a PKCE
 * challenge where the provider takes one).
 */
import { isUpupError, UpupError } from '../../errors.js';
import type { RouteContext } from '../../internal/routes/context.js';
import { chooseBindingValue, hashBindingValue, toSetBindingCookie, type BindingCookieScope } from '../oauth/browser-binding.js';
import { createOAuthState } from '../oauth/oauth-state.js';
import { createCodeVerifier, toCodeChallenge } from '../oauth/pkce.js';
import { getPublicOrigin } from '../public-origin.js';
import { MAX_RETURN_TO_LENGTH } from '../return-to.js';
import type { DriveProviderSlug } from '../types.js';
import { requireConfiguredProvider, requireDriveUserId, requireProviderSlug, requireTokenStore, toProviderLabel } from './drive-request.js';

/**
 * Always `<mount>/auth/:provider/cb` on the handler's public origin, built the same way at the
 * redirect and at the code exchange (providers compare them byte for byte).
 */
export function getRedirectUri(ctx: RouteContext, slug: string): string {
  return `${getPublicOrigin(ctx)}${ctx.mountPath}/auth/${slug}/cb`;
}

/**
 * The binding cookie's name and reach: `__Host-` prefixed whenever the public origin is https (so
 * no sibling host can plant it), else a plain cookie on `/auth/<provider>` and below.
 */
export function getBindingCookieScope(ctx: RouteContext, provider: DriveProviderSlug): BindingCookieScope {
  return { provider, secure: getPublicOrigin(ctx).startsWith('https:'), authPath: `${ctx.mountPath}/auth/${provider}` };
}

/** What a refused sign-in is counted under: the failure code the client saw, else its status. */
export function toSignInRefusal(error: unknown): string {
  if (isUpupError(error)) return error.code ?? `http_${error.status ?? 500}`;
  return 'http_500';
}

export async function startAuthorizationRoute(ctx: RouteContext): Promise<Response> {
  try {
    const response = await redirectToConsent(ctx);
    ctx.telemetry.signIn({ provider: toProviderLabel(ctx), outcome: 'started' });
    return response;
  } catch (error) {
    ctx.telemetry.signIn({ provider: toProviderLabel(ctx), outcome: 'refused', reason: toSignInRefusal(error) });
    throw error;
  }
}

async function redirectToConsent(ctx: RouteContext): Promise<Response> {
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
  const bindingScope = getBindingCookieScope(ctx, provider.slug);
  const binding = chooseBindingValue(ctx.req, bindingScope);
  const codeVerifier = provider.supportsPkce ? createCodeVerifier() : undefined;
  const state = await createOAuthState(store, {
    provider: provider.slug,
    userId,
    browserBindingHash: await hashBindingValue(binding),
    ...(returnTo ? { returnTo } : {}),
    ...(codeVerifier ? { codeVerifier } : {}),
  });
  const location = provider.getAuthorizationUrl({
    redirectUri: getRedirectUri(ctx, provider.slug),
    state,
    codeChallenge: codeVerifier ? await toCodeChallenge(codeVerifier) : undefined,
  });
  return new Response(null, {
    status: 302,
    headers: {
      location,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'set-cookie': toSetBindingCookie(bindingScope, binding),
    },
  });
}
