/**
 * `svc-uploader/server/opentelemetry`: a span per request and one per storage call through
 * `@opentelemetry/api`, an optional peer dependency that only hosts importing this entry need.
 * The request span continues the caller's W3C `traceparent` (through the registered propagator,
 * else read here), so a trace follows one upload from the browser through every storage call.
 * Spans are handed the request span explicitly: no context manager is needed, which keeps this
 * working on Workers and Deno as on Node.
 *
 * @example
 * const handler = createUploadHandler({ ...config, observers: [createOpenTelemetryTracing()] });
 */
import { propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Context, type Tracer } from '@opentelemetry/api';
import type { HandlerObserver } from './observers.js';

export interface OpenTelemetryTracingOptions {
  /** Default: `trace.getTracer('svc-uploader')` from the globally registered provider. */
  tracer?: Tracer;
}

/** `version-traceid-parentid-flags`, lower-case hex (W3C Trace Context, level 1). */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const INVALID_TRACE_ID = /^0+$/;

/** The caller's trace as a parent context; a malformed or absent header starts a new trace. */
function readTraceparent(header: string | null): Context {
  if (header === null || header.length > 256) return ROOT_CONTEXT;
  const match = TRACEPARENT.exec(header.trim());
  if (!match || match[1] === 'ff' || INVALID_TRACE_ID.test(match[2]!) || INVALID_TRACE_ID.test(match[3]!)) return ROOT_CONTEXT;
  const traceFlags = Number.parseInt(match[4]!, 16) & TraceFlags.SAMPLED;
  return trace.setSpanContext(ROOT_CONTEXT, { traceId: match[2]!, spanId: match[3]!, traceFlags, isRemote: true });
}

const headerGetter = {
  keys: (headers: Headers) => [...headers.keys()],
  get: (headers: Headers, key: string) => headers.get(key) ?? undefined,
};

function extractParent(req: Request): Context {
  const extracted = propagation.extract(ROOT_CONTEXT, req.headers, headerGetter);
  // Without a registered propagator (the API's default is a no-op) the header is read here.
  return trace.getSpanContext(extracted) ? extracted : readTraceparent(req.headers.get('traceparent'));
}

export function createOpenTelemetryTracing(options: OpenTelemetryTracingOptions = {}): HandlerObserver {
  const tracer = options.tracer ?? trace.getTracer('svc-uploader');
  return {
    observeRequest({ req, requestId }) {
      const span = tracer.startSpan(
        `${req.method} upload handler`,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'svc_uploader.request_id': requestId } },
        extractParent(req),
      );
      const requestContext = trace.setSpan(ROOT_CONTEXT, span);
      return {
        storageCall(operation) {
          const call = tracer.startSpan(
            `S3.${operation}`,
            {
              kind: SpanKind.CLIENT,
              attributes: { 'rpc.system': 'aws-api', 'rpc.service': 'S3', 'rpc.method': operation, 'svc_uploader.request_id': requestId },
            },
            requestContext,
          );
          return ({ outcome }) => {
            if (outcome !== 'ok') {
              call.setAttribute('error.type', outcome);
              call.setStatus({ code: SpanStatusCode.ERROR });
            }
            call.end();
          };
        },
        providerCall(provider, operation) {
          const call = tracer.startSpan(
            `${provider} ${operation}`,
            {
              kind: SpanKind.CLIENT,
              attributes: { 'svc_uploader.drive.provider': provider, 'svc_uploader.drive.operation': operation, 'svc_uploader.request_id': requestId },
            },
            requestContext,
          );
          return ({ outcome }) => {
            if (outcome !== 'ok') {
              call.setAttribute('error.type', outcome);
              call.setStatus({ code: SpanStatusCode.ERROR });
            }
            call.end();
          };
        },
        signIn({ provider, outcome, reason }) {
          span.addEvent(`sign-in ${outcome}`, {
            'svc_uploader.drive.provider': provider,
            ...(reason === undefined ? {} : { 'svc_uploader.sign_in.reason': reason }),
          });
        },
        transferSlot({ provider, change }) {
          span.addEvent(`transfer slot ${change}`, { 'svc_uploader.drive.provider': provider });
        },
        upload({ path, outcome, reason, bytes }) {
          span.addEvent(`upload ${outcome}`, {
            'svc_uploader.upload.path': path,
            ...(reason === undefined ? {} : { 'svc_uploader.upload.reason': reason }),
            ...(bytes === undefined ? {} : { 'svc_uploader.upload.bytes': bytes }),
          });
        },
        end({ route, method, status, code }) {
          span.updateName(`${method} ${route}`);
          span.setAttributes({ 'http.route': route, 'http.response.status_code': status, ...(code === undefined ? {} : { 'svc_uploader.error_code': code }) });
          // A server span fails on 5xx only; a 4xx is the client's mistake, answered as designed.
          if (status >= 500) {
            span.setAttribute('error.type', String(status));
            span.setStatus({ code: SpanStatusCode.ERROR });
          }
          span.end();
        },
      };
    },
  };
}
