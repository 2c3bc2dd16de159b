/**
 * The origin browsers and providers use to reach this handler. The OAuth `redirect_uri`, the
 * binding cookie's `Secure` flag and the callback page's own-origin checks all derive from it, so
 * a handler behind a proxy must agree with the URL the provider redirects to.
 */
import type { RouteContext } from '../internal/routes/context.js';

/** `publicUrl`'s origin, the forwarded origin under `trustProxy`, or the request's own origin. */
export function getPublicOrigin(ctx: RouteContext): string {
  return ctx.publicOrigin;
}
