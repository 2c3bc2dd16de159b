/**
 * GET /auth/:provider/cb: spends the state, exchanges the code for tokens stored against the user
 * the state names, and answers the page that tells the opener the drive is connected.
 */
import { UpupError } from '../../errors.js';
import type { RouteContext } from '../../internal/routes/context.js';
import { getCallbackPageSecurityPolicy, renderCallbackPage } from '../callback-page.js';
import { saveDriveTokens } from '../drive-tokens.js';
import { consumeOAuthState } from '../oauth-state.js';
import { getPostMessageTargets, resolveReturnTo } from '../return-to.js';
import { getRedirectUri } from './auth-start.js';
import { findCallbackUserId, requireConfiguredProvider, requireProviderSlug, requireTokenStore } from './drive-request.js';

/** Provider error codes are short (`access_denied`); anything longer is not worth echoing. */
const MAX_PROVIDER_ERROR_LENGTH = 200;

function badRequest(message: string, detail?: string): UpupError {
  return new UpupError(message, undefined, { status: 400, ...(detail ? { cause: new Error(detail) } : {}) });
}

export async function finishAuthorizationRoute(ctx: RouteContext): Promise<Response> {
  const description = requireProviderSlug(ctx);
  const store = requireTokenStore(ctx, 'tokenStore is required');
  const query = ctx.url.searchParams;
  const code = query.get('code');
  const state = query.get('state');
  const providerError = query.get('error');
  if (providerError !== null) {
    // The flow is over either way: the state must not stay usable.
    if (state) await consumeOAuthState(store, state, description.slug);
    const detail = query.get('error_description') ?? '';
    throw badRequest(`OAuth error: ${providerError.slice(0, MAX_PROVIDER_ERROR_LENGTH)}`, detail.slice(0, 1000));
  }
  if (!code || !state) throw badRequest('Missing code or state');
  const record = await consumeOAuthState(store, state, description.slug);
  if (!record) throw badRequest('Invalid or expired state', 'the state is unknown, spent, older than 10 minutes or issued for another provider');
  // A signed-in browser must be the user who started the flow: otherwise someone could have a
  // victim connect their drive into the starter's account with a crafted consent link.
  const callbackUserId = await findCallbackUserId(ctx);
  if (callbackUserId !== undefined && callbackUserId !== record.userId) {
    throw badRequest('Invalid or expired state', 'the state was issued to a different user than the one calling back');
  }
  const provider = requireConfiguredProvider(ctx, description);
  const tokens = await provider.exchangeCode(code, getRedirectUri(ctx, provider.slug));
  await saveDriveTokens(store, provider.slug, record.userId, tokens);

  const nonce = crypto.randomUUID().replace(/-/g, '');
  const html = renderCallbackPage({
    provider: provider.slug,
    displayName: provider.displayName,
    targetOrigins: getPostMessageTargets(ctx.url, ctx.settings.cors),
    returnTo: resolveReturnTo(record.returnTo, ctx.url, ctx.settings.cors),
    nonce,
  });
  return new Response(html, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': getCallbackPageSecurityPolicy(nonce),
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    },
  });
}
