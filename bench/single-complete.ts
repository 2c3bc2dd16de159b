/**
 * Benchmark: what confirming a single small upload (`POST /complete`) costs the page
 * (Chromium → handler → storage). The same engine uploads through three handlers on one origin:
 *
 * - `none`: no `uploadTokenSecret`, so /presign answers no completion token and nothing is
 *   confirmed (the upload ends with the PUT; no hook hears of it);
 * - `awaited`: `completion: {confirmInBackground: false}`, so the engine waits for /complete
 *   before the file counts (what every handler with a `verifyUpload` hook gets);
 * - `background`: the default handler without `verifyUpload`: /presign answers
 *   `completionMode: 'background'`, the file counts at its PUT and /complete is sent behind it.
 *
 * Each size runs as one file and as a batch of `batch` files in one `start()` (the engine's
 * default concurrency), rows interleaved with a turning order, after a warm-up of each. Every run
 * waits, outside the measured time, until its background confirmations were answered.
 *
 *   node scripts/with-storage.mjs node --import tsx bench/single-complete.ts [sizesKiB=16,256] [rounds=15] [latencyMs=40] [batch=8]
 *
 * `latencyMs` is added by Chromium's network emulation to every request the page makes (the round
 * trip of a far server), while the handler reaches storage directly, as a handler next to its
 * bucket does. Figures are medians with the spread (first and third quartile); the machine is
 * shared, so they are rough.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { toNodeHandler } from 'srvx/node';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';
import { createUploadHandler } from '../server/index.js';
import { formatFigure as format, median, requireStorage } from './support/upload-bench.js';

const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const SIZES_KIB = (positional[0] ?? '16,256').split(',').map(Number);
const ROUNDS = Number(positional[1] ?? 15);
const LATENCY_MS = Number(positional[2] ?? 40);
const BATCH = Number(positional[3] ?? 8);

requireStorage('bench/single-complete.ts');
const storage = {
  type: 's3' as const,
  bucket: process.env.S3_TEST_BUCKET!,
  region: process.env.S3_TEST_REGION!,
  endpoint: process.env.S3_TEST_ENDPOINT,
  forcePathStyle: true,
  credentials: { accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID!, secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY! },
};
const secret = 'benchmark-upload-token-secret';
const ROWS = ['none', 'awaited', 'background'] as const;
type RowName = (typeof ROWS)[number];
const handlers: Record<RowName, ReturnType<typeof toNodeHandler>> = {
  none: toNodeHandler(createUploadHandler({ storage, allowAnonymousUploads: true })),
  awaited: toNodeHandler(createUploadHandler({ storage, uploadTokenSecret: secret, allowAnonymousUploads: true, completion: { confirmInBackground: false } })),
  background: toNodeHandler(createUploadHandler({ storage, uploadTokenSecret: secret, allowAnonymousUploads: true })),
};
const bundle = await build({
  entryPoints: [new URL('./single-complete-page.ts', import.meta.url).pathname],
  bundle: true,
  format: 'esm',
  minify: true,
  write: false,
  logLevel: 'silent',
});
const script = bundle.outputFiles[0]!.text;
const server = createServer((request, response) => {
  const url = request.url ?? '';
  for (const [name, handler] of Object.entries(handlers)) {
    if (url.startsWith(`/${name}/`)) return void handler(request as never, response as never);
  }
  if (url === '/bench.js') response.writeHead(200, { 'content-type': 'application/javascript' }).end(script);
  else response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script type="module" src="/bench.js"></script>');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

interface Run {
  ms: number;
  states: string[];
}
type BenchPage = { makeFiles(sizeKiB: number, count: number): number; runEngine(serverUrl: string): Promise<Run> };

/** `p`-th quantile (0..1) of `values`, by linear interpolation. */
function quantile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low);
}

const spread = (values: number[]) => `${format(quantile(values, 0.25))}–${format(quantile(values, 0.75))}`;
const ratio = (value: number, base: number) => `${value >= base ? '+' : ''}${((value / base - 1) * 100).toFixed(1)}%`;

const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: BROWSER_ARGS });
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.log(`  [page] ${error.message}`));
  await page.goto(origin);
  await page.waitForFunction(() => 'runEngine' in window, undefined, { timeout: 120_000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
  console.log(
    `single-upload completion benchmark: Chromium adds ${LATENCY_MS} ms to every request, the handler reaches storage (${process.env.S3_TEST_KIND}) directly; ${ROUNDS} interleaved rounds, medians (quartiles); load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}\n`,
  );
  console.log(
    '| files | none ms | awaited ms | background ms | awaited / none | background / none | per-round background / none |\n|---|---|---|---|---|---|---|',
  );
  for (const sizeKiB of SIZES_KIB) {
    for (const count of [1, BATCH]) {
      await page.evaluate(([size, files]) => (window as unknown as BenchPage).makeFiles(size, files), [sizeKiB, count] as const);
      const times: Record<RowName, number[]> = { none: [], awaited: [], background: [] };
      for (let round = -1; round < ROUNDS; round += 1) {
        // The order turns every round, so no row always runs on a warmer connection.
        const order = ROWS.map((_, index) => ROWS[(index + Math.max(round, 0)) % ROWS.length]!);
        for (const row of order) {
          const run = await page.evaluate((url) => (window as unknown as BenchPage).runEngine(url), `/${row}`);
          if (run.states.some((state) => state !== 'successful')) throw new Error(`${row} upload ended ${run.states.join(', ')}`);
          if (round < 0) continue; // warm-up
          times[row].push(run.ms);
        }
      }
      const [none, awaited, background] = ROWS.map((row) => median(times[row]));
      // Each round's background run against the unconfirmed run of the same round: the load of
      // the moment weighs on both, so this ratio moves less than the ratio of the medians.
      const paired = times.background.map((ms, round) => ms / times.none[round]!);
      console.log(
        `| ${count} × ${sizeKiB} KiB | ${format(none!)} (${spread(times.none)}) | ${format(awaited!)} (${spread(times.awaited)}) | ${format(background!)} (${spread(times.background)}) | ${ratio(awaited!, none!)} | ${ratio(background!, none!)} | ${ratio(median(paired), 1)} (${ratio(quantile(paired, 0.25), 1)} to ${ratio(quantile(paired, 0.75), 1)}) |`,
      );
    }
  }
  console.log(
    `\nload average at the end ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await browser.close();
  server.close();
}
process.exit(0);
