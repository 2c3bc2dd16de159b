/**
 * The cost of being observed: throughput of POST /presign and /multipart/sign-part with metrics
 * (prom-client) and tracing (the OpenTelemetry SDK, every span sampled and batched to an exporter
 * that drops them) on, next to the same handler with nothing observing it. In process, one
 * request at a time and 16 at a time. The figure of merit is on/off throughput; the goal is at
 * least 0.95.
 *
 *   node scripts/with-storage.mjs node --import tsx bench/observability.ts [requests] [rounds]
 *
 * Bounded: `requests` per scenario and round (default 2000). After a discarded warm-up, rounds
 * interleave every scenario and each figure is the median over the rounds, because the machine is
 * shared and other load only ever slows a round down. The process's CPU time per request is
 * printed too: on a busy machine wall-clock throughput mostly measures the neighbours, while CPU
 * time is what observing costs (the requests run in this process, storage elsewhere).
 */
import { AbortMultipartUploadCommand } from '@aws-sdk/client-s3';
import { BasicTracerProvider, BatchSpanProcessor, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { createUploadHandler, type UploadHandler } from '../server/index.js';
import { createOpenTelemetryTracing } from '../server/opentelemetry.js';
import { createPrometheusMetrics } from '../server/prometheus.js';
import { getTestStorage } from '../test/support/storage.js';
import { medianFigures, runBounded, type RunFigures } from './server-handler-support.js';

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

type Scenario = { label: string; run: (index: number) => Promise<unknown> };
const scenarios: Scenario[] = [];
for (const mode of ['off', 'on'] as const) {
  scenarios.push({ label: `/presign ${mode}`, run: () => call(handlers[mode], '/presign', smallFile) });
  scenarios.push({
    label: `/multipart/sign-part ${mode}`,
    run: (index) => call(handlers[mode], '/multipart/sign-part', { token: sessions[mode].token, partNumber: (index % partCount) + 1 }),
  });
}

/** Microseconds of this process's CPU (user and system) per request of one run. */
async function runMeasured(count: number, concurrency: number, run: (index: number) => Promise<unknown>): Promise<RunFigures & { cpuMicros: number }> {
  const cpuBefore = process.cpuUsage();
  const figures = await runBounded(count, concurrency, run);
  const cpu = process.cpuUsage(cpuBefore);
  return { ...figures, cpuMicros: (cpu.user + cpu.system) / count };
}

const results = new Map<string, RunFigures[]>();
const cpuResults = new Map<string, number[]>();
for (const concurrency of concurrencies) for (const scenario of scenarios) await runBounded(Math.min(200, requests), concurrency, scenario.run);
for (let round = 0; round < rounds; round += 1) {
  for (const concurrency of concurrencies) {
    for (const scenario of scenarios) {
      const key = `${scenario.label} ×${concurrency}`;
      const figures = await runMeasured(requests, concurrency, scenario.run);
      results.set(key, [...(results.get(key) ?? []), figures]);
      cpuResults.set(key, [...(cpuResults.get(key) ?? []), figures.cpuMicros]);
    }
  }
}

const figureOf = (key: string) => medianFigures(results.get(key)!);
const cpuOf = (key: string) => [...cpuResults.get(key)!].sort((a, b) => a - b)[Math.floor(cpuResults.get(key)!.length / 2)]!;
console.log(`observability overhead, ${requests} requests × ${rounds} rounds, median per scenario`);
console.log('scenario                         concurrency   off req/s   on req/s   on/off   p99 off ms   p99 on ms   cpu off µs   cpu on µs   off/on cpu');
for (const route of ['/presign', '/multipart/sign-part']) {
  for (const concurrency of concurrencies) {
    const off = figureOf(`${route} off ×${concurrency}`);
    const on = figureOf(`${route} on ×${concurrency}`);
    const cpuOff = cpuOf(`${route} off ×${concurrency}`);
    const cpuOn = cpuOf(`${route} on ×${concurrency}`);
    console.log(
      `${route.padEnd(32)} ${String(concurrency).padStart(11)} ${off.perSecond.toFixed(0).padStart(11)} ${on.perSecond.toFixed(0).padStart(10)} ${(on.perSecond / off.perSecond).toFixed(3).padStart(8)} ${off.p99.toFixed(2).padStart(12)} ${on.p99.toFixed(2).padStart(11)} ${cpuOff.toFixed(0).padStart(12)} ${cpuOn.toFixed(0).padStart(11)} ${(cpuOff / cpuOn).toFixed(3).padStart(12)}`,
    );
  }
}

for (const session of Object.values(sessions)) {
  await storage.client.send(new AbortMultipartUploadCommand({ Bucket: storage.bucket, Key: session.key as string, UploadId: session.uploadId as string }));
}
await provider.shutdown();
