/**
 * POST /complete over HTTP (node:http, `toNodeListener`, a keep-alive agent on loopback): requests
 * per second and p50/p99 of first completions (HEAD of the object, the claim, the hooks, the
 * final marker write) and of repeats (answered from the marker), one at a time and 16 at a time,
 * next to the bare storage calls a completion makes (HeadObject, then two conditional PutObjects).
 *
 *   node scripts/with-storage.mjs node --import tsx bench/complete.ts [requests] [rounds]
 *
 * Every upload is presigned and PUT before its round starts, so only the completions are timed.
 * Counts are bounded (`requests` per scenario and round, default 200); figures are medians over
 * the rounds after a warm-up, since the machine is shared.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createUploadHandler } from '../server/index.js';
import { toNodeListener } from '../server/node.js';
import { getTestStorage } from '../test/support/storage.js';
import { closeKeepAlive, medianFigures, postJson, runBounded, type RunFigures } from './server-handler-support.js';

const requests = Number(process.argv[2] ?? 200);
const rounds = Number(process.argv[3] ?? 3);
const concurrencies = [1, 16];
const storage = await getTestStorage();
const handler = createUploadHandler({
  storage: storage.storageConfig(),
  uploadTokenSecret: 'bench-upload-token-secret-000000',
  allowAnonymousUploads: true,
  hooks: { onFileUploaded: () => undefined },
});
const server = createServer(toNodeListener(handler));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
const body = new Uint8Array(1024);

/** `count` single uploads presigned and PUT, ready for /complete. */
async function prepare(count: number): Promise<string[]> {
  const tokens: string[] = [];
  await runBounded(count, 16, async () => {
    const presigned = await postJson(port, '/api/upload/presign', { name: 'bench.bin', type: 'application/octet-stream', size: body.length });
    const put = await fetch(presigned.uploadUrl as string, { method: 'PUT', body, headers: presigned.uploadHeaders as Record<string, string> });
    if (put.status !== 200) throw new Error(`PUT ${put.status}`);
    tokens.push(presigned.completionToken as string);
  });
  return tokens;
}

/** `count` objects stored directly, for the bare row. */
async function prepareBare(count: number): Promise<string[]> {
  const keys: string[] = [];
  await runBounded(count, 16, async () => {
    const key = `bench-bare/${crypto.randomUUID()}`;
    await storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: key, Body: body }));
    keys.push(key);
  });
  return keys;
}

async function bareCalls(key: string): Promise<void> {
  await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key }));
  const claim = await storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: `${key}.marker`, Body: '{}', IfNoneMatch: '*' }));
  await storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: `${key}.marker`, Body: '{"done":1}', IfMatch: claim.ETag!.replace(/"/g, '') }));
}

const figures = new Map<string, RunFigures[]>();
const record = (label: string, result: RunFigures) => figures.set(label, [...(figures.get(label) ?? []), result]);
await runBounded(20, 4, async () => {
  await postJson(port, '/api/upload/complete', { token: (await prepare(1))[0] });
});
for (let round = 0; round < rounds; round += 1) {
  for (const concurrency of concurrencies) {
    const tokens = await prepare(requests);
    let next = 0;
    record(`first|${concurrency}`, await runBounded(requests, concurrency, () => postJson(port, '/api/upload/complete', { token: tokens[next++] })));
    next = 0;
    record(`repeat|${concurrency}`, await runBounded(requests, concurrency, () => postJson(port, '/api/upload/complete', { token: tokens[next++] })));
    const keys = await prepareBare(requests);
    let bareIndex = 0;
    record(`bare|${concurrency}`, await runBounded(requests, concurrency, () => bareCalls(keys[bareIndex++]!)));
  }
}
console.log(`node ${process.version}, ${storage.kind} storage; ${requests} completions per scenario, median of ${rounds} rounds\n`);
console.log('| what | concurrency | req/s | p50 / p99 ms |\n|---|---|---|---|');
for (const [what, title] of [
  ['first', 'first /complete'],
  ['repeat', 'repeated /complete'],
  ['bare', 'bare HeadObject + 2 conditional PutObjects'],
] as const) {
  for (const concurrency of concurrencies) {
    const median = medianFigures(figures.get(`${what}|${concurrency}`)!);
    console.log(`| ${title} | ${concurrency} | ${median.perSecond.toFixed(0)} | ${median.p50.toFixed(2)} / ${median.p99.toFixed(2)} |`);
  }
}
closeKeepAlive();
server.close();
process.exit(0);
