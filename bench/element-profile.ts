/**
 * Where `<svc-uploader>` spends main-thread time during an upload, next to the bare engine: one
 * upload of each (after a discarded warm-up of each) under a CPU profile (CDP `Profiler`), with
 * the page's own counters (Lit updates, `requestUpdate` calls, DOM mutations by part) and the
 * browser's style and layout figures. Prints the functions with the most self time, by source
 * module, for each row.
 *
 *   node scripts/with-storage.mjs node --import tsx bench/element-profile.ts [sizeMiB=256] [top=25] [--callers] [--files=N] [--trace]
 *
 * `--files=N` uploads the same bytes as N files (a run of many small files changes state often,
 * where one large file mostly moves progress). `--trace` also records a Chrome trace of each row
 * and prints the main thread's self time by trace event: the style, layout, paint and frame work
 * the CPU profile lumps together as "(program)".
 *
 * The page runs the element and engine from source, bundled unminified (the profile keeps names and
 * each frame maps back to its module); bench/peers.ts measures the shipped bundle.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type CDPSession } from 'playwright';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';
import { createUploadHandler } from '../server/index.js';
import { toNodeListener } from '../server/node.js';

const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const SIZE_MIB = Number(positional[0] ?? 256);
const TOP = Number(positional[1] ?? 25);
/** Also group `requestUpdate()` calls by caller (a stack each, which adds to the element's time). */
const CALLERS = process.argv.includes('--callers');
/** Also record a Chrome trace of each row and print main-thread self time by trace event (paint, style, XHR...). */
const TRACE = process.argv.includes('--trace');
const FILE_COUNT = Number(process.argv.find((arg) => arg.startsWith('--files='))?.slice('--files='.length) ?? 1);
const MIB = 1024 * 1024;

if (!process.env.S3_TEST_ENDPOINT) {
  console.error('Run through storage: node scripts/with-storage.mjs node --import tsx bench/element-profile.ts');
  process.exit(2);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const bundled = await build({
  entryPoints: [new URL('./element-profile-page.ts', import.meta.url).pathname],
  bundle: true,
  format: 'esm',
  minify: false,
  write: false,
  logLevel: 'silent',
});
const script = bundled.outputFiles[0]!.text;

/** For each line of the bundle, the source module esbuild wrote it from (its `// path` banner). */
const moduleOfLine: string[] = [];
{
  let current = '(bundle)';
  for (const line of script.split('\n')) {
    const banner = /^\/\/ ((?:\.\.\/)*[\w@.\-/]+\.[cm]?[jt]s)$/.exec(line);
    if (banner) current = banner[1]!.replace(/^(\.\.\/)+/, '');
    moduleOfLine.push(current);
  }
}

const handler = createUploadHandler({
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
});
const nodeHandler = toNodeListener(handler);
const server = createServer((request, response) => {
  if (request.url?.startsWith('/api/upload')) return void nodeHandler(request, response);
  if (request.url === '/bench.js') return void response.writeHead(200, { 'content-type': 'application/javascript' }).end(script);
  response
    .writeHead(200, { 'content-type': 'text/html' })
    .end('<!doctype html><meta charset="utf-8"><input type="file" id="bench-file"><script type="module" src="/bench.js"></script>');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const folder = await mkdtemp(join(tmpdir(), 'svc-element-profile-'));
const filePath = join(folder, 'element-profile.bin');
const file = await open(filePath, 'w');
for (let written = 0; written < SIZE_MIB; written += 8) await file.write(randomBytes(Math.min(8, SIZE_MIB - written) * MIB));
await file.close();

const BROWSER_METRICS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'RecalcStyleCount', 'LayoutDuration', 'LayoutCount'] as const;

async function browserMetrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(BROWSER_METRICS.map((name) => [name, metrics.find((entry) => entry.name === name)?.value ?? 0]));
}

/** Self time per function (and per module), ms, from the sampled profile; idle time left out. */
function selfTimes(profile: Profile): { byFunction: Map<string, number>; byModule: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    if (functionName === '(idle)') return;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const module = url.endsWith('/bench.js') ? (moduleOfLine[lineNumber] ?? '(bundle)') : url ? 'browser' : '(native)';
    const name = `${functionName || '(anonymous)'}  ${module}${url.endsWith('/bench.js') ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
  });
  return { byFunction, byModule };
}

/** Categories whose complete events (`ph: 'X'`) describe the main thread's work; async-only ones would add nothing here. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'cc', 'gpu'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** Self time (ms) of each complete event on the renderer's main thread, children's time taken out. */
function traceSelfTimes({ traceEvents }: { traceEvents: TraceEvent[] }): Map<string, number> {
  const main = traceEvents.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const times = new Map<string, number>();
  if (!main) return times;
  const events = traceEvents
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const open: { end: number; name: string; child: number; dur: number }[] = [];
  const close = (until: number) => {
    while (open.length && open.at(-1)!.end <= until) {
      const done = open.pop()!;
      times.set(done.name, (times.get(done.name) ?? 0) + (done.dur - done.child) / 1000);
    }
  };
  for (const event of events) {
    close(event.ts);
    if (open.length) open.at(-1)!.child += event.dur!;
    open.push({ end: event.ts + event.dur!, name: event.name, child: 0, dur: event.dur! });
  }
  close(Number.POSITIVE_INFINITY);
  return times;
}

function printTop(title: string, times: Map<string, number>, count: number, how = 'sampled, idle excluded'): void {
  const total = [...times.values()].reduce((sum, ms) => sum + ms, 0);
  console.log(`\n${title} (total ${total.toFixed(0)} ms ${how})`);
  for (const [name, ms] of [...times].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
}

const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: BROWSER_ARGS });
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`  [page error] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') console.error(`  [page] ${message.text()}`);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.goto(origin);
  await page.waitForFunction(() => 'profileElement' in window && 'profileEngine' in window);
  await page.setInputFiles('#bench-file', filePath);
  const rows = [
    {
      label: 'engine, defaults',
      run: () =>
        page.evaluate((count) => (window as unknown as { profileEngine(fileCount: number): Promise<{ ms: number }> }).profileEngine(count), FILE_COUNT),
    },
    {
      label: '<svc-uploader>, defaults',
      run: () =>
        page.evaluate(
          ([withCallers, count]) =>
            (
              window as unknown as { profileElement(withCallers: boolean, fileCount: number): Promise<Record<string, unknown> & { ms: number }> }
            ).profileElement(withCallers, count),
          [CALLERS, FILE_COUNT] as const,
        ),
    },
  ];
  for (const row of rows) await row.run();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  for (const row of rows) {
    await cdp.send('HeapProfiler.collectGarbage');
    const before = await browserMetrics(cdp);
    if (TRACE) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await cdp.send('Profiler.start');
    const figures = (await row.run()) as Record<string, unknown> & { ms: number };
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const trace = TRACE ? await browser.stopTracing() : undefined;
    const after = await browserMetrics(cdp);
    const delta = (name: string): number => after[name]! - before[name]!;
    const seconds = figures.ms / 1000;
    console.log(
      `\n## ${row.label}: ${SIZE_MIB} MiB${FILE_COUNT > 1 ? ` as ${FILE_COUNT} files` : ''} in ${seconds.toFixed(1)} s (${(SIZE_MIB / seconds).toFixed(1)} MiB/s)`,
    );
    console.log(
      `main thread ${delta('TaskDuration').toFixed(3)} s, script ${delta('ScriptDuration').toFixed(3)} s, ` +
        `style ${delta('RecalcStyleDuration').toFixed(3)} s in ${delta('RecalcStyleCount')} recalcs, layout ${delta('LayoutDuration').toFixed(3)} s in ${delta('LayoutCount')} layouts`,
    );
    if ('updates' in figures) {
      const updates = figures['updates'] as number;
      console.log(
        `renders: ${updates} Lit updates (${(updates / seconds).toFixed(1)}/s, ${((figures['updateMs'] as number) / Math.max(1, updates)).toFixed(2)} ms each in script), ` +
          `${figures['requestUpdates']} requestUpdate calls, ${figures['mutationBatches']} DOM mutation batches (${((figures['mutationBatches'] as number) / seconds).toFixed(1)}/s)`,
      );
      const times = figures['updateTimes'] as number[];
      const gaps = times.slice(1).map((time, index) => time - times[index]!);
      console.log(
        `updates within 90 ms of the previous: ${gaps.filter((gap) => gap < 90).length}; update times (ms): ${times.map((time) => time.toFixed(0)).join(' ')}`,
      );
      if (CALLERS) {
        console.log('requestUpdate calls by caller:');
        const byCaller = Object.entries(figures['requestUpdatesBy'] as Record<string, number>).sort((a, b) => b[1] - a[1]);
        for (const [caller, count] of byCaller) console.log(`  ${String(count).padStart(6)}  ${caller}`);
      }
      const events = Object.entries(figures['events'] as Record<string, number>).sort((a, b) => b[1] - a[1]);
      console.log(`DOM events: ${events.map(([name, count]) => `${count} ${name}`).join(', ')}`);
      console.log('DOM mutations by part:');
      const byPart = Object.entries(figures['mutationsByPart'] as Record<string, number>).sort((a, b) => b[1] - a[1]);
      for (const [part, count] of byPart) console.log(`  ${String(count).padStart(6)}  ${part}`);
    }
    if (trace)
      printTop('main-thread self time by trace event', traceSelfTimes(JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }), TOP, 'traced');
    const { byFunction, byModule } = selfTimes(profile);
    printTop('top self time by module', byModule, TOP);
    printTop('top self time by function', byFunction, TOP);
  }
} finally {
  await browser.close();
  server.close();
  await rm(folder, { recursive: true, force: true });
}
