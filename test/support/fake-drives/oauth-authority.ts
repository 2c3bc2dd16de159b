/**
 * The OAuth 2.0 side of a fake provider (RFC 6749): consent that approves at once (or refuses on
 * request), single-use codes bound to their redirect URI, expiring access tokens, and refresh
 * tokens that some providers rotate on every use.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface OAuthAuthorityOptions {
  clientId: string;
  clientSecret: string;
  /** The scope string the server must request. */
  scope: string;
  /** Microsoft and Box issue a new refresh token on every refresh and retire the old one. */
  rotatesRefreshTokens: boolean;
  /**
   * Google, Microsoft and Dropbox take PKCE (RFC 7636); these fakes insist on S256 and check the
   * verifier at the exchange. Box documents no code challenge, so its fake ignores one.
   */
  requiresPkce: boolean;
}

interface IssuedCode {
  redirectUri: string;
  used: boolean;
  /** The S256 challenge sent at consent, when PKCE is in use. */
  codeChallenge: string | undefined;
}

function toS256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

interface AccessGrant {
  expiresAt: number;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function oauthError(error: string, description: string, status = 400): Response {
  return json({ error, error_description: description }, status);
}

export class OAuthAuthority {
  /** Lifetime of the next access tokens issued, in seconds. */
  accessTokenLifetimeSeconds = 3600;
  /** When set, the next consent answers this error instead of a code (then resets). */
  refuseNextConsent: string | undefined;
  /** When true, every refresh is refused with `invalid_grant`. */
  refuseRefresh = false;
  /** When set, the token endpoint answers this status to refreshes (an outage). */
  refreshOutageStatus: number | undefined;
  /**
   * When set, refresh answers wait for it after the refresh token has been rotated, as a slow
   * token endpoint would: concurrent refreshes then overlap.
   */
  refreshGate: Promise<void> | undefined;
  /** When set, the revocation endpoint answers this status and revokes nothing (an outage). */
  revokeOutageStatus: number | undefined;
  /** Every token presented to the revocation endpoint, in order. */
  readonly revokedTokens: string[] = [];
  readonly consentRequests: URLSearchParams[] = [];
  exchanges = 0;
  refreshes = 0;

  readonly #codes = new Map<string, IssuedCode>();
  readonly #accessTokens = new Map<string, AccessGrant>();
  readonly #refreshTokens = new Set<string>();

  constructor(readonly options: OAuthAuthorityOptions) {}

  /** The consent page: approves at once and redirects back with a code (or the requested error). */
  authorize(url: URL): Response {
    const params = url.searchParams;
    this.consentRequests.push(params);
    const redirectUri = params.get('redirect_uri');
    if (params.get('client_id') !== this.options.clientId || !redirectUri) return new Response('unknown client or redirect_uri', { status: 400 });
    if (params.get('response_type') !== 'code') return new Response('response_type must be code', { status: 400 });
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (state !== null) back.searchParams.set('state', state);
    if (this.refuseNextConsent) {
      back.searchParams.set('error', this.refuseNextConsent);
      this.refuseNextConsent = undefined;
    } else if (params.get('scope') !== this.options.scope) {
      back.searchParams.set('error', 'invalid_scope');
    } else if (
      this.options.requiresPkce &&
      (params.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(params.get('code_challenge') ?? ''))
    ) {
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', 'code_challenge with code_challenge_method S256 is required');
    } else {
      const code = randomBytes(12).toString('hex');
      const codeChallenge = this.options.requiresPkce ? params.get('code_challenge')! : undefined;
      this.#codes.set(code, { redirectUri, used: false, codeChallenge });
      back.searchParams.set('code', code);
    }
    return new Response(null, { status: 302, headers: { location: back.href } });
  }

  #clientMatches(request: Request, form: URLSearchParams): boolean {
    const basic = request.headers.get('authorization');
    if (basic?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(basic.slice(6), 'base64').toString().split(':');
      return id === this.options.clientId && secret === this.options.clientSecret;
    }
    return form.get('client_id') === this.options.clientId && form.get('client_secret') === this.options.clientSecret;
  }

  #issue(refreshToken: string | undefined, extra: Record<string, unknown>): Response {
    const accessToken = `at-${randomBytes(12).toString('hex')}`;
    this.#accessTokens.set(accessToken, { expiresAt: Date.now() + this.accessTokenLifetimeSeconds * 1000 });
    const body: Record<string, unknown> = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.accessTokenLifetimeSeconds,
      scope: this.options.scope,
      ...extra,
    };
    if (refreshToken) body.refresh_token = refreshToken;
    return json(body);
  }

  #newRefreshToken(): string {
    const token = `rt-${randomBytes(12).toString('hex')}`;
    this.#refreshTokens.add(token);
    return token;
  }

  /** The token endpoint: `authorization_code` and `refresh_token` grants. */
  async token(request: Request, extra: Record<string, unknown> = {}): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    if (!this.#clientMatches(request, form)) return oauthError('invalid_client', 'client authentication failed', 401);
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const issued = this.#codes.get(form.get('code') ?? '');
      if (!issued || issued.used) return oauthError('invalid_grant', 'unknown or used code');
      issued.used = true;
      // RFC 6749 4.1.3: the redirect_uri must be identical to the one of the authorization request.
      if (form.get('redirect_uri') !== issued.redirectUri) return oauthError('invalid_grant', 'redirect_uri mismatch');
      // RFC 7636 4.6: the verifier must hash to the challenge the consent request carried.
      if (issued.codeChallenge !== undefined && toS256Challenge(form.get('code_verifier') ?? '') !== issued.codeChallenge) {
        return oauthError('invalid_grant', 'code_verifier does not match the code_challenge');
      }
      this.exchanges += 1;
      return this.#issue(this.#newRefreshToken(), extra);
    }
    if (grant === 'refresh_token') {
      this.refreshes += 1;
      if (this.refreshOutageStatus) return new Response('temporarily unavailable', { status: this.refreshOutageStatus });
      const presented = form.get('refresh_token') ?? '';
      if (this.refuseRefresh || !this.#refreshTokens.has(presented)) return oauthError('invalid_grant', 'refresh token revoked or unknown');
      if (!this.options.rotatesRefreshTokens) return this.#issue(undefined, extra);
      this.#refreshTokens.delete(presented);
      const renewed = this.#newRefreshToken();
      await this.refreshGate;
      return this.#issue(renewed, extra);
    }
    return oauthError('unsupported_grant_type', `grant_type ${grant ?? '(none)'}`);
  }

  /** True when the request carries a live bearer token. */
  isAuthorized(request: Request): boolean {
    const header = request.headers.get('authorization') ?? '';
    if (!header.startsWith('Bearer ')) return false;
    const grant = this.#accessTokens.get(header.slice(7));
    return grant !== undefined && grant.expiresAt > Date.now();
  }

  /** True while the refresh token can still be used. */
  isRefreshTokenLive(token: string): boolean {
    return this.#refreshTokens.has(token);
  }

  /**
   * One token presented for revocation. Revoking either token of a grant ends the grant, as the
   * providers document; a fake issues one grant per test user, so that is every token it issued.
   */
  revoke(token: string): Response {
    this.revokedTokens.push(token);
    if (this.revokeOutageStatus) return new Response('temporarily unavailable', { status: this.revokeOutageStatus });
    const known = this.#accessTokens.has(token) || this.#refreshTokens.has(token);
    if (!known) return oauthError('invalid_token', 'token unknown or already revoked');
    this.revokeAll();
    return new Response(null, { status: 200 });
  }

  /** Revocation by form body (`token=...`), with the client credentials where the provider wants them. */
  async revokeFromForm(request: Request, requireClient: boolean): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    if (requireClient && !this.#clientMatches(request, form)) return oauthError('invalid_client', 'client authentication failed', 401);
    return this.revoke(form.get('token') ?? '');
  }

  /** The bearer token of a request, or '' without one. */
  bearerOf(request: Request): string {
    const header = request.headers.get('authorization') ?? '';
    return header.startsWith('Bearer ') ? header.slice(7) : '';
  }

  /** The user revoked the app: every token stops working. */
  revokeAll(): void {
    this.#accessTokens.clear();
    this.#refreshTokens.clear();
  }

  /** Tokens issued so far expire now, as if time had passed (refresh tokens stay valid). */
  expireAccessTokens(): void {
    for (const grant of this.#accessTokens.values()) grant.expiresAt = 0;
  }
}
