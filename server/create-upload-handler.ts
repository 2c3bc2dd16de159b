import { UpupError, UpupErrorCode } from './errors.js';
import { getCorsHeaders, getPreflightHeaders } from './internal/cors.js';
import { attachRequestBodyTimeout } from './internal/request-body.js';
import { REQUEST_ID_HEADER, withResponseHeaders } from './internal/responses.js';
import { toReportedFailure } from './internal/reported-failure.js';
import { createUploadRouter, INTERNAL_ERROR, toEventContext, type RequestState } from './internal/router.js';
import { resolveHandlerSettings } from './internal/settings.js';
import { assertRuntimePermissions } from './internal/runtime-permissions.js';
import { startRequestTelemetry } from './internal/telemetry/request-telemetry.js';
import { endRequestTelemetry } from './internal/telemetry/request-end.js';
import type { UploadHandler, UploadHandlerConfig } from './types.js';

/**
 * Longest request URL routed, as Node's default header limit and common edge runtimes allow.
 * Routing and decoding cost grows with the URL, and no route needs more.
 */
const MAX_REQUEST_URL_LENGTH = 16 * 1024;

function urlTooLong(length: number): UpupError {
  return new UpupError('Request URL too long', UpupErrorCode.BAD_REQUEST, { status: 414, cause: new Error(`URL of ${length} characters`) });
}

/**
 * Creates the upload handler: one function from a Web `Request` to a `Response` that serves every
 * route under any mount prefix. The configuration is checked here, so a mistake fails at start-up
 * with a message naming the option, not on the first upload.
 *
 * @example
 * const handler = createUploadHandler({ storage: { type: 'aws', bucket: 'uploads', region: 'eu-west-1' }, uploadTokenSecret, getUserId });
 * // Any fetch runtime: export default { fetch: handler }
 */
export function createUploadHandler(config: UploadHandlerConfig): UploadHandler {
  const settings = resolveHandlerSettings(config);
  assertRuntimePermissions();
  const app = createUploadRouter(settings);

  const handleUploadRequest = async function handleUploadRequest(req: Request): Promise<Response> {
    const requestId = crypto.randomUUID();
    const corsHeaders = getCorsHeaders(settings.cors, req.headers.get('origin'));
    const telemetry = startRequestTelemetry(settings.observers, req, requestId);
    const state: RequestState = { requestId, mountPath: '', telemetry };
    let response: Response;
    try {
      if (req.url.length > MAX_REQUEST_URL_LENGTH) throw urlTooLong(req.url.length);
      response = await app.request(req, undefined, toEventContext(state));
    } catch (error) {
      response = toReportedFailure(settings, { requestId, route: new URL(req.url).pathname.slice(0, 200), req }, error, INTERNAL_ERROR, (code, cause) => {
        state.failure = { code, error: cause };
      });
    }
    if (telemetry.active) endRequestTelemetry(state, req.method, response.status);
    const preflightHeaders = req.method === 'OPTIONS' ? getPreflightHeaders(settings.cors, corsHeaders) : {};
    return withResponseHeaders(response, { ...corsHeaders, ...preflightHeaders, [REQUEST_ID_HEADER]: requestId });
  };
  attachRequestBodyTimeout(handleUploadRequest, settings.requestBodyTimeoutMs);
  return handleUploadRequest;
}
