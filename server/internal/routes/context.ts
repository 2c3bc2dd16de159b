/**
 * What every route function receives. Route functions are small, pure async functions
 * `(ctx) => Promise<Response>`: they throw `UpupError` (with a status) for every failure the
 * client should see, and the router turns anything else into the route's own 500 body. The
 * router adds `x-svc-request-id` and CORS headers to whatever they return, redirects included.
 */
import type { HandlerSettings } from '../settings.js';
import type { RequestTelemetry } from '../telemetry/request-telemetry.js';

export interface RouteContext {
  /** The request exactly as the host passed it (body unread). */
  req: Request;
  /** Parsed `req.url`, mount prefix included. */
  url: URL;
  /** Fresh UUID of this request; also in the `x-svc-request-id` header and every `onError` record. */
  requestId: string;
  /**
   * The mount prefix in front of the route, without a trailing slash (`/api/upload`, or `` at the
   * root). `url.origin + mountPath + '/auth/google-drive/cb'` is an absolute route URL.
   */
  mountPath: string;
  /**
   * The origin browsers use to reach the handler (`https://app.example.com`): `publicUrl`'s,
   * else the forwarded one when `trustProxy` is on, else `url.origin`. Use it, not `url.origin`,
   * for absolute URLs handed to browsers or providers: behind a TLS-terminating proxy `url` is
   * the proxy's internal address.
   */
  publicOrigin: string;
  /** The matched route pattern, e.g. `/presign`, `/auth/:provider/cb`. */
  route: string;
  /** Decoded route parameters, e.g. `{ provider: 'google-drive' }`. */
  params: Readonly<Record<string, string>>;
  /** The validated configuration (`settings.config` is the host's original object). */
  settings: HandlerSettings;
  /**
   * Sends an error that must not change the response (a throwing `onFileUploaded`, a failed
   * clean-up) to `hooks.onError`, tagged with this request id.
   */
  reportSwallowed(error: unknown, from: string): void;
  /** This request's observers (metrics, traces): storage calls and upload outcomes are reported here. */
  telemetry: RequestTelemetry;
}

export type RouteFunction = (ctx: RouteContext) => Promise<Response>;

/** The 500 body a route answers when something it did not anticipate throws. */
export interface RouteFailure {
  message: string;
  code?: string;
}
