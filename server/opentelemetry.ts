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
import {
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { toObservedMethod } from './internal/telemetry/observed-method.js';
import type {
  HandlerObserver,
  ObservedRequest,
  ProviderCallResult,
  ProviderOperation,
  RequestObserver,
  RequestResult,
  SignInEvent,
  StorageCallResult,
  TransferSlotEvent,
  UploadEvent,
} from './observers.js';

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

/** Ends a storage or provider call's span, failed unless the call came back `ok`. */
function endClientSpan(call: Span, { outcome }: { outcome: string }): void {
  if (outcome !== 'ok') {
    call.setAttribute('error.type', outcome);
    call.setStatus({ code: SpanStatusCode.ERROR });
  }
  call.end();
}

/** One request's server span and the client spans of its storage and provider calls. */
class RequestSpans implements RequestObserver {
  readonly #tracer: Tracer;
  readonly #span: Span;
  readonly #requestId: string;
  /** The request span as a parent, made on the first storage or provider call (most requests make none). */
  #context: Context | undefined;

  constructor(tracer: Tracer, { req, requestId }: ObservedRequest) {
    this.#tracer = tracer;
    this.#requestId = requestId;
    const method = toObservedMethod(req.method);
    this.#span = tracer.startSpan(
      `${method} upload handler`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'svc_uploader.request_id': requestId } },
      extractParent(req),
    );
  }

  storageCall(operation: string): (result: StorageCallResult) => void {
    const call = this.#startClientSpan(`S3.${operation}`, {
      'rpc.system': 'aws-api',
      'rpc.service': 'S3',
      'rpc.method': operation,
      'svc_uploader.request_id': this.#requestId,
    });
    return (result) => endClientSpan(call, result);
  }

  providerCall(provider: string, operation: ProviderOperation): (result: ProviderCallResult) => void {
    const call = this.#startClientSpan(`${provider} ${operation}`, {
      'svc_uploader.drive.provider': provider,
      'svc_uploader.drive.operation': operation,
      'svc_uploader.request_id': this.#requestId,
    });
    return (result) => endClientSpan(call, result);
  }

  signIn({ provider, outcome, reason }: SignInEvent): void {
    if (!this.#span.isRecording()) return;
    const attributes: Attributes = { 'svc_uploader.drive.provider': provider };
    if (reason !== undefined) attributes['svc_uploader.sign_in.reason'] = reason;
    this.#span.addEvent(`sign-in ${outcome}`, attributes);
  }

  transferSlot({ provider, change }: TransferSlotEvent): void {
    if (!this.#span.isRecording()) return;
    this.#span.addEvent(`transfer slot ${change}`, { 'svc_uploader.drive.provider': provider });
  }

  upload({ path, outcome, reason, bytes }: UploadEvent): void {
    // Most requests are not sampled: their events would be built only to be dropped.
    if (!this.#span.isRecording()) return;
    const attributes: Attributes = { 'svc_uploader.upload.path': path };
    if (reason !== undefined) attributes['svc_uploader.upload.reason'] = reason;
    if (bytes !== undefined) attributes['svc_uploader.upload.bytes'] = bytes;
    this.#span.addEvent(`upload ${outcome}`, attributes);
  }

  end({ route, method, status, code }: RequestResult): void {
    const span = this.#span;
    if (!span.isRecording()) {
      span.end();
      return;
    }
    span.updateName(`${method} ${route}`);
    span.setAttribute('http.route', route);
    span.setAttribute('http.response.status_code', status);
    if (code !== undefined) span.setAttribute('svc_uploader.error_code', code);
    // A server span fails on 5xx only; a 4xx is the client's mistake, answered as designed.
    if (status >= 500) {
      span.setAttribute('error.type', String(status));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  }

  #startClientSpan(name: string, attributes: Attributes): Span {
    this.#context ??= trace.setSpan(ROOT_CONTEXT, this.#span);
    return this.#tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, this.#context);
  }
}

export function createOpenTelemetryTracing(options: OpenTelemetryTracingOptions = {}): HandlerObserver {
  const tracer = options.tracer ?? trace.getTracer('svc-uploader');
  return { observeRequest: (request) => new RequestSpans(tracer, request) };
}
