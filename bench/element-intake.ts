/**
 * Benchmark: `<svc-uploader>` handed a large batch through its file picker, in a real Chromium.
 * 10,000 files over the default `max-files` (10) are refused, then 10,000 files are accepted
 * (`max-files` 10,000). Prints how long the batch took to settle, the long tasks (> 50 ms) and long
 * animation frames it caused, and what ended up on screen.
 *   node --import tsx bench/element-intake.ts [count]
 */
import { chromium } from 'playwright';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';
import type { IntakeResult } from './element-intake-page.js';
import { servePageModule } from './support/page-server.js';

const count = Number(process.argv[2] ?? 10_000);
const server = await servePageModule(new URL('./element-intake-page.ts', import.meta.url));

const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: BROWSER_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  await page.goto(server.origin);
  await page.waitForFunction(() => 'runIntakeBenchmark' in window);
  const runOnce = (files: number, maxFiles: number) =>
    page.evaluate(([n, max]) => (window as unknown as { runIntakeBenchmark(n: number, max: number): Promise<IntakeResult> }).runIntakeBenchmark(n, max), [
      files,
      maxFiles,
    ] as const);
  await runOnce(200, 10); // warm-up: JIT and fonts
  const refused = await runOnce(count, 10);
  const accepted = await runOnce(count, count);

  const ms = (value: number) => (value < 0 ? 'n/a' : `${value.toFixed(1)} ms`);
  const columns = [`${count.toLocaleString('en')} refused`, `${count.toLocaleString('en')} accepted`];
  const line = (label: string, pick: (result: IntakeResult) => string) =>
    console.log(`${label.padEnd(36)} ${pick(refused).padStart(16)} ${pick(accepted).padStart(16)}`);
  console.log(`${'<svc-uploader> intake'.padEnd(36)} ${columns[0]!.padStart(16)} ${columns[1]!.padStart(16)}`);
  line('settled after', (result) => ms(result.settleMs));
  line('long tasks (> 50 ms)', (result) => String(result.longTasks));
  line('longest task', (result) => ms(result.longestTaskMs));
  line('long animation frames (> 50 ms)', (result) => (result.longFrames < 0 ? 'n/a' : String(result.longFrames)));
  line('longest animation frame', (result) => ms(result.longestFrameMs));
  line('files listed / refused', (result) => `${result.listed} / ${result.refused}`);
  line('rows in the DOM', (result) => String(result.rowsInDom));
  line('refusal lines on screen', (result) => String(result.refusalLines));
  line('element height', (result) => `${result.heightPx} px`);
  const worst = Math.max(refused.longestTaskMs, refused.longestFrameMs);
  console.log(
    `\nrefusing ${count.toLocaleString('en')} files: longest task or frame ${worst.toFixed(1)} ms (${worst <= 100 ? 'within' : 'OVER'} the 100 ms goal)`,
  );
} finally {
  await browser.close();
  server.close();
}
