/**
 * Benchmark: what `checksumVerification` costs a multipart upload (Chromium → handler → storage):
 * throughput with it off, with the per-part Content-MD5 alone, and with the whole option (which
 * also computes the file's SHA-256 before the upload), rounds interleaved; and the peak JS heap
 * during each, for two file sizes, to show the heap follows part size and concurrency, not file
 * size. Run with storage:
 *   node scripts/with-storage.mjs node --import tsx bench/checksum.ts [sizesMiB=128,256]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { toNodeHandler } from 'srvx/node';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';
import { createUploadHandler } from '../server/index.js';
import type { ChecksumMode } from './checksum-page.js';

const SIZES_MIB = (process.argv[2] ?? '128,256').split(',').map(Number);
const CHUNK_MIB = 8;
const CONCURRENCY = 4;
const ROUNDS = 3;
const MODES: ChecksumMode[] = ['off', 'md5-only', 'full'];
const MIB = 1024 * 1024;

if (!process.env.S3_TEST_ENDPOINT) {
  console.error('Run through storage: node scripts/with-storage.mjs node --import tsx bench/checksum.ts');
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
  entryPoints: [new URL('./checksum-page.ts', import.meta.url).pathname],
  bundle: true,
  format: 'esm',
  splitting: true,
  outdir: '/virtual',
  write: false,
  external: ['tus-js-client'],
  logLevel: 'silent',
});
const files = new Map(bundle.outputFiles.map((output) => [`/${output.path.split('/').pop()}`, output.text]));
const entry = [...files.keys()].find((name) => name.startsWith('/checksum-page'))!;

const server = createServer((request, response) => {
  const script = files.get(request.url ?? '');
  if (request.url?.startsWith('/api/upload')) {
    void handler(request as never, response as never);
  } else if (script !== undefined) {
    response.writeHead(200, { 'content-type': 'application/javascript' }).end(script);
  } else {
    response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><script type="module" src="${entry}"></script>`);
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

type Page = { makeFile(size: number): number; runEngine(mode: ChecksumMode, c: number, m: number): Promise<{ ms: number; state: string }> };
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const format = (value: number): string => value.toFixed(1);

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
  // Warm-up: a fresh Chromium is slow on its first large Blob uploads, and the hasher loads once.
  await page.evaluate(() => (window as unknown as Page).makeFile(32));
  for (const mode of MODES) await page.evaluate(([m, c, s]) => (window as unknown as Page).runEngine(m as ChecksumMode, c as number, s as number), [mode, CONCURRENCY, CHUNK_MIB]);

  console.log(`checksum benchmark: ${CHUNK_MIB} MiB parts, ${CONCURRENCY} in flight, storage ${process.env.S3_TEST_KIND}, ${ROUNDS} interleaved rounds`);
  for (const sizeMiB of SIZES_MIB) {
    const size = await page.evaluate((mib) => (window as unknown as Page).makeFile(mib), sizeMiB);
    const rates = new Map<ChecksumMode, number[]>(MODES.map((mode) => [mode, []]));
    const peaks = new Map<ChecksumMode, number>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const mode of MODES) {
        await cdp.send('HeapProfiler.collectGarbage');
        const heapBefore = await heapUsed();
        let peak = heapBefore;
        let sampling = true;
        const sampler = (async () => {
          while (sampling) {
            peak = Math.max(peak, await heapUsed());
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        })();
        const run = await page.evaluate(([m, c, s]) => (window as unknown as Page).runEngine(m as ChecksumMode, c as number, s as number), [mode, CONCURRENCY, CHUNK_MIB]);
        sampling = false;
        await sampler;
        if (run.state !== 'successful') throw new Error(`${mode} upload ended ${run.state}`);
        rates.get(mode)!.push(size / MIB / (run.ms / 1000));
        peaks.set(mode, Math.max(peaks.get(mode) ?? 0, peak - heapBefore));
      }
    }
    const offMedian = median(rates.get('off')!);
    console.log(`  ${sizeMiB} MiB:`);
    for (const mode of MODES) {
      const values = rates.get(mode)!;
      const ratio = mode === 'off' ? '' : `, ratio to off ${(median(values) / offMedian).toFixed(2)}`;
      console.log(`    ${mode.padEnd(8)} ${values.map(format).join(', ')} MiB/s (median ${format(median(values))}${ratio}); peak JS heap +${format(peaks.get(mode)! / MIB)} MiB`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
