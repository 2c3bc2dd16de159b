/**
 * The cost of being observed: throughput of POST /presign and /multipart/sign-part with metrics
 * (prom-client) and tracing (the OpenTelemetry SDK, spans batched to an exporter that drops them)
 * on, next to the same handler with nothing observing it, one request at a time and 16 at a time.
 * Three ways of observing, each paired with the handler unobserved:
 *
 * - `metrics`: Prometheus metrics only;
 * - `metrics, 1 in 10 traced`: metrics and tracing with the SDK's usual head sampling
 *   (`ParentBased(TraceIdRatioBased(0.1))`) and requests without a `traceparent`, as the engine
 *   sends them by default;
 * - `metrics, every request traced`: every request continues a sampled browser `traceparent`, so
 *   every request records a span (the most a host can ask for).
 *
 * Two modes (`--mode=in-process|http`, both by default): `in process` calls the handler with a
 * `Request`, its own cost and nothing else (the strictest view: a signed part costs under 150 µs
 * there, so a few microseconds of observing are several percent); `HTTP` serves each handler on
 * `node:http` through `toNodeListener`, as hosts run it, with the requests sent from a separate
 * load process, so the CPU measured in this process is the server's.
 *
 * The figure of merit is observed/unobserved throughput; the goal is at least 0.95.
 *
 * With `--breakdown`, two more rows say where the cost of observing lies: an observer that does
 * nothing (the handler's own telemetry plumbing) and tracing 1 in 10 without metrics (the first
 * row is metrics without tracing).
 *
 *   node scripts/build.mjs   # the handler measured is the built one in dist/, as hosts run it
 *   node scripts/with-storage.mjs node --import tsx bench/observability.ts [requests] [rounds] [--mode=…] [--breakdown]
 *
 * Bounded: `requests` per side, scenario and round (default 2000). After a discarded warm-up, each
 * round runs every mode, configuration, route and concurrency paired with the unobserved handler:
 * the pair's requests go in ten blocks alternating between the two handlers (off, on, on, off...),
 * so a garbage collection or a neighbour's burst lands on both sides alike, and each figure is the
 * median over the rounds of the pair's ratio, with its quartiles. The process's CPU time per
 * request is printed too: on a busy machine wall-clock throughput mostly measures the neighbours,
 * while CPU time is what observing costs (storage and, over HTTP, the client run elsewhere).
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
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getTestStorage } from '../test/support/storage.js';
import { importBuiltServer } from './support/built-server.js';
import { startLoadClient } from './support/load-client.js';
import { keepIdleConnections, runBounded, type RunFigures } from './server-handler-support.js';

const { createUploadHandler, createOpenTelemetryTracing, createPrometheusMetrics, toNodeListener } = await importBuiltServer();
type UploadHandler = ReturnType<typeof createUploadHandler>;

const breakdown = process.argv.includes('--breakdown');
const mode = process.argv.find((argument) => argument.startsWith('--mode='))?.slice('--mode='.length) ?? 'both';
if (!['both', 'in-process', 'http'].includes(mode)) throw new Error(`--mode is in-process, http or both, not ${mode}`);
const [requestsArgument, roundsArgument] = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const requests = Number(requestsArgument ?? 2000);
const rounds = Number(roundsArgument ?? 5);
const concurrencies = [1, 16];
const BLOCKS = 10;
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

/** The bodies a route's requests send in turn: the same file to presign, each part of the session to sign. */
function bodiesOf(route: Route, configuration: Configuration): unknown[] {
  if (route === '/presign') return [smallFile];
  const token = sessions.get(configuration)!.token;
  return Array.from({ length: partCount }, (_, index) => ({ token, partNumber: index + 1 }));
}

interface Measured extends RunFigures {
  count: number;
  /** Microseconds of this process's CPU (user and system) per request: the handler's, in either mode. */
  cpuMicros: number;
}

/** Runs `count` requests of one route against one configuration, `concurrency` at a time. */
type Runner = (route: Route, configuration: Configuration, count: number, concurrency: number) => Promise<Measured>;

async function measured(count: number, run: () => Promise<RunFigures>): Promise<Measured> {
  const cpuBefore = process.cpuUsage();
  const figures = await run();
  const cpu = process.cpuUsage(cpuBefore);
  return { ...figures, count, cpuMicros: (cpu.user + cpu.system) / count };
}

/** `handler(new Request(...))` in this process: the handler's own cost and nothing else. */
const inProcess: Runner = (route, configuration, count, concurrency) => {
  const bodies = bodiesOf(route, configuration);
  return measured(count, () => runBounded(count, concurrency, (index) => call(configuration, route, bodies[index % bodies.length])));
};

/**
 * As a host serves it: `node:http` and `toNodeListener` in this process, the requests sent from
 * another one, so this process's CPU is the server's alone.
 */
async function overHttp(): Promise<{ runner: Runner; close: () => Promise<void> }> {
  const ports = new Map<Configuration, number>();
  const servers: Server[] = [];
  for (const configuration of [unobserved, ...observed]) {
    const server = keepIdleConnections(createServer(toNodeListener(configuration.handler)));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    servers.push(server);
    ports.set(configuration, (server.address() as AddressInfo).port);
  }
  const client = startLoadClient();
  const runner: Runner = (route, configuration, count, concurrency) => {
    const run = {
      port: ports.get(configuration)!,
      path: `/api/upload${route}`,
      bodies: bodiesOf(route, configuration),
      headers: configuration.headers,
      count,
      concurrency,
    };
    return measured(count, () => client.run(run));
  };
  const close = async () => {
    client.close();
    await Promise.all(servers.map((server) => new Promise((closed) => server.close(closed))));
  };
  return { runner, close };
}

interface Pair {
  off: Measured;
  on: Measured;
}

/**
 * One pair: `requests` each way, in blocks that alternate between the two handlers (off, on, on,
 * off, ...), so a garbage collection or a neighbour's burst lands on both sides alike.
 */
async function measurePair(runner: Runner, route: Route, configuration: Configuration, concurrency: number): Promise<Pair> {
  const sides = { off: [] as Measured[], on: [] as Measured[] };
  const block = Math.ceil(requests / BLOCKS);
  for (let index = 0; index < BLOCKS; index += 1) {
    const order: (keyof Pair)[] = index % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    for (const side of order) sides[side].push(await runner(route, side === 'off' ? unobserved : configuration, block, concurrency));
  }
  return { off: combine(sides.off), on: combine(sides.on) };
}

/** The blocks of one side as one run: requests over the time they took, CPU per request over all of them. */
function combine(blocks: Measured[]): Measured {
  const count = blocks.reduce((sum, block) => sum + block.count, 0);
  const seconds = blocks.reduce((sum, block) => sum + block.count / block.perSecond, 0);
  return {
    count,
    perSecond: count / seconds,
    p50: quantile(
      blocks.map((block) => block.p50),
      0.5,
    ),
    p99: quantile(
      blocks.map((block) => block.p99),
      0.5,
    ),
    cpuMicros: blocks.reduce((sum, block) => sum + block.cpuMicros * block.count, 0) / count,
  };
}

const modes: { label: string; runner: Runner; close?: () => Promise<void> }[] = [];
if (mode !== 'http') modes.push({ label: 'in process', runner: inProcess });
if (mode !== 'in-process') {
  const http = await overHttp();
  modes.push({ label: 'HTTP', runner: http.runner, close: http.close });
}

const pairs = new Map<string, Pair[]>();
const keyOf = (mode: string, configuration: Configuration, route: Route, concurrency: number) => `${mode} ${configuration.label} ${route} ×${concurrency}`;
for (const { runner } of modes) {
  for (const concurrency of concurrencies) {
    for (const route of routes) {
      for (const configuration of [unobserved, ...observed]) await runner(route, configuration, Math.min(500, requests), concurrency);
    }
  }
}
for (let round = 0; round < rounds; round += 1) {
  for (const { label, runner } of modes) {
    for (const configuration of observed) {
      for (const concurrency of concurrencies) {
        for (const route of routes) {
          const key = keyOf(label, configuration, route, concurrency);
          pairs.set(key, [...(pairs.get(key) ?? []), await measurePair(runner, route, configuration, concurrency)]);
        }
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
  `${'mode'.padEnd(10)} ${'observing'.padEnd(30)} ${'route'.padEnd(21)} concurrency   off req/s    on req/s   on/off req/s          p99 off ms   p99 on ms   cpu off µs   cpu on µs   off/on cpu`,
);
for (const { label } of modes) {
  for (const configuration of observed) {
    for (const route of routes) {
      for (const concurrency of concurrencies) {
        const rows = pairs.get(keyOf(label, configuration, route, concurrency))!;
        const median = (figure: (pair: Pair) => number, digits: number, width: number) => quantile(rows.map(figure), 0.5).toFixed(digits).padStart(width);
        console.log(
          [
            label.padEnd(10),
            configuration.label.padEnd(30),
            route.padEnd(21),
            String(concurrency).padStart(11),
            median((pair) => pair.off.perSecond, 0, 11),
            median((pair) => pair.on.perSecond, 0, 11),
            spread(rows.map((pair) => pair.on.perSecond / pair.off.perSecond)).padStart(22),
            median((pair) => pair.off.p99, 2, 11),
            median((pair) => pair.on.p99, 2, 11),
            median((pair) => pair.off.cpuMicros, 0, 12),
            median((pair) => pair.on.cpuMicros, 0, 11),
            spread(rows.map((pair) => pair.off.cpuMicros / pair.on.cpuMicros)).padStart(22),
          ].join(' '),
        );
      }
    }
  }
}

for (const session of sessions.values()) {
  await storage.client.send(new AbortMultipartUploadCommand({ Bucket: storage.bucket, Key: session.key as string, UploadId: session.uploadId as string }));
}
await Promise.all(modes.map((mode) => mode.close?.()));
await Promise.all(providers.map((provider) => provider.shutdown()));
