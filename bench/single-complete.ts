/**
 * Benchmark: what `POST /complete` adds to a single small upload (Chromium → handler → storage).
 * The same engine uploads through two handlers on one origin: one with `uploadTokenSecret`, whose
 * /presign answers a `completionToken` (the engine then sends /complete and waits for it), and one
 * without, whose uploads end with the PUT. Rows run interleaved, after a warm-up of each.
 *
 *   node scripts/with-storage.mjs node --import tsx bench/single-complete.ts [sizesKiB=16,256] [rounds=15] [latencyMs=40]
 *
 * `latencyMs` is added by Chromium's network emulation to every request the page makes (the round
 * trip of a far server), while the handler reaches storage directly, as a handler next to its
 * bucket does. Figures are medians; the machine is shared, so they are rough.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

requireStorage('bench/single-complete.ts');
const storage = {
  type: 's3' as const,
  bucket: process.env.S3_TEST_BUCKET!,
  region: process.env.S3_TEST_REGION!,
  endpoint: process.env.S3_TEST_ENDPOINT,
  forcePathStyle: true,
  credentials: { accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID!, secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY! },
};
const handlers = {
  // No uploadTokenSecret: /presign answers no completionToken, so the upload ends with the PUT.
  without: toNodeHandler(createUploadHandler({ storage, allowAnonymousUploads: true })),
  with: toNodeHandler(createUploadHandler({ storage, uploadTokenSecret: 'benchmark-upload-token-secret', allowAnonymousUploads: true })),
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

type BenchPage = { makeFile(sizeKiB: number): number; runEngine(serverUrl: string): Promise<{ ms: number; completeMs: number; state: string }> };
const ROWS = ['without', 'with'] as const;

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
    `single-upload completion benchmark: Chromium adds ${LATENCY_MS} ms to every request, the handler reaches storage (${process.env.S3_TEST_KIND}) directly; ${ROUNDS} interleaved rounds, medians\n`,
  );
  console.log('| file | without /complete ms | with /complete ms | added ms | added / without | /complete request ms |\n|---|---|---|---|---|---|');
  for (const sizeKiB of SIZES_KIB) {
    await page.evaluate((size) => (window as unknown as BenchPage).makeFile(size), sizeKiB);
    const times = { without: [] as number[], with: [] as number[] };
    const completes: number[] = [];
    for (let round = -1; round < ROUNDS; round += 1) {
      // The order turns every round, so neither row always runs on a warmer connection.
      for (const row of round % 2 === 0 ? ROWS : [...ROWS].reverse()) {
        const run = await page.evaluate((url) => (window as unknown as BenchPage).runEngine(url), `/${row}`);
        if (run.state !== 'successful') throw new Error(`${row} upload ended ${run.state}`);
        if (round < 0) continue; // warm-up
        times[row].push(run.ms);
        if (row === 'with') completes.push(run.completeMs);
      }
    }
    const without = median(times.without);
    const withComplete = median(times.with);
    console.log(
      `| ${sizeKiB} KiB | ${format(without)} | ${format(withComplete)} | ${format(withComplete - without)} | ${((withComplete / without - 1) * 100).toFixed(1)}% | ${format(median(completes))} |`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(0);
