/**
 * `returnTo` is fail-closed: it is followed only when it resolves to the handler's own origin or to
 * a concrete entry of `cors.allowedOrigins`. A wildcard authorizes nothing. The URL is resolved
 * first, so protocol-relative (`//evil.test`), backslash (`/\evil.test`), `javascript:` and
 * user-info tricks all end up compared by their real origin.
 */
import type { NormalizedCors } from '../internal/cors.js';

export const MAX_RETURN_TO_LENGTH = 2048;

/** The absolute URL to send the browser to, or `undefined` when `returnTo` is absent or not allowed. */
export function resolveReturnTo(returnTo: string | undefined, requestUrl: URL, cors: NormalizedCors | undefined): string | undefined {
  if (!returnTo || returnTo.length > MAX_RETURN_TO_LENGTH) return undefined;
  let target: URL;
  try {
    target = new URL(returnTo, requestUrl.origin);
  } catch {
    return undefined;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return undefined;
  if (target.username || target.password) return undefined;
  const allowed = target.origin === requestUrl.origin || (cors?.concreteOrigins.has(target.origin) ?? false);
  return allowed ? target.href : undefined;
}

/**
 * Where the callback page may post its message: exactly the concrete allowed origins; `*` only
 * when none is configured (the message then carries only its type and the provider, no token).
 */
export function getPostMessageTargets(cors: NormalizedCors | undefined): string[] {
  const concrete = [...(cors?.concreteOrigins ?? [])];
  return concrete.length === 0 ? ['*'] : concrete;
}
