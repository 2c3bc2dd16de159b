/**
 * Benchmark: what the Node adapter costs on `/multipart/sign-part`. The same handler answers in
 * process, behind `toNodeListener` (this project's adapter), behind srvx's `toNodeHandler`, and
 * behind a minimal adapter that reads the request body whole and writes the response body whole
 * (no Web streams on either side); next to them the bare presigner behind plain `node:http`.
 * Interleaved rounds after a warm-up; each figure is the median over the rounds.
 *
 *   node scripts/with-storage.mjs node --import tsx bench/node-adapter.ts [requests=1000] [rounds=5]
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AbortMultipartUploadCommand } from '@aws-sdk/client-s3';
import { toNodeHandler } from 'srvx/node';
import { createUploadHandler } from '../server/index.js';
import { toNodeListener } from '../server/node.js';
import { getTestStorage } from '../test/support/storage.js';
import { closeKeepAlive, createBareOperations, medianFigures, postJson, runBounded, startBareServer, type RunFigures } from './server-handler-support.js';

const requests = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 5);
const concurrencies = [1, 16];
const largeFile = { name: 'video.mp4', type: 'video/mp4', size: 64 * 1024 * 1024 };

const storage = await getTestStorage();
const handler = createUploadHandler({ storage: storage.storageConfig(), uploadTokenSecret: 'bench-upload-token-secret-000000', allowAnonymousUploads: true });

/** No streams: the body is read whole into a Buffer and the answer written with one `end()`. */
function wholeBodyListener(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', async () => {
    const answer = await handler(
      new Request(`http://${request.headers.host}${request.url}`, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      }),
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
  });
}

async function listen(listener: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ port: number; close(): void }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => (server.closeAllConnections(), server.close()) };
}

const servers = {
  toNodeListener: await listen(toNodeListener(handler)),
  srvx: await listen(toNodeHandler(handler) as never),
  wholeBody: await listen(wholeBodyListener),
};
const bare = createBareOperations(storage.client, storage.bucket);
const bareServer = await startBareServer(bare);

const init = (await (
  await handler(
    new Request('http://127.0.0.1/api/upload/multipart/init', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(largeFile),
    }),
  )
).json()) as { token: string; partSize: number; key: string; uploadId?: string };
const bareSession = await bare.init(largeFile);
const partNumberOf = (index: number): number => (index % 8) + 1;

const rows: Array<{ label: string; operation: (index: number) => Promise<unknown> }> = [
  {
    label: 'in process',
    operation: async (index) => {
      const response = await handler(
        new Request('http://127.0.0.1/api/upload/multipart/sign-part', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: init.token, partNumber: partNumberOf(index) }),
        }),
      );
      return response.json();
    },
  },
  ...Object.entries(servers).map(([label, server]) => ({
    label: `HTTP, ${label}`,
    operation: (index: number) => postJson(server.port, '/api/upload/multipart/sign-part', { token: init.token, partNumber: partNumberOf(index) }),
  })),
  {
    label: 'HTTP, bare presigner',
    operation: (index: number) =>
      postJson(bareServer.port, '/multipart/sign-part', { ...bareSession, partNumber: partNumberOf(index), contentLength: init.partSize }),
  },
];

const figures = new Map<string, RunFigures[]>();
for (const row of rows) await runBounded(Math.ceil(requests / 5), 16, row.operation);
for (let round = 0; round < rounds; round += 1) {
  for (const row of rows) {
    for (const concurrency of concurrencies) {
      const key = `${row.label}|${concurrency}`;
      figures.set(key, [...(figures.get(key) ?? []), await runBounded(requests, concurrency, row.operation)]);
    }
  }
}

for (const server of Object.values(servers)) server.close();
bareServer.server.closeAllConnections();
bareServer.server.close();
closeKeepAlive();
await handler(
  new Request('http://127.0.0.1/api/upload/multipart/abort', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: init.token }),
  }),
);
await storage.client.send(new AbortMultipartUploadCommand({ Bucket: storage.bucket, Key: bareSession.key, UploadId: bareSession.uploadId }));

console.log(`node ${process.version}, ${storage.kind} storage; /multipart/sign-part, ${requests} requests per row, median of ${rounds} interleaved rounds\n`);
console.log('| path | concurrency | req/s | p50 / p99 ms | / bare presigner |');
console.log('|---|---|---|---|---|');
for (const concurrency of concurrencies) {
  const floor = medianFigures(figures.get(`HTTP, bare presigner|${concurrency}`)!);
  for (const row of rows) {
    const mine = medianFigures(figures.get(`${row.label}|${concurrency}`)!);
    console.log(
      `| ${row.label} | ${concurrency} | ${mine.perSecond.toFixed(0)} | ${mine.p50.toFixed(2)} / ${mine.p99.toFixed(2)} | ${(mine.perSecond / floor.perSecond).toFixed(2)} |`,
    );
  }
}
