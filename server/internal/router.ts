/**
 * The h3 app behind the handler. Suffix routing happens first (in `onRequest`, the path is cut to
 * the route part), so h3 matches the same patterns whatever the mount prefix. Every route is
 * wrapped so that it never throws: an `UpupError` with a status becomes `{error, code?}` with
 * that status, anything else the route's own 500 body; either way `onError` gets the real cause.
 */
import { getRouterParams, H3, type H3Event } from 'h3';
import { handleDriveRoute, driveRouteFailures, type DriveRoute } from '../drives/index.js';
import { UpupError } from '../errors.js';
import { assertSameOriginOrTrusted } from './cross-origin-protection.js';
import { reportError } from './error-report.js';
import { INTERNAL_ERROR, toInternalError } from './host-code.js';
import { resolvePublicOrigin } from './request-origin.js';
import { toReportedFailure } from './reported-failure.js';
import { splitRoutePath } from './route-paths.js';
import type { RouteContext, RouteFailure, RouteFunction } from './routes/context.js';
import { completeFailure, completeRoute } from './routes/complete.js';
import { createHealthRoute } from './routes/health.js';
import { multipartAbortFailure, multipartAbortRoute } from './routes/multipart-abort.js';
import { multipartCompleteFailure, multipartCompleteRoute } from './routes/multipart-complete.js';
import { multipartInitFailure, multipartInitRoute } from './routes/multipart-init.js';
import { multipartResumeFailure, multipartResumeRoute } from './routes/multipart-resume.js';
import { multipartSignPartFailure, multipartSignPartRoute } from './routes/multipart-sign-part.js';
import { presignFailure, presignRoute } from './routes/presign.js';
import type { HandlerSettings } from './settings.js';
import type { RequestTelemetry } from './telemetry/request-telemetry.js';

/** Per-request values the handler shell passes into the h3 event context. */
export interface RequestState {
  requestId: string;
  /** Set in `onRequest`, once the route suffix is known. */
  mountPath: string;
  telemetry: RequestTelemetry;
  /** The route pattern for telemetry (`preflight` and `unmatched` for the catch-alls); set when a route runs. */
  route?: string;
  /** The code and real cause of the failure answered, for telemetry. */
  failure?: { code: string | undefined; error: unknown };
}

const REQUEST_STATE = 'svcUploader';
export { INTERNAL_ERROR };
const NOT_FOUND: RouteFailure = { message: 'Not found' };

function stateOf(event: H3Event): RequestState {
  return event.context[REQUEST_STATE] as RequestState;
}

export function toEventContext(state: RequestState): Record<string, unknown> {
  return { [REQUEST_STATE]: state };
}

/** Decoded route parameters; a malformed escape (`%ZZ`) stays as sent rather than failing the request. */
function readRouteParams(event: H3Event): Record<string, string> {
  try {
    return getRouterParams(event, { decode: true });
  } catch {
    return getRouterParams(event);
  }
}

/** `pattern` is undefined for the catch-all routes: records then name the request path. */
function createRouteContext(event: H3Event, settings: HandlerSettings, pattern: string | undefined): RouteContext {
  const state = stateOf(event);
  const req = event.req as Request;
  const url = new URL(req.url);
  const route = pattern ?? url.pathname;
  return {
    req,
    url,
    requestId: state.requestId,
    mountPath: state.mountPath,
    publicOrigin: resolvePublicOrigin(settings, req, url),
    route,
    params: readRouteParams(event),
    settings,
    telemetry: state.telemetry,
    reportSwallowed(error, from) {
      reportError(settings.hooks, {
        requestId: state.requestId,
        route,
        method: req.method,
        status: 200,
        message: `${from} failed`,
        error,
        swallowedFrom: from,
      });
    },
  };
}

/** The global gate; a throwing gate is an unhandled routing error (500 `Internal error`). */
async function passesAuthGate(ctx: RouteContext): Promise<boolean> {
  const gate = ctx.settings.config.auth;
  if (!gate) return true;
  let allowed: boolean;
  try {
    allowed = await gate(ctx.req, { route: ctx.route });
  } catch (error) {
    throw toInternalError(error);
  }
  return allowed === true;
}

function defineRoute(settings: HandlerSettings, pattern: string | undefined, run: RouteFunction, failure: RouteFailure, gated = true) {
  return async function routeHandler(event: H3Event): Promise<Response> {
    const ctx = createRouteContext(event, settings, pattern);
    const state = stateOf(event);
    state.route = pattern ?? (gated ? 'unmatched' : 'preflight');
    try {
      if (gated) assertSameOriginOrTrusted(settings, ctx.req, ctx.url);
      if (gated && !(await passesAuthGate(ctx))) {
        throw new UpupError('Unauthorized', undefined, { status: 401, cause: new Error('the auth gate returned false') });
      }
      return await run(ctx);
    } catch (error) {
      return toReportedFailure(settings, ctx, error, failure, (code, cause) => {
        state.failure = { code, error: cause };
      });
    }
  };
}

function driveRoute(route: DriveRoute): RouteFunction {
  return (ctx) => handleDriveRoute(ctx, route);
}

/** Preflight: 204 and no body; the shell adds the CORS preflight headers to it. */
async function preflightRoute(): Promise<Response> {
  return new Response(null, { status: 204 });
}

async function notFoundRoute(ctx: RouteContext): Promise<Response> {
  throw new UpupError(NOT_FOUND.message, undefined, { status: 404, cause: new Error(`no route for ${ctx.req.method} ${ctx.url.pathname}`) });
}

export function createUploadRouter(settings: HandlerSettings): H3 {
  const app = new H3({
    // Malformed escapes are simply paths that match no route: 404 with our body, not h3's 400.
    allowMalformedURL: true,
    // Failures are reported through hooks.onError (or our own console fallback), never twice.
    silent: true,
    onRequest(event) {
      const split = splitRoutePath(event.url.pathname);
      const state = stateOf(event);
      state.mountPath = split.mountPath;
      event.url.pathname = split.routePath;
    },
  });
  const route = (pattern: string | undefined, run: RouteFunction, failure: RouteFailure) => defineRoute(settings, pattern, run, failure);

  app.options('/**', defineRoute(settings, undefined, preflightRoute, INTERNAL_ERROR, false));
  app.get('/health', defineRoute(settings, '/health', createHealthRoute(settings), INTERNAL_ERROR, false));
  app.post('/presign', route('/presign', presignRoute, presignFailure));
  app.post('/complete', route('/complete', completeRoute, completeFailure));
  app.post('/multipart/init', route('/multipart/init', multipartInitRoute, multipartInitFailure));
  app.post('/multipart/sign-part', route('/multipart/sign-part', multipartSignPartRoute, multipartSignPartFailure));
  app.post('/multipart/complete', route('/multipart/complete', multipartCompleteRoute, multipartCompleteFailure));
  app.post('/multipart/abort', route('/multipart/abort', multipartAbortRoute, multipartAbortFailure));
  // With a window of 0 the resume route does not exist: it answers like any unknown path.
  if (settings.resumeWindowSeconds > 0) {
    app.post('/multipart/resume', route('/multipart/resume', multipartResumeRoute, multipartResumeFailure));
  }
  app.get('/auth/:provider', route('/auth/:provider', driveRoute('auth'), driveRouteFailures.auth));
  app.get('/auth/:provider/cb', route('/auth/:provider/cb', driveRoute('auth-callback'), driveRouteFailures['auth-callback']));
  app.post('/auth/:provider/sign-out', route('/auth/:provider/sign-out', driveRoute('sign-out'), driveRouteFailures['sign-out']));
  app.get('/files/:provider', route('/files/:provider', driveRoute('files'), driveRouteFailures.files));
  app.get('/files/:provider/thumbnail', route('/files/:provider/thumbnail', driveRoute('thumbnail'), driveRouteFailures.thumbnail));
  app.post('/files/:provider/transfer', route('/files/:provider/transfer', driveRoute('transfer'), driveRouteFailures.transfer));
  app.all('/**', defineRoute(settings, undefined, notFoundRoute, NOT_FOUND));
  return app;
}
