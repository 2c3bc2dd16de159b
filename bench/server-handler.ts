/**
 * Handler throughput: requests per second and p50/p99 latency of POST /presign,
 * /multipart/init + /multipart/sign-part, and /multipart/sign-part, next to the bare presigner
 * (the AWS SDK's `getSignedUrl`, and `CreateMultipartUpload` for init, with nothing checked), in
 * process and over HTTP (node:http, `toNodeListener`, a keep-alive agent on loopback), one request
 * at a time and 16 at a time.
 *
 *   node scripts/with-storage.mjs node --import tsx bench/server-handler.ts [requests] [rounds]
 *
 * Counts are bounded: `requests` per scenario and round (default 1000; init+sign-part runs a fifth
 * of that, since every init opens a real multipart upload in the test storage, all aborted at the
 * end). After a discarded warm-up, rounds interleave every scenario and each figure is the median
 * over the rounds, because the machine is shared and other load only ever slows a round down.
 * Client and server share the process and its cores, so over-HTTP latency is a full round trip.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AbortMultipartUploadCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { createUploadHandler } from '../server/index.js';
import { toNodeListener } from '../server/node.js';
import { getTestStorage } from '../test/support/storage.js';
import {
  closeKeepAlive,
  createBareOperations,
  keepIdleConnections,
  medianFigures,
  postJson,
  runBounded,
  startBareServer,
  type RunFigures,
} from './server-handler-support.js';

const requests = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 5);
const concurrencies = [1, 16];
const smallFile = { name: 'photo.jpg', type: 'image/jpeg', size: 2_345_678 };
const largeFile = { name: 'video.mp4', type: 'video/mp4', size: 64 * 1024 * 1024 };

const storage = await getTestStorage();
const storageConfig = storage.storageConfig();
const handler = createUploadHandler({ storage: storageConfig, uploadTokenSecret: 'bench-upload-token-secret-000000', allowAnonymousUploads: true });
const ours = keepIdleConnections(createServer(toNodeListener(handler)));
await new Promise<void>((resolve) => ours.listen(0, '127.0.0.1', resolve));
const oursPort = (ours.address() as AddressInfo).port;
const bare = createBareOperations(storage.client, storage.bucket);
const bareServer = await startBareServer(bare);
const opened: { key: string; uploadId: string }[] = [];

async function callInProcess(route: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await handler(
    new Request(`http://127.0.0.1/api/upload${route}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  );
  if (response.status !== 200) throw new Error(`bench request ${route} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}
const callOverHttp = (route: string, body: unknown) => postJson(oursPort, `/api/upload${route}`, body);

type Call = (route: string, body: unknown) => Promise<Record<string, unknown>>;

/** One multipart session of ours, opened once; sign-part rows sign its parts in turn. */
const session = await callInProcess('/multipart/init', largeFile);
opened.push({ key: session.key as string, uploadId: session.uploadId as string });
const partCount = Math.ceil(largeFile.size / (session.partSize as number));
const bareSession = await bare.init(largeFile);
opened.push(bareSession);
const partNumberOf = (index: number) => (index % partCount) + 1;

async function oursInitAndSign(call: Call): Promise<void> {
  const init = await call('/multipart/init', largeFile);
  opened.push({ key: init.key as string, uploadId: init.uploadId as string });
  await call('/multipart/sign-part', { token: init.token, partNumber: 1 });
}

async function bareInitAndSign(call: Call | undefined): Promise<void> {
  const init = call ? ((await call('/multipart/init', largeFile)) as { key: string; uploadId: string }) : await bare.init(largeFile);
  opened.push(init);
  const part = { ...init, partNumber: 1, contentLength: session.partSize as number };
  await (call ? call('/multipart/sign-part', part) : bare.signPart(part));
}

const bareHttp: Call = (route, body) => postJson(bareServer.port, route, body);
const barePart = (index: number) => ({ ...bareSession, partNumber: partNumberOf(index), contentLength: session.partSize as number });

interface Scenario {
  route: string;
  mode: 'in process' | 'HTTP';
  who: 'ours' | 'bare';
  count: number;
  operation: (index: number) => Promise<unknown>;
}

const scenarios: Scenario[] = [];
for (const mode of ['in process', 'HTTP'] as const) {
  const call = mode === 'in process' ? callInProcess : callOverHttp;
  const bareCall = mode === 'in process' ? undefined : bareHttp;
  scenarios.push(
    { route: '/presign', mode, who: 'ours', count: requests, operation: () => call('/presign', smallFile) },
    { route: '/presign', mode, who: 'bare', count: requests, operation: () => (bareCall ? bareCall('/presign', smallFile) : bare.presign(smallFile)) },
    { route: '/multipart/init+sign-part', mode, who: 'ours', count: Math.ceil(requests / 5), operation: () => oursInitAndSign(call) },
    { route: '/multipart/init+sign-part', mode, who: 'bare', count: Math.ceil(requests / 5), operation: () => bareInitAndSign(bareCall) },
    {
      route: '/multipart/sign-part',
      mode,
      who: 'ours',
      count: requests,
      operation: (index) => call('/multipart/sign-part', { token: session.token, partNumber: partNumberOf(index) }),
    },
    {
      route: '/multipart/sign-part',
      mode,
      who: 'bare',
      count: requests,
      operation: (index) => (bareCall ? bareCall('/multipart/sign-part', barePart(index)) : bare.signPart(barePart(index))),
    },
  );
}

const label = (scenario: Scenario, concurrency: number) => `${scenario.route}|${scenario.mode}|${concurrency}|${scenario.who}`;
const figures = new Map<string, RunFigures[]>();
for (const scenario of scenarios) await runBounded(Math.ceil(scenario.count / 5), 16, scenario.operation);
for (let round = 0; round < rounds; round += 1) {
  for (const scenario of scenarios) {
    for (const concurrency of concurrencies) {
      const result = await runBounded(scenario.count, concurrency, scenario.operation);
      const key = label(scenario, concurrency);
      figures.set(key, [...(figures.get(key) ?? []), result]);
    }
  }
}

await runBounded(opened.length, 8, (index) =>
  storage.client.send(new AbortMultipartUploadCommand({ Bucket: storage.bucket, Key: opened[index]!.key, UploadId: opened[index]!.uploadId })),
);
const left = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket }));
ours.closeAllConnections();
ours.close();
bareServer.server.closeAllConnections();
bareServer.server.close();
closeKeepAlive();

const cell = (value: number, digits: number) => value.toFixed(digits);
console.log(
  `node ${process.version}, ${storage.kind} storage; ${requests} requests per scenario (init+sign-part ${Math.ceil(requests / 5)}), median of ${rounds} interleaved rounds after a warm-up\n`,
);
console.log('| route | mode | concurrency | ours req/s | ours p50 / p99 ms | bare req/s | bare p50 / p99 ms | ours / bare |');
console.log('|---|---|---|---|---|---|---|---|');
for (const scenario of scenarios.filter((candidate) => candidate.who === 'ours')) {
  for (const concurrency of concurrencies) {
    const mine = medianFigures(figures.get(label(scenario, concurrency))!);
    const floor = medianFigures(figures.get(label({ ...scenario, who: 'bare' }, concurrency))!);
    console.log(
      `| \`${scenario.route}\` | ${scenario.mode} | ${concurrency} | ${cell(mine.perSecond, 0)} | ${cell(mine.p50, 2)} / ${cell(mine.p99, 2)} | ${cell(floor.perSecond, 0)} | ${cell(floor.p50, 2)} / ${cell(floor.p99, 2)} | ${cell(mine.perSecond / floor.perSecond, 2)} |`,
    );
  }
}
console.log(`\nmultipart uploads opened ${opened.length}, left open after the abort: ${left.Uploads?.length ?? 0}`);
