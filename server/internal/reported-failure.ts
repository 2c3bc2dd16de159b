/**
 * The answer to a route that threw, shared by the router and the routes that answer on their own
 * (the OAuth callback page): a route's `UpupError` keeps its status and message, anything else
 * becomes the route's 500 body, and `onError` hears the real cause either way.
 */
import { isUpupError, UpupError } from '../errors.js';
import { reportError } from './error-report.js';
import { toFailureResponse } from './responses.js';
import type { RouteContext, RouteFailure } from './routes/context.js';
import type { HandlerSettings } from './settings.js';

/** Turns any throw into the failure body; the client sees the message, `onError` the cause. */
export function toReportedFailure(
  settings: HandlerSettings,
  ctx: Pick<RouteContext, 'requestId' | 'route' | 'req'>,
  error: unknown,
  fallback: RouteFailure,
  /** Hears the code and cause of the failure answered (the request's telemetry). */
  noteFailure?: (code: string | undefined, error: unknown) => void,
): Response {
  const known = isUpupError(error) && error.status !== undefined && error.status >= 400 && error.status <= 599;
  const failure = known ? error : new UpupError(fallback.message, fallback.code, { status: 500, cause: error });
  const status = failure.status ?? 500;
  reportError(settings.hooks, {
    requestId: ctx.requestId,
    route: ctx.route,
    method: ctx.req.method,
    status,
    ...(failure.code === undefined ? {} : { code: failure.code }),
    message: failure.message,
    error: failure.cause ?? failure,
  });
  noteFailure?.(failure.code, failure.cause ?? failure);
  return toFailureResponse(status, failure.message, failure.code);
}
