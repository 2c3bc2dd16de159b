/**
 * `svc-uploader/server/prometheus`: the handler's metrics in a prom-client registry. Its own entry
 * point, so prom-client (a Node library) loads only in hosts that import it; the handler itself
 * never does, and keeps running on Workers, Deno and Bun without it.
 *
 * @example
 * const metrics = createPrometheusMetrics({ authorize: (req) => req.headers.get('authorization') === `Bearer ${process.env.METRICS_TOKEN}` });
 * const handler = createUploadHandler({ ...config, observers: [metrics] });
 * // Mount metrics.serve where Prometheus scrapes it (GET /metrics), or serve metrics.registry yourself.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { HandlerObserver, RequestObserver } from './observers.js';

export interface PrometheusMetricsOptions {
  /** Where the metrics are registered; default a new registry. Handlers sharing one share its series. */
  registry?: Registry;
  /** Metric name prefix; default `svc_uploader_`. */
  prefix?: string;
  /** Upper bounds (seconds) of the latency histograms' buckets. */
  latencyBuckets?: readonly number[];
  /** Checked by `serve` on every scrape; `false` answers 401. Without it `serve` answers everyone. */
  authorize?: (req: Request) => boolean | Promise<boolean>;
}

export interface PrometheusMetrics extends HandlerObserver {
  readonly registry: Registry;
  /** Answers a scrape with the registry in the Prometheus text format, after `authorize`. */
  serve(req: Request): Promise<Response>;
}

/** From 5 ms (a presign) to 60 s (a large multipart completion or drive transfer). */
const DEFAULT_LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

function counter<T extends string>(registry: Registry, name: string, help: string, labelNames: readonly T[]): Counter<T> {
  const existing = registry.getSingleMetric(name);
  return (existing as Counter<T> | undefined) ?? new Counter({ name, help, labelNames, registers: [registry] });
}

function gauge<T extends string>(registry: Registry, name: string, help: string, labelNames: readonly T[]): Gauge<T> {
  const existing = registry.getSingleMetric(name);
  return (existing as Gauge<T> | undefined) ?? new Gauge({ name, help, labelNames, registers: [registry] });
}

function histogram<T extends string>(registry: Registry, name: string, help: string, labelNames: readonly T[], buckets: readonly number[]): Histogram<T> {
  const existing = registry.getSingleMetric(name);
  return (existing as Histogram<T> | undefined) ?? new Histogram({ name, help, labelNames, buckets: [...buckets], registers: [registry] });
}

export function createPrometheusMetrics(options: PrometheusMetricsOptions = {}): PrometheusMetrics {
  const registry = options.registry ?? new Registry();
  const prefix = options.prefix ?? 'svc_uploader_';
  const buckets = options.latencyBuckets ?? DEFAULT_LATENCY_BUCKETS;
  const requests = counter(registry, `${prefix}requests_total`, 'Requests answered, by route pattern, method and status.', ['route', 'method', 'status']);
  const requestSeconds = histogram(registry, `${prefix}request_duration_seconds`, 'Time to answer a request, by route pattern.', ['route', 'method'], buckets);
  const uploads = counter(
    registry,
    `${prefix}uploads_total`,
    'Uploads started, completed, refused (reason: the code the client saw) and aborted, by path (single, multipart, drive-transfer).',
    ['path', 'outcome', 'reason'],
  );
  const committedBytes = counter(registry, `${prefix}committed_bytes_total`, 'Bytes of the uploads that completed, by path.', ['path']);
  const storageCalls = counter(registry, `${prefix}storage_calls_total`, 'S3 calls, by operation and outcome (ok or the error code).', [
    'operation',
    'outcome',
  ]);
  const storageSeconds = histogram(registry, `${prefix}storage_call_duration_seconds`, 'Time of an S3 call, by operation.', ['operation'], buckets);
  const providerCalls = counter(
    registry,
    `${prefix}drive_provider_calls_total`,
    'Drive provider calls, by provider, operation (token, api, download, revoke) and outcome (ok, http_<status>, timeout, aborted, network_error).',
    ['provider', 'operation', 'outcome'],
  );
  const providerSeconds = histogram(
    registry,
    `${prefix}drive_provider_call_duration_seconds`,
    "Time to a drive provider's answer headers, by provider and operation.",
    ['provider', 'operation'],
    buckets,
  );
  const signIns = counter(
    registry,
    `${prefix}drive_sign_ins_total`,
    'Drive sign-ins started (consent redirect), finished (tokens stored) and refused (reason), by provider.',
    ['provider', 'outcome', 'reason'],
  );
  const transfersInFlight = gauge(registry, `${prefix}drive_transfers_in_flight`, 'Drive transfers running now, by provider.', ['provider']);
  const transfersRefused = counter(
    registry,
    `${prefix}drive_transfers_refused_total`,
    'Drive transfers refused because every transfer slot was taken (503 TRANSFER_BUSY), by provider.',
    ['provider'],
  );

  const requestObserver: RequestObserver = {
    storageCall(operation) {
      return ({ outcome, durationMs }) => {
        storageCalls.inc({ operation, outcome });
        storageSeconds.observe({ operation }, durationMs / 1000);
      };
    },
    providerCall(provider, operation) {
      return ({ outcome, durationMs }) => {
        providerCalls.inc({ provider, operation, outcome });
        providerSeconds.observe({ provider, operation }, durationMs / 1000);
      };
    },
    signIn({ provider, outcome, reason }) {
      signIns.inc({ provider, outcome, reason: reason ?? '' });
    },
    transferSlot({ provider, change }) {
      if (change === 'taken') transfersInFlight.inc({ provider });
      else if (change === 'released') transfersInFlight.dec({ provider });
      else transfersRefused.inc({ provider });
    },
    upload({ path, outcome, reason, bytes }) {
      uploads.inc({ path, outcome, reason: reason ?? '' });
      if (outcome === 'completed' && bytes !== undefined && bytes > 0) committedBytes.inc({ path }, bytes);
    },
    end({ route, method, status, durationMs }) {
      requests.inc({ route, method, status: String(status) });
      requestSeconds.observe({ route, method }, durationMs / 1000);
    },
  };

  return {
    registry,
    // One stateless observer serves every request: the counters are the state.
    observeRequest: () => requestObserver,
    async serve(req) {
      if (options.authorize && (await options.authorize(req)) !== true) {
        return new Response('Unauthorized\n', { status: 401, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      }
      return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType } });
    },
  };
}
