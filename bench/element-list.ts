/**
 * Benchmark: the file list of `<svc-uploader>` with 10,000 files next to 100 (where every row is
 * in the DOM): time to add and render, one full re-render, and frame times while scrolling top to
 * bottom, in a real Chromium. Prints the figures and the 10,000 : 100 ratios.
 *   node --import tsx bench/element-list.ts
 */
import { chromium } from 'playwright';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';
import { servePageModule } from './support/page-server.js';

interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  over16: number;
  over33: number;
}
interface Result {
  count: number;
  addMs: number;
  rows: number;
  renderMs: number;
  maxRowsWhileScrolling: number;
  longTasks: number;
  frames: FrameStats;
  updates: FrameStats;
}

const server = await servePageModule(new URL('./element-list-page.ts', import.meta.url));
const origin = server.origin;

const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: BROWSER_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  await page.goto(origin);
  await page.waitForFunction(() => 'runListBenchmark' in window);
  const runOnce = (count: number) => page.evaluate((n) => (window as unknown as { runListBenchmark(n: number): Promise<Result> }).runListBenchmark(n), count);
  await runOnce(100); // warm-up: JIT and fonts
  const small = await runOnce(100);
  const large = await runOnce(10_000);

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const line = (label: string, pick: (result: Result) => string) => console.log(`${label.padEnd(34)} ${pick(small).padStart(14)} ${pick(large).padStart(14)}`);
  console.log(`${'<svc-uploader> file list'.padEnd(34)} ${'100 files'.padStart(14)} ${'10,000 files'.padStart(14)}`);
  line('add files and render', (result) => ms(result.addMs));
  line('rows in the DOM after adding', (result) => String(result.rows));
  line('one full re-render (avg of 50)', (result) => ms(result.renderMs));
  line('scroll: frames measured', (result) => String(result.frames.frames));
  line('scroll: frame time p50 / p95', (result) => `${result.frames.p50.toFixed(1)} / ${result.frames.p95.toFixed(1)}`);
  line('scroll: frame time max', (result) => ms(result.frames.max));
  line('scroll: frames over 25 ms / 33 ms', (result) => `${result.frames.over16} / ${result.frames.over33}`);
  line('scroll: update per frame p50 / p95', (result) => `${result.updates.p50.toFixed(2)} / ${result.updates.p95.toFixed(2)}`);
  line('scroll: long tasks (> 50 ms)', (result) => String(result.longTasks));
  line('rows in the DOM while scrolling', (result) => String(result.maxRowsWhileScrolling));
  console.log(
    `\nratios 10,000 : 100 files: re-render ${(large.renderMs / small.renderMs).toFixed(1)}x, scroll frame p95 ${(large.frames.p95 / small.frames.p95).toFixed(2)}x, ` +
      `scroll update p95 ${(large.updates.p95 / small.updates.p95).toFixed(1)}x, rows in the DOM ${(large.rows / small.rows).toFixed(2)}x`,
  );
} finally {
  await browser.close();
  server.close();
}
