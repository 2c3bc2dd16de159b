/**
 * Proof Key for Code Exchange (RFC 7636, method S256): the consent URL carries the SHA-256 of a
 * secret verifier that only the token exchange reveals, so an authorization code injected into
 * another flow (stolen from a log, a referrer, a hostile app) cannot be redeemed there.
 */
import { toBase64Url } from '../../internal/encoding.js';

/** 32 random bytes, base64url: 43 characters, inside RFC 7636's 43-128 range. */
export function createCodeVerifier(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function toCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return toBase64Url(new Uint8Array(digest));
}
