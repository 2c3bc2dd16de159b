/**
 * The cost of being observed: throughput of POST /presign and /multipart/sign-part with metrics
 * (prom-client) and tracing (the OpenTelemetry SDK, every span sampled and batched to an exporter
 * that drops them) on, next to the same handler with nothing observing it. In process, one
 * request at a time and 16 at a time. The figure of merit is on/off throughput; the goal is at
 * least 0.95.
 *
 *   node scripts/build.mjs   # the handler measured is the built one in dist/, as hosts run it
 *   node scripts/with-storage.mjs node --import tsx bench/observability.ts [requests] [rounds]
 *
 * Bounded: `requests` per scenario and round (default 2000). After a discarded warm-up, each round
 * runs every route and concurrency twice, off and on back to back (the order alternating between
 * rounds), and the figure of merit is the median over the rounds of each pair's on/off ratio, with
 * its quartiles: pairing cancels the drift of a shared machine, which moves whole rounds by more
 * than observing costs. The process's CPU time per request is printed too: on a busy machine
 * wall-clock throughput mostly measures the neighbours, while CPU time is what observing costs
 * (the requests run in this process, storage elsewhere).
 */
import { AbortMultipartUploadCommand } from '@aws-sdk/client-s3';
import { BasicTracerProvider, BatchSpanProcessor, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { getTestStorage } from '../test/support/storage.js';
import { importBuiltServer } from './support/built-server.js';
import { runBounded, type RunFigures } from './server-handler-support.js';

const { createUploadHandler, createOpenTelemetryTracing, createPrometheusMetrics } = await importBuiltServer();
type UploadHandler = ReturnType<typeof createUploadHandler>;

const requests = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 5);
const concurrencies = [1, 16];
const smallFile = { name: 'photo.jpg', type: 'image/jpeg', size: 2_345_678 };
const largeFile = { name: 'video.mp4', type: 'video/mp4', size: 64 * 1024 * 1024 };

/** Accepts every batch and keeps nothing: the SDK's work is measured, not an exporter's network. */
const droppingExporter: SpanExporter = {
  export: (_spans: ReadableSpan[], done) => done({ code: 0 }),
  shutdown: async () => undefined,
};

const storage = await getTestStorage();
const base = { storage: storage.storageConfig(), uploadTokenSecret: 'bench-upload-token-secret-000000', allowAnonymousUploads: true };
const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(droppingExporter)] });
const metrics = createPrometheusMetrics();
const handlers: Record<'off' | 'on', UploadHandler> = {
  off: createUploadHandler(base),
  on: createUploadHandler({ ...base, observers: [metrics, createOpenTelemetryTracing({ tracer: provider.getTracer('bench') })] }),
};

async function call(handler: UploadHandler, route: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await handler(
    new Request(`http://127.0.0.1/api/upload${route}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
    }),
  );
  if (response.status !== 200) throw new Error(`bench request ${route} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const sessions = { off: await call(handlers.off, '/multipart/init', largeFile), on: await call(handlers.on, '/multipart/init', largeFile) };
const partCount = Math.ceil(largeFile.size / (sessions.off.partSize as number));

type Mode = 'off' | 'on';
type Route = '/presign' | '/multipart/sign-part';
const routes: Route[] = ['/presign', '/multipart/sign-part'];

function requestOf(route: Route, mode: Mode): (index: number) => Promise<unknown> {
  if (route === '/presign') return () => call(handlers[mode], route, smallFile);
  return (index) => call(handlers[mode], route, { token: sessions[mode].token, partNumber: (index % partCount) + 1 });
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
for (const concurrency of concurrencies) {
  for (const route of routes) for (const mode of ['off', 'on'] as const) await runBounded(Math.min(500, requests), concurrency, requestOf(route, mode));
}
for (let round = 0; round < rounds; round += 1) {
  const order: Mode[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
  for (const concurrency of concurrencies) {
    for (const route of routes) {
      const measured: Partial<Pair> = {};
      for (const mode of order) measured[mode] = await runMeasured(requests, concurrency, requestOf(route, mode));
      const key = `${route} ×${concurrency}`;
      pairs.set(key, [...(pairs.get(key) ?? []), measured as Pair]);
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
console.log(`observability overhead, ${requests} requests × ${rounds} paired rounds; medians, on/off ratios with their quartiles`);
console.log('scenario               concurrency   off req/s   on req/s   on/off req/s          p99 off ms   p99 on ms   cpu off µs   cpu on µs   off/on cpu');
for (const route of routes) {
  for (const concurrency of concurrencies) {
    const rows = pairs.get(`${route} ×${concurrency}`)!;
    const median = (figure: (pair: Pair) => number) => quantile(rows.map(figure), 0.5);
    console.log(
      [
        route.padEnd(22),
        String(concurrency).padStart(11),
        median((pair) => pair.off.perSecond)
          .toFixed(0)
          .padStart(11),
        median((pair) => pair.on.perSecond)
          .toFixed(0)
          .padStart(10),
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

for (const session of Object.values(sessions)) {
  await storage.client.send(new AbortMultipartUploadCommand({ Bucket: storage.bucket, Key: session.key as string, UploadId: session.uploadId as string }));
}
await provider.shutdown();
