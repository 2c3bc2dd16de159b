/**
 * Load through HAProxy onto three handler processes (shared Redis, one bucket), then onto one:
 * POST /presign throughput and latency, then complete multipart sessions (init, sign two parts,
 * PUT them to the storage, complete) with every object checked afterwards. Prints requests per
 * second, p50/p99, failures, and each process's resident memory (now and peak).
 *
 *   node scripts/with-storage.mjs node --import tsx bench/scale-out.ts [seconds] [sessions]
 *
 * Loopback only, bounded: each /presign phase runs `seconds` (default 5) with 32 requests in
 * flight; each multipart phase runs `sessions` sessions (default 16), 4 at a time. The load
 * generator shares the machine's cores with the instances, the balancer and the storage.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { HeadObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { startCluster, type Cluster } from '../test/support/scale-out/cluster.js';
import { MOUNT } from '../test/support/scale-out/constants.js';
import { getTestStorage } from '../test/support/storage.js';

const seconds = Number(process.argv[2] ?? 5);
const sessions = Number(process.argv[3] ?? 16);
const PRESIGN_IN_FLIGHT = 32;
const SESSIONS_IN_FLIGHT = 4;
const PART_SIZE = 5 * 1024 * 1024;
const part1 = randomBytes(PART_SIZE);
const part2 = randomBytes(64 * 1024);

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  count: number;
}

function summarise(latencies: number[], failed: number, elapsedMs: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
  return { perSecond: (latencies.length / elapsedMs) * 1000, p50: at(0.5), p99: at(0.99), failed, count: latencies.length };
}

/** Resident memory of a process from /proc, in MiB: now and the peak so far. */
function readMemory(pid: number | undefined): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

function post(cluster: Cluster, path: string, body: unknown, user: string): Promise<Response> {
  return fetch(`${cluster.url}${MOUNT}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', cookie: `session=${user}` },
  });
}

async function presignLoad(cluster: Cluster): Promise<Figures> {
  const latencies: number[] = [];
  let failed = 0;
  const failures = new Map<string, number>();
  const body = { name: 'photo.jpg', type: 'image/jpeg', size: 2_345_678 };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: PRESIGN_IN_FLIGHT }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const response = await post(cluster, '/presign', body, 'bench').catch(() => undefined);
        if (response?.status === 200) latencies.push(performance.now() - sent);
        else {
          failed += 1;
          failures.set(String(response?.status ?? 'network'), (failures.get(String(response?.status ?? 'network')) ?? 0) + 1);
        }
        await response?.arrayBuffer();
      }
    }),
  );
  if (failures.size > 0) console.log('  failures by status:', Object.fromEntries(failures));
  return summarise(latencies, failed, performance.now() - started);
}

async function uploadSession(cluster: Cluster, user: string, index: number): Promise<string> {
  const init = await post(cluster, '/multipart/init', { name: `bench-${index}.bin`, type: 'application/octet-stream', size: PART_SIZE + part2.length }, user);
  if (init.status !== 200) throw new Error(`init ${init.status}`);
  const { token, key } = (await init.json()) as { token: string; key: string };
  const parts = [];
  for (const [partIndex, bytes] of [part1, part2].entries()) {
    const signed = await post(cluster, '/multipart/sign-part', { token, partNumber: partIndex + 1 }, user);
    if (signed.status !== 200) throw new Error(`sign-part ${signed.status}`);
    const { uploadUrl, uploadHeaders } = (await signed.json()) as { uploadUrl: string; uploadHeaders?: Record<string, string> };
    const put = await fetch(uploadUrl, { method: 'PUT', body: bytes, headers: uploadHeaders });
    await put.arrayBuffer();
    if (put.status !== 200) throw new Error(`PUT ${put.status}`);
    parts.push({ partNumber: partIndex + 1, eTag: put.headers.get('etag')! });
  }
  const complete = await post(cluster, '/multipart/complete', { token, parts }, user);
  await complete.arrayBuffer();
  if (complete.status !== 200) throw new Error(`complete ${complete.status}`);
  return key;
}

async function multipartLoad(cluster: Cluster): Promise<Figures & { lost: number }> {
  const storage = await getTestStorage();
  const user = `bench-${randomBytes(4).toString('hex')}`;
  const latencies: number[] = [];
  const keys: string[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SESSIONS_IN_FLIGHT }, async () => {
      while (next < sessions) {
        const index = next++;
        const sent = performance.now();
        try {
          keys.push(await uploadSession(cluster, user, index));
          latencies.push(performance.now() - sent);
        } catch {
          failed += 1;
        }
      }
    }),
  );
  const figures = summarise(latencies, failed, performance.now() - started);
  // Lost: a completed upload whose object is missing or short, or a multipart upload left open.
  let lost = 0;
  for (const key of keys) {
    const head = await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key })).catch(() => undefined);
    if (head?.ContentLength !== PART_SIZE + part2.length) lost += 1;
  }
  const open = await storage.client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: `${user}/` }));
  lost += open.Uploads?.length ?? 0;
  return { ...figures, lost };
}

function printMemory(cluster: Cluster): void {
  for (const instance of cluster.instances) {
    const { rss, peak } = readMemory(instance.pid);
    console.log(`  instance ${instance.name} (pid ${instance.pid}): RSS ${rss.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB`);
  }
  const balancer = readMemory(cluster.loadBalancer.pid);
  console.log(`  haproxy: RSS ${balancer.rss.toFixed(0)} MiB, peak ${balancer.peak.toFixed(0)} MiB`);
}

async function run(label: string, instanceNames: string[]): Promise<void> {
  const cluster = await startCluster({ instanceNames });
  try {
    // Warm-up: connections, JIT, the storage health probe.
    for (let index = 0; index < 200; index += 1)
      await (await post(cluster, '/presign', { name: 'w.jpg', type: 'image/jpeg', size: 10 }, 'bench')).arrayBuffer();
    const presign = await presignLoad(cluster);
    console.log(`\n${label}: POST /presign, ${PRESIGN_IN_FLIGHT} in flight, ${seconds} s`);
    console.log(
      `  ${presign.count} ok, ${presign.failed} failed: ${presign.perSecond.toFixed(0)} req/s, p50 ${presign.p50.toFixed(1)} ms, p99 ${presign.p99.toFixed(1)} ms`,
    );
    const multipart = await multipartLoad(cluster);
    console.log(`${label}: multipart sessions (init, 2 x sign-part + PUT of 5 MiB + 64 KiB, complete), ${SESSIONS_IN_FLIGHT} at a time`);
    console.log(
      `  ${multipart.count} completed, ${multipart.failed} failed, ${multipart.lost} lost: ${multipart.perSecond.toFixed(2)} sessions/s, p50 ${multipart.p50.toFixed(0)} ms, p99 ${multipart.p99.toFixed(0)} ms`,
    );
    printMemory(cluster);
  } finally {
    await cluster.stop();
  }
}

await run('three instances', ['a', 'b', 'c']);
await run('one instance', ['solo']);
