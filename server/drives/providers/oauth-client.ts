/**
 * The two ends of an OAuth 2.0 authorization-code flow (RFC 6749): the consent-page URL
 * (section 4.1.1), and the token endpoint's code exchange and refresh (sections 4.1.3 and 6), with
 * the client credentials in the form body, as all four providers accept.
 */
import { createDriveRequestError, createTokenExchangeError, DriveReauthRequiredError } from '../drive-errors.js';
import type { StoredDriveTokens } from '../types.js';
import { toCallSignal, type UpstreamLimits } from '../upstream-limits.js';
import { fetchProvider } from './observed-fetch.js';

export interface OAuthClient {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Sent with refresh requests by providers that want the scope repeated (Microsoft). */
  refreshScope?: string;
}

interface TokenEndpointAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
}

function toStoredTokens(answer: TokenEndpointAnswer, previousRefreshToken?: string): StoredDriveTokens {
  if (typeof answer.access_token !== 'string' || answer.access_token === '') {
    throw new Error('the token endpoint answered without an access_token');
  }
  const tokens: StoredDriveTokens = { accessToken: answer.access_token };
  const refreshToken = typeof answer.refresh_token === 'string' && answer.refresh_token !== '' ? answer.refresh_token : previousRefreshToken;
  if (refreshToken !== undefined) tokens.refreshToken = refreshToken;
  // Some providers send the lifetime as a string; a missing lifetime means "until the provider says 401".
  const lifetimeSeconds = Number(answer.expires_in);
  if (answer.expires_in !== undefined && Number.isFinite(lifetimeSeconds) && lifetimeSeconds > 0) {
    tokens.expiresAt = Date.now() + lifetimeSeconds * 1000;
  }
  return tokens;
}

async function postTokenRequest(client: OAuthClient, fields: Record<string, string>, limits: UpstreamLimits): Promise<Response> {
  const body = new URLSearchParams({ ...fields, client_id: client.clientId, client_secret: client.clientSecret });
  return fetchProvider(
    client.tokenUrl,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body, signal: toCallSignal(limits) },
    limits,
    'token',
  );
}

async function describeRefusal(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  return new Error(`token endpoint answered ${response.status}: ${text.slice(0, 2048)}`);
}

/**
 * The provider's consent page for this client: the standard parameters plus the provider's own
 * (`extraParameters`, e.g. what makes it issue a refresh token).
 */
export function buildAuthorizationUrl(
  authorizeUrl: string,
  client: OAuthClient,
  request: { redirectUri: string; state: string; scope: string; codeChallenge?: string | undefined },
  extraParameters: Record<string, string> = {},
): string {
  const parameters = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    redirect_uri: request.redirectUri,
    scope: request.scope,
    state: request.state,
    ...(request.codeChallenge ? { code_challenge: request.codeChallenge, code_challenge_method: 'S256' } : {}),
    ...extraParameters,
  });
  return `${authorizeUrl}?${parameters}`;
}

/** Trades an authorization code for tokens; any failure is 502 `Token exchange failed`. */
export async function exchangeAuthorizationCode(
  client: OAuthClient,
  request: { code: string; redirectUri: string; codeVerifier: string | undefined },
  limits: UpstreamLimits,
): Promise<StoredDriveTokens> {
  try {
    const fields: Record<string, string> = { grant_type: 'authorization_code', code: request.code, redirect_uri: request.redirectUri };
    if (request.codeVerifier) fields.code_verifier = request.codeVerifier;
    const response = await postTokenRequest(client, fields, limits);
    if (!response.ok) throw await describeRefusal(response);
    return toStoredTokens((await response.json()) as TokenEndpointAnswer);
  } catch (error) {
    throw createTokenExchangeError(error);
  }
}

/**
 * New tokens from a refresh token. A refusal (4xx: revoked, expired, rotated away) means the user
 * must sign in again; an unreachable or failing provider (5xx) is a plain drive failure, so a
 * passing outage does not throw away tokens that still work.
 */
export async function refreshAccessToken(client: OAuthClient, refreshToken: string, limits: UpstreamLimits): Promise<StoredDriveTokens> {
  const fields: Record<string, string> = { grant_type: 'refresh_token', refresh_token: refreshToken };
  if (client.refreshScope) fields.scope = client.refreshScope;
  let response: Response;
  try {
    response = await postTokenRequest(client, fields, limits);
  } catch (error) {
    throw createDriveRequestError(error);
  }
  if (response.status >= 400 && response.status < 500) {
    throw new DriveReauthRequiredError('the provider refused the refresh token', { cause: await describeRefusal(response) });
  }
  if (!response.ok) throw createDriveRequestError(await describeRefusal(response));
  try {
    return toStoredTokens((await response.json()) as TokenEndpointAnswer, refreshToken);
  } catch (error) {
    throw createDriveRequestError(error);
  }
}

/**
 * A token revocation request (RFC 7009 style: the token in a form body). Resolves on 2xx; any
 * other answer or a network failure is a drive failure, which sign-out reports and survives.
 */
export async function postRevocation(url: string, fields: Record<string, string>, limits: UpstreamLimits): Promise<void> {
  let response: Response;
  try {
    response = await fetchProvider(
      url,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields), signal: toCallSignal(limits) },
      limits,
      'revoke',
    );
  } catch (error) {
    throw createDriveRequestError(error);
  }
  if (!response.ok) throw createDriveRequestError(await describeRefusal(response));
  await response.body?.cancel();
}
