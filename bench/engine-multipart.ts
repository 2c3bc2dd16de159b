/**
 * Benchmark: throughput of a multipart upload by the engine (Chromium → handler → storage) next
 * to a raw parallel-PUT loop of the same parts in the same browser, plus the peak JS heap during
 * the engine's upload (sampled over CDP). Run with storage:
 *   node scripts/with-storage.mjs node --import tsx bench/engine-multipart.ts [sizeMiB=256]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { toNodeHandler } from 'srvx/node';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';
import { createUploadHandler } from '../server/index.js';

const SIZE_MIB = Number(process.argv[2] ?? 256);
const CHUNK_MIB = 8;
const CONCURRENCY = 4;
const ROUNDS = 3;
const MIB = 1024 * 1024;

if (!process.env.S3_TEST_ENDPOINT) {
  console.error('Run through storage: node scripts/with-storage.mjs node --import tsx bench/engine-multipart.ts');
  process.exit(2);
}

const handler = toNodeHandler(createUploadHandler({
  storage: {
    type: 's3',
    bucket: process.env.S3_TEST_BUCKET!,
    region: process.env.S3_TEST_REGION!,
    endpoint: process.env.S3_TEST_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID!, secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY! },
  },
  uploadTokenSecret: 'benchmark-upload-token-secret',
  allowAnonymousUploads: true,
}));

const bundle = await build({
  entryPoints: [new URL('./engine-multipart-page.ts', import.meta.url).pathname],
  bundle: true,
  format: 'esm',
  write: false,
  external: ['tus-js-client'],
  logLevel: 'silent',
});
const script = bundle.outputFiles[0]!.text;

const server = createServer((request, response) => {
  if (request.url?.startsWith('/api/upload')) {
    void handler(request as never, response as never);
  } else if (request.url === '/bench.js') {
    response.writeHead(200, { 'content-type': 'application/javascript' }).end(script);
  } else {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script type="module" src="/bench.js"></script>');
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: BROWSER_ARGS });
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const heapUsed = async (): Promise<number> => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  };
  page.on('console', (message) => console.log(`  [page] ${message.text()}`));
  await page.goto(origin);
  await page.waitForFunction(() => 'runEngine' in window);

  type Page = { makeFile(size: number): number; runEngine(c: number, m: number): Promise<{ ms: number; state: string }>; runRawLoop(c: number, m: number): Promise<{ ms: number; parts: number }> };
  // Warm-up: a fresh Chromium is slow on its first large Blob uploads.
  await page.evaluate(() => (window as unknown as Page).makeFile(32));
  await page.evaluate(([c, m]) => (window as unknown as Page).runRawLoop(c!, m!), [CONCURRENCY, CHUNK_MIB]);
  await page.evaluate(([c, m]) => (window as unknown as Page).runEngine(c!, m!), [CONCURRENCY, CHUNK_MIB]);

  const size = await page.evaluate((mib) => (window as unknown as Page).makeFile(mib), SIZE_MIB);
  await cdp.send('HeapProfiler.collectGarbage');
  const heapBefore = await heapUsed();
  const rates = { engine: [] as number[], raw: [] as number[] };
  let peakHeap = heapBefore;
  for (let round = 0; round < ROUNDS; round += 1) {
    const raw = await page.evaluate(([c, m]) => (window as unknown as Page).runRawLoop(c!, m!), [CONCURRENCY, CHUNK_MIB]);
    rates.raw.push(size / MIB / (raw.ms / 1000));
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peakHeap = Math.max(peakHeap, await heapUsed());
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const engine = await page.evaluate(([c, m]) => (window as unknown as Page).runEngine(c!, m!), [CONCURRENCY, CHUNK_MIB]);
    sampling = false;
    await sampler;
    if (engine.state !== 'successful') throw new Error(`engine upload ended ${engine.state}`);
    rates.engine.push(size / MIB / (engine.ms / 1000));
  }
  const best = (values: number[]): number => Math.max(...values);
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const format = (value: number): string => value.toFixed(1);
  console.log(`engine multipart benchmark: ${SIZE_MIB} MiB, ${CHUNK_MIB} MiB parts, ${CONCURRENCY} in flight, storage ${process.env.S3_TEST_KIND}`);
  console.log(`  raw parallel PUT loop: ${rates.raw.map(format).join(', ')} MiB/s (median ${format(median(rates.raw))}, best ${format(best(rates.raw))})`);
  console.log(`  engine (init, sign, PUT, complete): ${rates.engine.map(format).join(', ')} MiB/s (median ${format(median(rates.engine))}, best ${format(best(rates.engine))})`);
  console.log(`  ratio engine / raw: median ${(median(rates.engine) / median(rates.raw)).toFixed(2)}, best ${(best(rates.engine) / best(rates.raw)).toFixed(2)}`);
  console.log(`  JS heap: ${format(heapBefore / MIB)} MiB before, peak ${format(peakHeap / MIB)} MiB during the engine upload (+${format((peakHeap - heapBefore) / MIB)} MiB)`);
} finally {
  await browser.close();
  server.close();
}
