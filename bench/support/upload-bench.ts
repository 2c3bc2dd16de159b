/**
 * Node side of the benchmarks that upload from Chromium through the real handler into storage:
 * the handler on a loopback port next to the bundled page module, and the page's JS heap read
 * over CDP while an upload runs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright';
import { toNodeHandler } from 'srvx/node';
import { createUploadHandler } from '../../server/index.js';
import type { PageServer } from './page-server.js';

/** Exits with how to run `script` when the storage the benchmark needs was not started. */
export function requireStorage(script: string): void {
  if (process.env.S3_TEST_ENDPOINT) return;
  console.error(`Run through storage: node scripts/with-storage.mjs node --import tsx ${script}`);
  process.exit(2);
}

function storageUploadHandler(storageEndpoint = process.env.S3_TEST_ENDPOINT) {
  return toNodeHandler(
    createUploadHandler({
      storage: {
        type: 's3',
        bucket: process.env.S3_TEST_BUCKET!,
        region: process.env.S3_TEST_REGION!,
        endpoint: storageEndpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID!, secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY! },
      },
      uploadTokenSecret: 'benchmark-upload-token-secret',
      allowAnonymousUploads: true,
    }),
  );
}

/**
 * The page module `entry` (bundled with its lazily loaded chunks, unminified) behind a blank
 * page, and the upload handler at /api/upload, on one loopback origin. `storageEndpoint` puts
 * something (a proxy) between the browser and storage: the URLs are signed for it.
 */
/** `contentSecurityPolicy`, when given, is sent with the page (a strict one refuses workers and WebAssembly). */
export async function serveUploadBenchPage(entry: URL, workers: URL[] = [], storageEndpoint?: string, contentSecurityPolicy?: string): Promise<PageServer> {
  const handler = storageUploadHandler(storageEndpoint);
  const bundle = await build({
    // A worker script is served by its file name beside the chunks, where the engine's
    // `new URL('./x-worker.js', import.meta.url)` finds it.
    entryPoints: [entry.pathname, ...workers.map((worker) => worker.pathname)],
    bundle: true,
    format: 'esm',
    splitting: true,
    outdir: '/virtual',
    write: false,
    logLevel: 'silent',
  });
  const scripts = new Map(bundle.outputFiles.map((output) => [`/${output.path.split('/').pop()}`, output.text]));
  const entryName = entry.pathname.split('/').pop()!.replace(/\.ts$/, '');
  const entryScript = [...scripts.keys()].find((name) => name.startsWith(`/${entryName}`))!;
  const server = createServer((request, response) => {
    const script = scripts.get(request.url ?? '');
    if (request.url?.startsWith('/api/upload')) {
      void handler(request as never, response as never);
    } else if (script !== undefined) {
      response.writeHead(200, { 'content-type': 'application/javascript' }).end(script);
    } else {
      const policy = contentSecurityPolicy ? { 'content-security-policy': contentSecurityPolicy } : {};
      response.writeHead(200, { 'content-type': 'text/html', ...policy }).end(`<!doctype html><script type="module" src="${entryScript}"></script>`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

export interface HeapWatch {
  /** JS heap in use now, in bytes. */
  used(): Promise<number>;
  collectGarbage(): Promise<void>;
  /** Runs `work` while sampling the heap every 25 ms; its result and the highest heap seen. */
  peakDuring<T>(work: () => Promise<T>, floor: number): Promise<{ result: T; peak: number }>;
}

/** Reads `page`'s JS heap over CDP. */
async function watchHeap(page: Page): Promise<HeapWatch> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const used = async (): Promise<number> => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  };
  return {
    used,
    collectGarbage: async () => {
      await cdp.send('HeapProfiler.collectGarbage');
    },
    async peakDuring<T>(work: () => Promise<T>, floor: number) {
      let peak = floor;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await used());
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      })();
      let result: T;
      try {
        result = await work();
      } finally {
        sampling = false;
        await sampler;
      }
      return { result, peak };
    },
  };
}

/** A new page in `browser` on the benchmark's origin, its console echoed, once its module has set `runEngine`. */
export async function openUploadBenchPage(browser: Browser, pageServer: PageServer): Promise<{ page: Page; heap: HeapWatch }> {
  const page = await browser.newPage();
  const heap = await watchHeap(page);
  page.on('console', (message) => console.log(`  [page] ${message.text()}`));
  await page.goto(pageServer.origin);
  await page.waitForFunction(() => 'runEngine' in window);
  return { page, heap };
}

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const formatFigure = (value: number): string => value.toFixed(1);
