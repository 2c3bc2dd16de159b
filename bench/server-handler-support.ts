/**
 * Measuring helpers for bench/server-handler.ts: a bounded run at a fixed concurrency, its
 * percentiles, medians across rounds, a keep-alive HTTP client, and the bare presigner behind a
 * minimal node:http server (the floor for the over-HTTP rows).
 */
import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateMultipartUploadCommand, GetObjectCommand, PutObjectCommand, UploadPartCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

export interface RunFigures {
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** `count` operations, `concurrency` at a time; latency per operation, throughput over the wall time. */
export async function runBounded(count: number, concurrency: number, operation: (index: number) => Promise<unknown>): Promise<RunFigures> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  async function worker(): Promise<void> {
    while (next < count) {
      const index = next;
      next += 1;
      const before = performance.now();
      await operation(index);
      latencies.push(performance.now() - before);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  const elapsed = performance.now() - started;
  latencies.sort((left, right) => left - right);
  return { perSecond: (count / elapsed) * 1000, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each figure is the median of that figure over the rounds. */
export function medianFigures(rounds: RunFigures[]): RunFigures {
  return {
    perSecond: median(rounds.map((round) => round.perSecond)),
    p50: median(rounds.map((round) => round.p50)),
    p99: median(rounds.map((round) => round.p99)),
  };
}

/**
 * Keeps a benchmark server's idle kept-alive connections open for the whole run: a connection can
 * sit out other scenarios' rounds, and past Node's 5 s default the server would close it just as
 * the client reuses it (ECONNRESET).
 */
export function keepIdleConnections(server: Server): Server {
  server.keepAliveTimeout = 10 * 60_000;
  return server;
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

/** POSTs JSON over a kept-alive loopback connection, with any `headers` besides; anything but 200 fails the bench. */
export function postJson(port: number, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: keepAlive,
        headers: { 'content-type': 'application/json', ...headers, 'content-length': Buffer.byteLength(text) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const answer = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200) reject(new Error(`bench request ${path} failed: ${response.statusCode} ${answer}`));
          else resolve(JSON.parse(answer) as Record<string, unknown>);
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(text);
  });
}

export function closeKeepAlive(): void {
  keepAlive.destroy();
}

/** What the bare presigner does for each route: the SDK calls alone, nothing checked. */
export function createBareOperations(client: S3Client, bucket: string) {
  const putHeaders = new Set(['content-type', 'content-length']);
  const partHeaders = new Set(['content-length']);
  return {
    /** The /presign floor: a PUT URL and a download URL, two signatures. */
    async presign(file: { name: string; type: string; size: number }) {
      const key = `anon/${crypto.randomUUID()}/${file.name}`;
      const put = new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: file.type, ContentLength: file.size });
      const uploadUrl = await getSignedUrl(client, put, { expiresIn: 3600, signableHeaders: putHeaders });
      const downloadUrl = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 259_200 });
      return { key, uploadUrl, downloadUrl };
    },
    async init(file: { name: string; type: string }) {
      const key = `anon/${crypto.randomUUID()}/${file.name}`;
      const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: file.type }));
      return { key, uploadId: created.UploadId! };
    },
    async signPart(part: { key: string; uploadId: string; partNumber: number; contentLength: number }) {
      const command = new UploadPartCommand({
        Bucket: bucket,
        Key: part.key,
        UploadId: part.uploadId,
        PartNumber: part.partNumber,
        ContentLength: part.contentLength,
      });
      return { uploadUrl: await getSignedUrl(client, command, { expiresIn: 3600, signableHeaders: partHeaders }) };
    },
  };
}

export type BareOperations = ReturnType<typeof createBareOperations>;

async function readJson(incoming: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

/** The bare presigner on node:http: parse the JSON body, call the SDK, answer JSON. */
export async function startBareServer(bare: BareOperations): Promise<{ server: Server; port: number }> {
  const server = keepIdleConnections(
    createServer((incoming, outgoing) => {
      void (async () => {
        const body = await readJson(incoming);
        let answer: unknown;
        if (incoming.url === '/presign') answer = await bare.presign(body as { name: string; type: string; size: number });
        else if (incoming.url === '/multipart/init') answer = await bare.init(body as { name: string; type: string });
        else answer = await bare.signPart(body as { key: string; uploadId: string; partNumber: number; contentLength: number });
        outgoing.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      })().catch((error: unknown) => outgoing.writeHead(500).end(String(error)));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
