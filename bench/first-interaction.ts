/**
 * Benchmark: the first load of `<svc-uploader>` and its first interaction, in a real Chromium, for
 * the browser bundle of a baseline commit and of the working tree. Both are built (vite.config.ts,
 * as `npm run build` builds dist/browser) into temporary folders and served gzipped from loopback.
 * Each run opens a fresh browser context (cold cache) and measures, on the page's clock:
 *   - defined and painted: navigation start to the element defined, rendered and a frame painted;
 *   - Browse to row: the user points at Browse, clicks it 150 ms later (a quick hand), picks a
 *     file, and the row is painted; timed from the click;
 *   - file to row, no pointer first: a file handed to the picker's input with nothing before it,
 *     right after the paint (the lazy views, and the engine unless the page was idle already,
 *     load only then: the worst case for a lean first load); timed from `change`.
 * Printed: medians of N runs on loopback and under a throttled profile (4x slower CPU, 150 ms
 * round trip, 1.6 Mbit/s down), and the ratio of the working tree to the baseline.
 *   node --import tsx bench/first-interaction.ts [runs=15] [--baseline <git ref>]
 * The baseline defaults to where this branch left main (`git merge-base HEAD main`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright';
import { build } from 'vite';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';

const repository = new URL('..', import.meta.url).pathname;
const runs = Number(process.argv.slice(2).find((argument) => /^\d+$/.test(argument)) ?? 15);
const baselineFlag = process.argv.indexOf('--baseline');
const baselineRef =
  baselineFlag === -1 ? execFileSync('git', ['merge-base', 'HEAD', 'main'], { cwd: repository, encoding: 'utf8' }).trim() : process.argv[baselineFlag + 1]!;

interface Profile {
  name: string;
  cpuSlowdown: number;
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

const profiles: Profile[] = [
  { name: 'loopback', cpuSlowdown: 1 },
  { name: 'throttled', cpuSlowdown: 4, network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 } },
];

const work = mkdtempSync(join(tmpdir(), 'svc-first-interaction-'));

/** Builds the browser bundle of a source tree (its own vite.config.ts) into `outDir`. */
async function buildBundle(root: string, outDir: string): Promise<void> {
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
}

/** The baseline's source, unpacked next to this tree's node_modules. */
function checkOut(ref: string): string {
  const folder = join(work, 'baseline-source');
  mkdirSync(folder);
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(folder)}`], { cwd: repository });
  symlinkSync(join(repository, 'node_modules'), join(folder, 'node_modules'));
  return folder;
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>first interaction</title>
<script type="module" src="./svc-uploader.js"></script>
<svc-uploader server-url="/api/upload"></svc-uploader>`;

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css' };

/** Serves a built bundle gzipped, as a production server would, with the page above as `/`. */
async function serve(folder: string): Promise<{ origin: string; server: Server }> {
  const cache = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path === '/' ? undefined : normalize(join(folder, path));
    if (file && !file.startsWith(folder)) return void response.writeHead(404).end();
    let body = cache.get(path);
    try {
      body ??= gzipSync(file ? readFileSync(file) : PAGE, { level: 9 });
    } catch {
      return void response.writeHead(404).end();
    }
    cache.set(path, body);
    response
      .writeHead(200, {
        'content-type': TYPES[file ? extname(file) : '.html'] ?? 'application/octet-stream',
        'content-encoding': 'gzip',
        'cache-control': 'no-store',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Sample {
  paintedMs: number;
  browseToRowMs: number;
  fileToRowMs: number;
}

/** Resolves on the page's clock once a file row is in the shadow root and a frame has painted it. */
const WAIT_FOR_ROW = `new Promise((resolve) => {
  const root = document.querySelector('svc-uploader').shadowRoot;
  const check = () => root.querySelector('[part~="file"]')
    ? requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))
    : requestAnimationFrame(check);
  check();
})`;

async function openPage(browser: Browser, origin: string, profile: Profile): Promise<{ page: Page; paintedMs: number; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  await page.goto(origin);
  // The drop zone on screen, not `updateComplete`: that also waits for what loads after the
  // first paint (the engine), which is not what a visitor waits for.
  const paintedMs = await page.evaluate(async () => {
    await customElements.whenDefined('svc-uploader');
    const element = document.querySelector('svc-uploader')!;
    while (!element.shadowRoot?.querySelector('[part~="drop-zone"]')) await new Promise(requestAnimationFrame);
    return new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))));
  });
  return { page, paintedMs, close: () => context.close() };
}

const FILE = { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(64 * 1024, 7) };

async function measure(browser: Browser, origin: string, profile: Profile): Promise<Sample> {
  const first = await openPage(browser, origin, profile);
  const browse = first.page.locator('svc-uploader [part~="browse-button"]');
  await browse.hover();
  await first.page.waitForTimeout(150);
  await first.page.evaluate(() => {
    const root = document.querySelector('svc-uploader')!.shadowRoot!;
    root.addEventListener('click', () => ((window as unknown as { clickedAt: number }).clickedAt = performance.now()), { capture: true, once: true });
  });
  const chooser = first.page.waitForEvent('filechooser');
  await browse.click();
  await (await chooser).setFiles(FILE);
  const rowAt = (await first.page.evaluate(WAIT_FOR_ROW)) as number;
  const browseToRowMs = rowAt - (await first.page.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt));
  await first.close();

  const second = await openPage(browser, origin, profile);
  await second.page.evaluate(() => {
    const root = document.querySelector('svc-uploader')!.shadowRoot!;
    root.addEventListener('change', () => ((window as unknown as { changedAt: number }).changedAt = performance.now()), { capture: true, once: true });
  });
  await second.page.locator('svc-uploader input[part="file-input"]').setInputFiles(FILE);
  const rowAfterChange = (await second.page.evaluate(WAIT_FOR_ROW)) as number;
  const fileToRowMs = rowAfterChange - (await second.page.evaluate(() => (window as unknown as { changedAt: number }).changedAt));
  await second.close();
  return { paintedMs: first.paintedMs, browseToRowMs, fileToRowMs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const baselineOut = join(work, 'baseline');
const currentOut = join(work, 'current');
const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: BROWSER_ARGS });
const servers: Server[] = [];
try {
  await buildBundle(checkOut(baselineRef), baselineOut);
  await buildBundle(repository, currentOut);
  const baseline = await serve(baselineOut);
  const current = await serve(currentOut);
  servers.push(baseline.server, current.server);
  console.log(`first load and first interaction, medians of ${runs} runs; baseline ${baselineRef.slice(0, 12)} vs working tree`);
  console.log(`${'profile / measure'.padEnd(40)} ${'baseline'.padStart(10)} ${'this tree'.padStart(10)} ${'ratio'.padStart(7)}`);
  for (const profile of profiles) {
    const samples = { baseline: [] as Sample[], current: [] as Sample[] };
    // Interleaved, so load from other work on the machine falls on both alike.
    for (let run = 0; run < runs; run += 1) {
      samples.baseline.push(await measure(browser, baseline.origin, profile));
      samples.current.push(await measure(browser, current.origin, profile));
    }
    const rows: [string, keyof Sample][] = [
      ['defined and painted', 'paintedMs'],
      ['Browse to row', 'browseToRowMs'],
      ['file to row, no pointer first', 'fileToRowMs'],
    ];
    for (const [label, key] of rows) {
      const before = median(samples.baseline.map((sample) => sample[key]));
      const after = median(samples.current.map((sample) => sample[key]));
      console.log(
        `${`${profile.name}: ${label}`.padEnd(40)} ${`${before.toFixed(1)} ms`.padStart(10)} ${`${after.toFixed(1)} ms`.padStart(10)} ${(after / before).toFixed(2).padStart(7)}`,
      );
    }
  }
} finally {
  await browser.close();
  for (const server of servers) server.close();
  rmSync(work, { recursive: true, force: true });
}
