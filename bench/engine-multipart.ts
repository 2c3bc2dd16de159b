/**
 * Benchmark: throughput of a multipart upload by the engine (Chromium → handler → storage) next
 * to a raw parallel-PUT loop of the same parts in the same browser, plus the peak JS heap during
 * the engine's upload (sampled over CDP). Run with storage:
 *   node scripts/with-storage.mjs node --import tsx bench/engine-multipart.ts [sizeMiB=256]
 */
import { chromium } from 'playwright';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';
import { formatFigure as format, median, openUploadBenchPage, requireStorage, serveUploadBenchPage } from './support/upload-bench.js';

const SIZE_MIB = Number(process.argv[2] ?? 256);
const CHUNK_MIB = 8;
const CONCURRENCY = 4;
const ROUNDS = 3;
const MIB = 1024 * 1024;

requireStorage('bench/engine-multipart.ts');
const pageServer = await serveUploadBenchPage(new URL('./engine-multipart-page.ts', import.meta.url));

const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: BROWSER_ARGS });
try {
  const { page, heap } = await openUploadBenchPage(browser, pageServer);

  type Page = {
    makeFile(size: number): number;
    runEngine(c: number, m: number): Promise<{ ms: number; state: string }>;
    runRawLoop(c: number, m: number): Promise<{ ms: number; parts: number }>;
  };
  // Warm-up: a fresh Chromium is slow on its first large Blob uploads.
  await page.evaluate(() => (window as unknown as Page).makeFile(32));
  await page.evaluate(([c, m]) => (window as unknown as Page).runRawLoop(c!, m!), [CONCURRENCY, CHUNK_MIB]);
  await page.evaluate(([c, m]) => (window as unknown as Page).runEngine(c!, m!), [CONCURRENCY, CHUNK_MIB]);

  const size = await page.evaluate((mib) => (window as unknown as Page).makeFile(mib), SIZE_MIB);
  await heap.collectGarbage();
  const heapBefore = await heap.used();
  const rates = { engine: [] as number[], raw: [] as number[] };
  let peakHeap = heapBefore;
  for (let round = 0; round < ROUNDS; round += 1) {
    const raw = await page.evaluate(([c, m]) => (window as unknown as Page).runRawLoop(c!, m!), [CONCURRENCY, CHUNK_MIB]);
    rates.raw.push(size / MIB / (raw.ms / 1000));
    const { result: engine, peak } = await heap.peakDuring(
      () => page.evaluate(([c, m]) => (window as unknown as Page).runEngine(c!, m!), [CONCURRENCY, CHUNK_MIB]),
      peakHeap,
    );
    peakHeap = peak;
    if (engine.state !== 'successful') throw new Error(`engine upload ended ${engine.state}`);
    rates.engine.push(size / MIB / (engine.ms / 1000));
  }
  const best = (values: number[]): number => Math.max(...values);
  console.log(`engine multipart benchmark: ${SIZE_MIB} MiB, ${CHUNK_MIB} MiB parts, ${CONCURRENCY} in flight, storage ${process.env.S3_TEST_KIND}`);
  console.log(`  raw parallel PUT loop: ${rates.raw.map(format).join(', ')} MiB/s (median ${format(median(rates.raw))}, best ${format(best(rates.raw))})`);
  console.log(
    `  engine (init, sign, PUT, complete): ${rates.engine.map(format).join(', ')} MiB/s (median ${format(median(rates.engine))}, best ${format(best(rates.engine))})`,
  );
  console.log(
    `  ratio engine / raw: median ${(median(rates.engine) / median(rates.raw)).toFixed(2)}, best ${(best(rates.engine) / best(rates.raw)).toFixed(2)}`,
  );
  console.log(
    `  JS heap: ${format(heapBefore / MIB)} MiB before, peak ${format(peakHeap / MIB)} MiB during the engine upload (+${format((peakHeap - heapBefore) / MIB)} MiB)`,
  );
} finally {
  await browser.close();
  pageServer.close();
}
