/**
 * GET /auth/:provider/cb: spends the state, checks that the browser calling back is the one that
 * started the flow, exchanges the code (with the PKCE verifier) for tokens stored against the user
 * the state names, and answers the page that tells the opener the drive is connected. Every
 * answer clears the binding cookie: the flow is over whatever the outcome.
 */
import { UpupError, UpupErrorCode } from '../../errors.js';
import type { RouteContext } from '../../internal/routes/context.js';
import { toReportedFailure } from '../../internal/reported-failure.js';
import { getCallbackPageSecurityPolicy, renderCallbackPage } from '../callback-page.js';
import { saveSignedInTokens } from '../drive-tokens.js';
import { matchesBinding, toClearBindingCookie } from '../oauth/browser-binding.js';
import { consumeOAuthState } from '../oauth/oauth-state.js';
import { getPublicOrigin } from '../public-origin.js';
import { getPostMessageTargets, resolveReturnTo } from '../return-to.js';
import { getBindingCookieScope, getRedirectUri, toSignInRefusal } from './auth-start.js';
import {
  findCallbackUserId,
  getDriveRouteOptions,
  getUpstreamLimits,
  requireConfiguredProvider,
  requireProviderSlug,
  requireTokenStore,
} from './drive-request.js';
import type { DriveProviderDescription } from '../providers/descriptions.js';

/**
 * The error codes of RFC 6749 (4.1.2.1) and OpenID Connect (3.1.2.6): the only provider text the
 * answer repeats. Anything else the query carries is the sender's text, so it goes to `onError`.
 */
const KNOWN_PROVIDER_ERRORS: ReadonlySet<string> = new Set([
  'access_denied',
  'invalid_request',
  'unauthorized_client',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
  'interaction_required',
  'login_required',
  'account_selection_required',
  'consent_required',
  'invalid_request_uri',
  'invalid_request_object',
  'request_not_supported',
  'request_uri_not_supported',
  'registration_not_supported',
]);
const UNKNOWN_PROVIDER_ERROR = 'unknown_error';
/** The callback's 500 body, as `driveRouteFailures` in ../index.ts gives it. */
const CALLBACK_FAILURE = { message: 'Internal error', code: UpupErrorCode.STORAGE_ERROR };
const OTHER_BROWSER_MESSAGE = 'Sign-in was started in another browser';

/** Why a callback was refused, for the sign-in metrics: its 400s share one status and carry no code. */
type CallbackRefusal = 'provider_error' | 'missing_code' | 'invalid_state' | 'other_browser';
const refusals = new WeakMap<object, CallbackRefusal>();

function badRequest(refusal: CallbackRefusal, message: string, detail?: string): UpupError {
  const error = new UpupError(message, undefined, { status: 400, ...(detail ? { cause: new Error(detail) } : {}) });
  refusals.set(error, refusal);
  return error;
}

function toCallbackRefusal(error: unknown): string {
  return (typeof error === 'object' && error !== null && refusals.get(error)) || toSignInRefusal(error);
}

/**
 * A signed-in browser must be the user who started the flow. With `drives.requireSignedInCallback`
 * it must be signed in at all: the binding cookie alone then no longer decides whose drive this is.
 */
async function assertCallingUser(ctx: RouteContext, startingUserId: string): Promise<void> {
  const callbackUserId = await findCallbackUserId(ctx);
  if (callbackUserId === undefined && getDriveRouteOptions(ctx.settings).requireSignedInCallback) {
    throw new UpupError('Unauthenticated', undefined, {
      status: 401,
      cause: new Error('drives.requireSignedInCallback is on and getUserId named nobody at the callback'),
    });
  }
  if (callbackUserId !== undefined && callbackUserId !== startingUserId) {
    throw badRequest('invalid_state', 'Invalid or expired state', 'the state was issued to a different user than the one calling back');
  }
}

async function completeAuthorization(ctx: RouteContext, description: DriveProviderDescription): Promise<Response> {
  const store = requireTokenStore(ctx, 'tokenStore is required');
  const query = ctx.url.searchParams;
  const code = query.get('code');
  const state = query.get('state');
  const providerError = query.get('error');
  if (providerError !== null) {
    // The flow is over either way: the state must not stay usable.
    if (state) await consumeOAuthState(store, state, description.slug);
    const shown = KNOWN_PROVIDER_ERRORS.has(providerError) ? providerError : UNKNOWN_PROVIDER_ERROR;
    const detail = `error=${providerError.slice(0, 200)} error_description=${(query.get('error_description') ?? '').slice(0, 1000)}`;
    throw badRequest('provider_error', `OAuth error: ${shown}`, detail);
  }
  if (!code || !state) throw badRequest('missing_code', 'Missing code or state');
  const record = await consumeOAuthState(store, state, description.slug);
  if (!record)
    throw badRequest('invalid_state', 'Invalid or expired state', 'the state is unknown, spent, older than 10 minutes or issued for another provider');
  // The consent link may have been forwarded: only the browser that started the flow may finish it.
  if (!(await matchesBinding(ctx.req, getBindingCookieScope(ctx, description.slug), record.browserBindingHash))) {
    throw badRequest('other_browser', OTHER_BROWSER_MESSAGE, 'the callback carries no binding cookie, or one of another flow');
  }
  await assertCallingUser(ctx, record.userId);
  const provider = requireConfiguredProvider(ctx, description);
  const tokens = await provider.exchangeCode(
    { code, redirectUri: getRedirectUri(ctx, provider.slug), codeVerifier: record.codeVerifier },
    getUpstreamLimits(ctx),
  );
  await saveSignedInTokens(store, provider.slug, record.userId, tokens);

  const nonce = crypto.randomUUID().replace(/-/g, '');
  const publicUrl = new URL(getPublicOrigin(ctx));
  const html = renderCallbackPage({
    provider: provider.slug,
    displayName: provider.displayName,
    targetOrigins: getPostMessageTargets(ctx.settings.cors),
    returnTo: resolveReturnTo(record.returnTo, publicUrl, ctx.settings.cors),
    nonce,
    acceptLanguage: ctx.req.headers.get('accept-language'),
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

export async function finishAuthorizationRoute(ctx: RouteContext): Promise<Response> {
  const description = requireProviderSlug(ctx);
  let response: Response;
  try {
    response = await completeAuthorization(ctx, description);
    ctx.telemetry.signIn({ provider: description.slug, outcome: 'finished' });
  } catch (error) {
    ctx.telemetry.signIn({ provider: description.slug, outcome: 'refused', reason: toCallbackRefusal(error) });
    response = toReportedFailure(ctx.settings, ctx, error, CALLBACK_FAILURE);
  }
  response.headers.append('set-cookie', toClearBindingCookie(getBindingCookieScope(ctx, description.slug)));
  return response;
}
