/**
 * Benchmark: multipart uploaders side by side in one Chromium, against the same storage and the
 * same handler. The floor is a raw parallel PUT of parts signed beforehand; next to it the engine
 * (at its defaults and at the floor's concurrency), `<svc-uploader>` from the built bundle, and
 * Uppy 5 and Uppy 6 (aws-s3 at their defaults). Rows run interleaved (the order turns every
 * round) after one discarded warm-up of each; every figure is the median over the rounds.
 *
 *   node scripts/build.mjs   # the element row loads dist/browser
 *   node scripts/with-storage.mjs node --import tsx bench/peers.ts [sizeMiB=256] [rounds=5] [delayMs=0] [--links] [--handler-far-from-storage] [--sweep] [--only=rows]
 *
 * With `delayMs`, a TCP proxy holding every chunk that long in each direction stands between the
 * browser and both storage and the handler (the page too), as for a user far from the servers; the
 * handler calls storage directly, as a handler deployed next to its bucket does (it signs the
 * browser's URLs for the proxy with `storage.browserEndpoint`). `--handler-far-from-storage` sends
 * the handler's own storage calls through that proxy as well. `--links` runs every link of
 * the goal in turn (loopback, 40 ms and 150 ms round trips, and a 20 Mbit/s uplink with a 40 ms
 * round trip, where the file is at most 48 MiB so a round stays under 30 s) and ends with one table
 * of them all. `--sweep` replaces the peers
 * with the engine at several parts-in-flight and part sizes (how its defaults were chosen);
 * `--only=engine,uppy5` keeps just the rows named (engine, engine6, element, uppy5, uppy6, and
 * floorxhr: the floor's PUTs sent with XMLHttpRequest, as the engine and Uppy send them; in a
 * sweep `engine6x8` and so on, parts in flight × MiB). A second table breaks each row's time down
 * (support/run-breakdown.ts). CPU is given twice: the page's main thread (CDP `TaskDuration`), and
 * every browser process together, also by process type (Linux `/proc`, support/browser-cpu.ts):
 * compositor frames, workers, the network service and the browser's blob reading are not on the
 * main thread, yet take the same cores as storage.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { chromium, type CDPSession, type Page } from 'playwright';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';
import { createUploadHandler } from '../server/index.js';
import { printBreakdownTable } from './support/breakdown-table.js';
import { browserCpuSeconds, cpuSpent, medianByType, totalCpu, type CpuByProcessType } from './support/browser-cpu.js';
import { startDelayProxy, type DelayProxy } from './support/delay-proxy.js';
import type { RunFigures } from './support/peer-run.js';
import { startPeerServer } from './support/peer-server.js';

const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const SWEEP = process.argv.includes('--sweep');
const SIZE_MIB = Number(positional[0] ?? 256);
const ROUNDS = Number(positional[1] ?? 5);
const DELAY_MS = Number(positional[2] ?? 0);
/** The handler's own storage calls take the browser's far path too (the model before `browserEndpoint`). */
const HANDLER_FAR = process.argv.includes('--handler-far-from-storage');
/** The floor's parts in flight: Chromium's HTTP/1.1 connections per host. */
const FLOOR_CONCURRENCY = 6;
const MIB = 1024 * 1024;
const ROW_DEADLINE_MS = 180_000;

if (!process.env.S3_TEST_ENDPOINT) {
  console.error('Run through storage: node scripts/with-storage.mjs node --import tsx bench/peers.ts');
  process.exit(2);
}

interface Row {
  /** Picks the row with `--only=key,key`. */
  key: string;
  label: string;
  run: string;
  args?: number[];
}

const FLOOR: Row = { key: 'floor', label: `floor: raw PUTs, ${FLOOR_CONCURRENCY} in flight`, run: 'runFloor', args: [FLOOR_CONCURRENCY] };
const PEERS: Row[] = [
  FLOOR,
  { key: 'floorxhr', label: `raw PUTs with XMLHttpRequest, ${FLOOR_CONCURRENCY} in flight`, run: 'runFloor', args: [FLOOR_CONCURRENCY, 1] },
  { key: 'engine', label: 'engine, defaults', run: 'runEngine' },
  { key: 'engine6', label: `engine, ${FLOOR_CONCURRENCY} in flight`, run: 'runEngine', args: [FLOOR_CONCURRENCY] },
  { key: 'element', label: '<svc-uploader>, defaults', run: 'runElement' },
  { key: 'uppy5', label: 'Uppy 5 aws-s3, defaults', run: 'runUppy5' },
  { key: 'uppy6', label: 'Uppy 6 aws-s3, defaults', run: 'runUppy6' },
];
const SWEEP_ROWS: Row[] = [
  FLOOR,
  ...[
    [2, 8],
    [3, 8],
    [4, 8],
    [6, 8],
    [4, 5],
    [6, 12],
    [4, 16],
    [6, 16],
  ].map(([inFlight, partMiB]) => ({
    key: `engine${inFlight}x${partMiB}`,
    label: `engine, ${inFlight} in flight, ${partMiB} MiB parts`,
    run: 'runEngine',
    args: [inFlight!, partMiB!],
  })),
];
const ONLY = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
/** The XMLHttpRequest floor runs only when asked for: `--only=floorxhr,...`. */
const ON_REQUEST = new Set(['floorxhr']);
/** `--only=floor,engine,uppy5` runs just those rows (the floor is always kept: every ratio needs it). */
const ROWS = (SWEEP ? SWEEP_ROWS : PEERS).filter((row) => row === FLOOR || (ONLY ? ONLY.includes(row.key) : !ON_REQUEST.has(row.key)));

/** A network path between the page and both servers: added delay each way, and an uplink limit. */
interface Link {
  label: string;
  delayMs: number;
  uplinkBytesPerSecond?: number;
  /** The file's size on this link (a slow uplink gets a smaller one). */
  sizeMiB: number;
}

const LINKS: Link[] = process.argv.includes('--links')
  ? [
      { label: 'loopback', delayMs: 0, sizeMiB: SIZE_MIB },
      { label: '40 ms RTT', delayMs: 20, sizeMiB: SIZE_MIB },
      { label: '150 ms RTT', delayMs: 75, sizeMiB: SIZE_MIB },
      { label: '20 Mbit/s up, 40 ms RTT', delayMs: 20, uplinkBytesPerSecond: 20e6 / 8, sizeMiB: Math.min(SIZE_MIB, 48) },
    ]
  : [{ label: DELAY_MS > 0 ? `${2 * DELAY_MS} ms RTT` : 'loopback', delayMs: DELAY_MS, sizeMiB: SIZE_MIB }];

interface Sample extends RunFigures {
  peakHeapMiB: number;
  /** Main-thread busy time of the page (CDP TaskDuration), seconds. */
  cpuSeconds: number;
  /** CPU seconds of every browser process during the upload, by process type; undefined without `/proc`. */
  browserCpu: CpuByProcessType | undefined;
}

/** The handler, its server and the proxies of one link; `close()` takes them down. */
async function startLink(link: Link) {
  const proxies: DelayProxy[] = [];
  const proxied = link.delayMs > 0 || link.uplinkBytesPerSecond !== undefined;
  const storageProxy = proxied
    ? await startDelayProxy(process.env.S3_TEST_ENDPOINT!, link.delayMs, { uplinkBytesPerSecond: link.uplinkBytesPerSecond })
    : undefined;
  if (storageProxy) proxies.push(storageProxy);
  const handler = createUploadHandler({
    storage: {
      type: 's3',
      bucket: process.env.S3_TEST_BUCKET!,
      region: process.env.S3_TEST_REGION!,
      endpoint: HANDLER_FAR ? (storageProxy?.origin ?? process.env.S3_TEST_ENDPOINT) : process.env.S3_TEST_ENDPOINT,
      ...(storageProxy ? { browserEndpoint: storageProxy.origin } : {}),
      forcePathStyle: true,
      credentials: { accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID!, secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY! },
    },
    uploadTokenSecret: 'benchmark-upload-token-secret',
    allowAnonymousUploads: true,
  });
  const server = await startPeerServer(handler);
  const pageProxy = proxied ? await startDelayProxy(server.origin, link.delayMs) : undefined;
  if (pageProxy) proxies.push(pageProxy);
  return {
    storageProxy,
    pageProxy,
    origin: pageProxy?.origin ?? server.origin,
    close: async () => {
      server.close();
      await Promise.all(proxies.map((proxy) => proxy.close()));
    },
  };
}
type LinkSetup = Awaited<ReturnType<typeof startLink>>;

const storageClient = new S3Client({
  region: process.env.S3_TEST_REGION!,
  endpoint: process.env.S3_TEST_ENDPOINT,
  forcePathStyle: true,
  credentials: { accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID!, secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY! },
});

/** Deletes what a run stored: the test storage keeps objects in memory and stalls writes when full. */
async function emptyBucket(): Promise<void> {
  const Bucket = process.env.S3_TEST_BUCKET!;
  const listed = await storageClient.send(new ListObjectsV2Command({ Bucket }));
  const keys = (listed.Contents ?? []).map((object) => ({ Key: object.Key! }));
  if (keys.length > 0) await storageClient.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
}

async function metric(cdp: CDPSession, name: string): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((entry) => entry.name === name)?.value ?? 0;
}

/** One upload of `row`, with the page's JS heap sampled every 25 ms and its main-thread time. */
async function runRow(page: Page, cdp: CDPSession, row: Row, { storageProxy, pageProxy }: LinkSetup): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  let peakHeap = await metric(cdp, 'JSHeapUsedSize');
  const cpuBefore = await metric(cdp, 'TaskDuration');
  const browserCpuBefore = await browserCpuSeconds();
  const storageConnectionsBefore = storageProxy?.connections ?? 0;
  const handlerConnectionsBefore = pageProxy?.connections ?? 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakHeap = Math.max(peakHeap, await metric(cdp, 'JSHeapUsedSize'));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    const figures = await withDeadline(
      row.label,
      page.evaluate(({ run, args }) => (window as unknown as Record<string, (...values: number[]) => Promise<RunFigures>>)[run]!(...args), {
        run: row.run,
        args: row.args ?? [],
      }),
    );
    const browserCpuAfter = await browserCpuSeconds();
    if (storageProxy) figures.breakdown.storageConnections = storageProxy.connections - storageConnectionsBefore;
    if (pageProxy) figures.breakdown.handlerConnections = pageProxy.connections - handlerConnectionsBefore;
    await emptyBucket();
    const sample = {
      ...figures,
      peakHeapMiB: peakHeap / MIB,
      cpuSeconds: (await metric(cdp, 'TaskDuration')) - cpuBefore,
      browserCpu: browserCpuBefore && browserCpuAfter ? cpuSpent(browserCpuBefore, browserCpuAfter) : undefined,
    };
    console.error(`  ${row.label}: ${(figures.ms / 1000).toFixed(1)} s`);
    return sample;
  } finally {
    sampling = false;
    await sampler;
  }
}

/** A run that hangs fails the bench with its row's name instead of waiting forever. */
function withDeadline<T>(label: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no end after ${ROW_DEADLINE_MS / 1000} s`)), ROW_DEADLINE_MS);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Whole milliseconds, or a dash for a figure that does not apply (a first part PUT when the file went in one PUT). */
function millis(value: number): string {
  return Number.isFinite(value) ? value.toFixed(0) : '–';
}

const folder = await mkdtemp(join(tmpdir(), 'svc-peer-bench-'));
/** One file of random bytes per size, written once. */
const files = new Map<number, string>();
async function randomFileOf(sizeMiB: number): Promise<string> {
  let path = files.get(sizeMiB);
  if (!path) {
    path = join(folder, `peer-bench-${sizeMiB}.bin`);
    await writeRandomFile(path, sizeMiB);
    files.set(sizeMiB, path);
  }
  return path;
}

/** `sizeMiB` of random bytes, written 8 MiB at a time. */
async function writeRandomFile(path: string, sizeMiB: number): Promise<void> {
  const file = await open(path, 'w');
  try {
    for (let written = 0; written < sizeMiB; written += 8) await file.write(randomBytes(Math.min(8, sizeMiB - written) * MIB));
  } finally {
    await file.close();
  }
}

/** What the closing table of `--links` keeps of a link: each row's ratio to the floor, its spread, and CPU per GiB. */
interface LinkSummary {
  link: Link;
  rows: Map<Row, { ratio: number; lowest: number; highest: number; cpuSecondsPerGiB: number; browserCpuSecondsPerGiB: number }>;
}

const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: BROWSER_ARGS });

/** Every row on one link, interleaved over the rounds; prints the link's tables. */
async function runLink(link: Link): Promise<LinkSummary> {
  const setup = await startLink(link);
  const page = await browser.newPage();
  try {
    return await runRounds(link, setup, page);
  } finally {
    await page.close();
    await setup.close();
  }
}

async function runRounds(link: Link, setup: LinkSetup, page: Page): Promise<LinkSummary> {
  page.on('pageerror', (error) => console.error(`  [page error] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') console.error(`  [page] ${message.text()}`);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.goto(setup.origin);
  await page.waitForFunction(() => ['runFloor', 'runUppy5', 'runUppy6'].every((name) => name in window) && customElements.get('svc-uploader'));
  // A file on disk, as a user would pick one: in-memory Blobs this large run Chromium out of blob memory.
  await page.setInputFiles('#bench-file', await randomFileOf(link.sizeMiB));
  const size = link.sizeMiB * MIB;

  const samples = new Map<Row, Sample[]>(ROWS.map((row) => [row, []]));
  for (const row of ROWS) await runRow(page, cdp, row, setup);
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each round starts one row later, so no row always runs first (or after the same one).
    for (let offset = 0; offset < ROWS.length; offset += 1) {
      const row = ROWS[(round + offset) % ROWS.length]!;
      samples.get(row)!.push(await runRow(page, cdp, row, setup));
    }
  }

  const versions = await page.evaluate(() => [
    (window as unknown as Record<string, string>)['uppy5Versions'],
    (window as unknown as Record<string, string>)['uppy6Versions'],
  ]);
  const floorRate = median(samples.get(FLOOR)!.map((sample) => size / MIB / (sample.ms / 1000)));
  const through = [
    link.delayMs > 0 ? `through a TCP proxy adding ${link.delayMs} ms each way` : 'on loopback',
    link.uplinkBytesPerSecond ? `a ${(link.uplinkBytesPerSecond * 8) / 1e6} Mbit/s uplink to storage` : '',
    link.delayMs > 0 ? (HANDLER_FAR ? 'the handler calling storage through the same proxy' : 'the handler calling storage directly') : '',
  ]
    .filter(Boolean)
    .join(', ');
  console.log(
    `\n${SWEEP ? 'engine settings sweep' : 'peer multipart benchmark'}: ${link.sizeMiB} MiB, 8 MiB parts unless stated, ${through}, storage ${process.env.S3_TEST_KIND}, median of ${ROUNDS} rounds`,
  );
  console.log(`Uppy 5: ${versions[0]}; Uppy 6: ${versions[1]}; Chromium ${browser.version()}\n`);
  console.log('| uploader | MiB/s | / floor | parts in flight | first byte ms | peak JS heap MiB | main-thread CPU s | browser CPU s | renders/s |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of ROWS) {
    const rows = samples.get(row)!;
    const at = (pick: (sample: Sample) => number): number => median(rows.map(pick));
    const rate = at((sample) => size / MIB / (sample.ms / 1000));
    const renders = rows[0]!.rendersPerSecond === undefined ? '' : at((sample) => sample.rendersPerSecond!).toFixed(1);
    console.log(
      `| ${row.label} | ${rate.toFixed(1)} | ${(rate / floorRate).toFixed(2)} | ${at((sample) => sample.maxInFlight)} | ${millis(at((sample) => sample.firstByteMs))} | ${at((sample) => sample.peakHeapMiB).toFixed(1)} | ${at((sample) => sample.cpuSeconds).toFixed(2)} | ${browserCpuCell(rows)} | ${renders} |`,
    );
  }
  console.log('\nwhere the time went (Resource Timing and long tasks, median over the rounds):');
  printBreakdownTable(ROWS.map((row) => ({ label: row.label, breakdowns: samples.get(row)!.map((sample) => sample.breakdown) })));
  console.log(`\nper round MiB/s:`);
  for (const row of ROWS)
    console.log(
      `  ${row.label}: ${samples
        .get(row)!
        .map((sample) => (size / MIB / (sample.ms / 1000)).toFixed(1))
        .join(', ')}`,
    );
  console.log(`\nper round first byte ms:`);
  for (const row of ROWS)
    console.log(
      `  ${row.label}: ${samples
        .get(row)!
        .map((sample) => millis(sample.firstByteMs))
        .join(', ')}`,
    );
  console.log(`\nper round main-thread CPU s (renders/s):`);
  for (const row of ROWS)
    console.log(
      `  ${row.label}: ${samples
        .get(row)!
        .map((sample) => `${sample.cpuSeconds.toFixed(2)}${sample.rendersPerSecond === undefined ? '' : ` (${sample.rendersPerSecond.toFixed(1)})`}`)
        .join(', ')}`,
    );
  printBrowserCpuByType(samples);
  const rates = (row: Row) => samples.get(row)!.map((sample) => size / MIB / (sample.ms / 1000));
  return {
    link,
    rows: new Map(
      ROWS.map((row) => [
        row,
        {
          ratio: median(rates(row)) / floorRate,
          lowest: Math.min(...rates(row)) / floorRate,
          highest: Math.max(...rates(row)) / floorRate,
          cpuSecondsPerGiB: median(samples.get(row)!.map((sample) => sample.cpuSeconds)) / (size / (1024 * MIB)),
          browserCpuSecondsPerGiB: medianBrowserCpu(samples.get(row)!) / (size / (1024 * MIB)),
        },
      ]),
    ),
  };
}

/** Median CPU seconds of every browser process over the samples; NaN without `/proc`. */
function medianBrowserCpu(samples: Sample[]): number {
  return samples.every((sample) => sample.browserCpu) ? median(samples.map((sample) => totalCpu(sample.browserCpu!))) : Number.NaN;
}

function browserCpuCell(samples: Sample[]): string {
  const seconds = medianBrowserCpu(samples);
  return Number.isNaN(seconds) ? '' : seconds.toFixed(2);
}

/** Each row's browser CPU by process type (medians over the rounds), the busiest type first. */
function printBrowserCpuByType(samples: Map<Row, Sample[]>): void {
  if (![...samples.values()].flat().every((sample) => sample.browserCpu)) return;
  console.log(`\nbrowser CPU s by process type (median over the rounds):`);
  for (const row of ROWS) {
    const byType = medianByType(
      samples.get(row)!.map((sample) => sample.browserCpu!),
      median,
    );
    console.log(`  ${row.label}: ${byType.map(({ type, seconds }) => `${type} ${seconds.toFixed(2)}`).join(', ')}`);
  }
}

/** The closing table of `--links`: each row's ratio to the floor on each link (spread of the rounds), and CPU per GiB (main thread / every browser process). */
function printLinksTable(summaries: LinkSummary[]): void {
  console.log(`\nevery link, / floor, median of ${ROUNDS} rounds (lowest–highest round), and CPU s per GiB: the page's main thread / every browser process:\n`);
  console.log(`| uploader | ${summaries.map(({ link }) => `${link.label} (${link.sizeMiB} MiB)`).join(' | ')} |`);
  console.log(`|---|${summaries.map(() => '---').join('|')}|`);
  for (const row of ROWS) {
    const cells = summaries.map(({ rows }) => {
      const figures = rows.get(row)!;
      const browserCpu = Number.isNaN(figures.browserCpuSecondsPerGiB) ? '' : ` / ${figures.browserCpuSecondsPerGiB.toFixed(2)}`;
      return `${figures.ratio.toFixed(2)} (${figures.lowest.toFixed(2)}–${figures.highest.toFixed(2)}), ${figures.cpuSecondsPerGiB.toFixed(2)}${browserCpu} s/GiB`;
    });
    console.log(`| ${row.label} | ${cells.join(' | ')} |`);
  }
}

try {
  const summaries: LinkSummary[] = [];
  for (const link of LINKS) summaries.push(await runLink(link));
  if (summaries.length > 1) printLinksTable(summaries);
} finally {
  await browser.close();
  await rm(folder, { recursive: true, force: true });
}
