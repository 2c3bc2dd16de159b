/**
 * The cost of being observed: throughput of POST /presign and /multipart/sign-part with metrics
 * (prom-client) and tracing (the OpenTelemetry SDK, spans batched to an exporter that drops them)
 * on, next to the same handler with nothing observing it. In process, one request at a time and 16
 * at a time. Three ways of observing, each paired with the handler unobserved:
 *
 * - `metrics`: Prometheus metrics only;
 * - `metrics, 1 in 10 traced`: metrics and tracing with the SDK's usual head sampling
 *   (`ParentBased(TraceIdRatioBased(0.1))`) and requests without a `traceparent`, as the engine
 *   sends them by default;
 * - `metrics, every request traced`: every request continues a sampled browser `traceparent`, so
 *   every request records a span (the most a host can ask for).
 *
 * The figure of merit is observed/unobserved throughput; the goal is at least 0.95.
 *
 * With `--breakdown`, two more rows say where the cost of observing lies: an observer that does
 * nothing (the handler's own telemetry plumbing) and tracing 1 in 10 without metrics (the first
 * row is metrics without tracing).
 *
 *   node scripts/build.mjs   # the handler measured is the built one in dist/, as hosts run it
 *   node scripts/with-storage.mjs node --import tsx bench/observability.ts [requests] [rounds] [--breakdown]
 *
 * Bounded: `requests` per scenario and round (default 2000). After a discarded warm-up, each round
 * runs every configuration, route and concurrency paired with the unobserved handler, back to back
 * (the order alternating between rounds), and each figure is the median over the rounds of the
 * pair's ratio, with its quartiles: pairing cancels the drift of a shared machine, which moves whole
 * rounds by more than observing costs. The process's CPU time per request is printed too: on a
 * busy machine wall-clock throughput mostly measures the neighbours, while CPU time is what
 * observing costs (the requests run in this process, storage elsewhere).
 */
import { AbortMultipartUploadCommand } from '@aws-sdk/client-s3';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { getTestStorage } from '../test/support/storage.js';
import { importBuiltServer } from './support/built-server.js';
import { runBounded, type RunFigures } from './server-handler-support.js';

const { createUploadHandler, createOpenTelemetryTracing, createPrometheusMetrics } = await importBuiltServer();
type UploadHandler = ReturnType<typeof createUploadHandler>;

const breakdown = process.argv.includes('--breakdown');
const [requestsArgument, roundsArgument] = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const requests = Number(requestsArgument ?? 2000);
const rounds = Number(roundsArgument ?? 5);
const concurrencies = [1, 16];
const smallFile = { name: 'photo.jpg', type: 'image/jpeg', size: 2_345_678 };
const largeFile = { name: 'video.mp4', type: 'video/mp4', size: 64 * 1024 * 1024 };
const SAMPLED_BROWSER_TRACE = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

/** Accepts every batch and keeps nothing: the SDK's work is measured, not an exporter's network. */
const droppingExporter: SpanExporter = {
  export: (_spans: ReadableSpan[], done) => done({ code: 0 }),
  shutdown: async () => undefined,
};

const storage = await getTestStorage();
const base = { storage: storage.storageConfig(), uploadTokenSecret: 'bench-upload-token-secret-000000', allowAnonymousUploads: true };
const providers: BasicTracerProvider[] = [];

function tracing(sampler?: Sampler) {
  const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(droppingExporter)], ...(sampler ? { sampler } : {}) });
  providers.push(provider);
  return createOpenTelemetryTracing({ tracer: provider.getTracer('bench') });
}

interface Configuration {
  label: string;
  handler: UploadHandler;
  /** Sent on every request: a sampled browser trace, or none. */
  headers: Record<string, string>;
}

const json = { 'content-type': 'application/json' };
const unobserved: Configuration = { label: 'off', handler: createUploadHandler(base), headers: json };
const observed: Configuration[] = [
  { label: 'metrics', handler: createUploadHandler({ ...base, observers: [createPrometheusMetrics()] }), headers: json },
  {
    label: 'metrics, 1 in 10 traced',
    handler: createUploadHandler({
      ...base,
      observers: [createPrometheusMetrics(), tracing(new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(0.1) }))],
    }),
    headers: json,
  },
  {
    label: 'metrics, every request traced',
    handler: createUploadHandler({ ...base, observers: [createPrometheusMetrics(), tracing()] }),
    headers: { ...json, traceparent: SAMPLED_BROWSER_TRACE },
  },
];
if (breakdown) {
  /** Asked about every request, observes nothing: what the handler's telemetry plumbing costs on its own. */
  const idleObserver = { observeRequest: () => ({}) };
  observed.push(
    { label: 'an observer doing nothing', handler: createUploadHandler({ ...base, observers: [idleObserver] }), headers: json },
    {
      label: '1 in 10 traced, no metrics',
      handler: createUploadHandler({ ...base, observers: [tracing(new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(0.1) }))] }),
      headers: json,
    },
  );
}

async function call(configuration: Configuration, route: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await configuration.handler(
    new Request(`http://127.0.0.1/api/upload${route}`, { method: 'POST', body: JSON.stringify(body), headers: configuration.headers }),
  );
  if (response.status !== 200) throw new Error(`bench request ${route} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const sessions = new Map<Configuration, Record<string, unknown>>();
for (const configuration of [unobserved, ...observed]) sessions.set(configuration, await call(configuration, '/multipart/init', largeFile));
const partCount = Math.ceil(largeFile.size / (sessions.get(unobserved)!.partSize as number));

type Route = '/presign' | '/multipart/sign-part';
const routes: Route[] = ['/presign', '/multipart/sign-part'];

function requestOf(route: Route, configuration: Configuration): (index: number) => Promise<unknown> {
  if (route === '/presign') return () => call(configuration, route, smallFile);
  const token = sessions.get(configuration)!.token;
  return (index) => call(configuration, route, { token, partNumber: (index % partCount) + 1 });
}

interface Measured extends RunFigures {
  /** Microseconds of this process's CPU (user and system) per request. */
  cpuMicros: number;
}

async function runMeasured(count: number, concurrency: number, run: (index: number) => Promise<unknown>): Promise<Measured> {
  const cpuBefore = process.cpuUsage();
  const figures = await runBounded(count, concurrency, run);
  const cpu = process.cpuUsage(cpuBefore);
  return { ...figures, cpuMicros: (cpu.user + cpu.system) / count };
}

interface Pair {
  off: Measured;
  on: Measured;
}

const pairs = new Map<string, Pair[]>();
const keyOf = (configuration: Configuration, route: Route, concurrency: number) => `${configuration.label} ${route} ×${concurrency}`;
for (const concurrency of concurrencies) {
  for (const route of routes) {
    for (const configuration of [unobserved, ...observed]) await runBounded(Math.min(500, requests), concurrency, requestOf(route, configuration));
  }
}
for (let round = 0; round < rounds; round += 1) {
  for (const configuration of observed) {
    for (const concurrency of concurrencies) {
      for (const route of routes) {
        const off = () => runMeasured(requests, concurrency, requestOf(route, unobserved));
        const on = () => runMeasured(requests, concurrency, requestOf(route, configuration));
        const pair: Pair = round % 2 === 0 ? { off: await off(), on: await on() } : { on: await on(), off: await off() };
        const key = keyOf(configuration, route, concurrency);
        pairs.set(key, [...(pairs.get(key) ?? []), pair]);
      }
    }
  }
}

function quantile(values: number[], fraction: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  const at = (sorted.length - 1) * fraction;
  const below = Math.floor(at);
  return sorted[below]! + (sorted[Math.min(below + 1, sorted.length - 1)]! - sorted[below]!) * (at - below);
}

const spread = (values: number[]) => `${quantile(values, 0.5).toFixed(3)} (${quantile(values, 0.25).toFixed(2)}–${quantile(values, 0.75).toFixed(2)})`;
console.log(`observability overhead, ${requests} requests × ${rounds} paired rounds; medians, observed/unobserved ratios with their quartiles`);
console.log(
  `${'observing'.padEnd(30)} ${'route'.padEnd(21)} concurrency   off req/s    on req/s   on/off req/s          p99 off ms   p99 on ms   cpu off µs   cpu on µs   off/on cpu`,
);
for (const configuration of observed) {
  for (const route of routes) {
    for (const concurrency of concurrencies) {
      const rows = pairs.get(keyOf(configuration, route, concurrency))!;
      const median = (figure: (pair: Pair) => number) => quantile(rows.map(figure), 0.5);
      console.log(
        [
          configuration.label.padEnd(30),
          route.padEnd(21),
          String(concurrency).padStart(11),
          median((pair) => pair.off.perSecond)
            .toFixed(0)
            .padStart(11),
          median((pair) => pair.on.perSecond)
            .toFixed(0)
            .padStart(11),
          spread(rows.map((pair) => pair.on.perSecond / pair.off.perSecond)).padStart(22),
          median((pair) => pair.off.p99)
            .toFixed(2)
            .padStart(11),
          median((pair) => pair.on.p99)
            .toFixed(2)
            .padStart(11),
          median((pair) => pair.off.cpuMicros)
            .toFixed(0)
            .padStart(12),
          median((pair) => pair.on.cpuMicros)
            .toFixed(0)
            .padStart(11),
          spread(rows.map((pair) => pair.off.cpuMicros / pair.on.cpuMicros)).padStart(22),
        ].join(' '),
      );
    }
  }
}

for (const session of sessions.values()) {
  await storage.client.send(new AbortMultipartUploadCommand({ Bucket: storage.bucket, Key: session.key as string, UploadId: session.uploadId as string }));
}
await Promise.all(providers.map((provider) => provider.shutdown()));
