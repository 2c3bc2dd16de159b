/**
 * Benchmark: the memory a 20,000 × 20,000 px PNG (about 400 KB on disk, 1.6 GB of RGBA decoded)
 * costs the page when it is added to `<svc-uploader>`, against an `<img>` of the original bytes in
 * a 40 px row, which is how the list showed pictures before the pixel budget; then the same for a
 * 6,000 × 6,000 px PNG (36 MP, within the budget), whose row picture is a resized decode. Each scenario runs in
 * its own browser context; the resident memory of all renderer processes (Linux /proc, found
 * through CDP `SystemInfo.getProcessInfo`) is sampled every 50 ms and its start, peak and end printed.
 * Then a GIF whose logical screen is 1 × 1 px and whose one frame is 20,000 × 20,000 px, and an
 * SVG whose nested `<use>` fan out to 10^7 shapes. `BENCH_IMAGES=gif,svg` runs only those named
 * (png-20000, png-6000, gif, svg).
 *   node --import tsx bench/image-bomb.ts
 */
import { readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';
import { createImageBomb } from '../test/support/image-bomb.mjs';
import { gifWithFrame, useFanOutSvg } from '../test/support/gif-bomb.mjs';
import { servePageModule } from './support/page-server.js';

const MIB = 1024 * 1024;
const SAMPLE_MS = 50;

type Scenario = 'addToUploader' | 'addToUploaderWithSteps' | 'showOriginal' | 'blankPage';

async function rendererRss(browser: Browser): Promise<Map<number, number>> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    const sizes = new Map<number, number>();
    for (const process of processInfo.filter((entry) => entry.type === 'renderer')) {
      const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${process.id}/status`, 'utf8'))?.[1];
      if (kib) sizes.set(process.id, Number(kib) * 1024);
    }
    return sizes;
  } catch {
    return new Map();
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

const server = await servePageModule(new URL('./image-bomb-page.ts', import.meta.url));
const bomb = await createImageBomb();
const withinBudget = await createImageBomb(6000);
const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: BROWSER_ARGS });

async function measure(scenario: Scenario, base64 = '', type = 'image/png'): Promise<{ outcome: string; baseline: number; peak: number; settled: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.origin);
  await page.waitForFunction(() => 'addToUploader' in window);
  const total = (sizes: Map<number, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const baseline = total(await rendererRss(browser));
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, total(await rendererRss(browser)));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  let outcome: string;
  try {
    outcome =
      scenario === 'blankPage'
        ? 'nothing shown'
        : await page.evaluate(
            ([name, data, fileType]) => {
              const run = window as unknown as Record<string, (bytes: string, steps: boolean, type: string) => Promise<string>>;
              if (name === 'addToUploaderWithSteps') return run.addToUploader!(data, true, fileType);
              return run[name]!(data, false, fileType);
            },
            [scenario, base64, type] as const,
          );
  } catch (error) {
    outcome = `renderer failed: ${(error as Error).message.split('\n')[0]}`;
  }
  const settled = total(await rendererRss(browser));
  sampling = false;
  await sampler;
  await context.close();
  return { outcome, baseline, peak, settled };
}

try {
  // Warm-up: the bundle, the decoders.
  await measure('blankPage');
  const rows: Array<[string, Scenario]> = [
    ['<svc-uploader>: add the file', 'addToUploader'],
    ['<svc-uploader> + thumbnail & compression steps', 'addToUploaderWithSteps'],
    ['before: <img> of the original in a 40 px row', 'showOriginal'],
  ];
  const mib = (value: number) => (value / MIB).toFixed(0).padStart(8);
  const header = `${'scenario'.padEnd(50)} ${'shown'.padEnd(16)} ${'renderer RSS MiB: start'.padStart(24)} ${'peak'.padStart(8)} ${'end'.padStart(8)}`;
  const blank = await measure('blankPage');
  console.log(`blank page: renderer RSS ${mib(blank.baseline).trim()} MiB, peak ${mib(blank.peak).trim()} MiB`);
  const images: Array<{ id: string; title: string; bytes: Buffer; type: string }> = [
    { id: 'png-20000', title: '20000 × 20000 px PNG (1526 MiB as RGBA)', bytes: bomb, type: 'image/png' },
    { id: 'png-6000', title: '6000 × 6000 px PNG (137 MiB as RGBA)', bytes: withinBudget, type: 'image/png' },
    {
      id: 'gif',
      title: 'GIF, 1 × 1 px logical screen, one 20000 × 20000 px frame',
      bytes: Buffer.from(gifWithFrame({ frameWidth: 20_000, frameHeight: 20_000 })),
      type: 'image/gif',
    },
    { id: 'svg', title: 'SVG, nested <use> fanning out to 10^7 shapes', bytes: Buffer.from(useFanOutSvg(7)), type: 'image/svg+xml' },
  ];
  const wanted = process.env.BENCH_IMAGES?.split(',');
  for (const image of images.filter(({ id }) => !wanted || wanted.includes(id))) {
    console.log(`\n${(image.bytes.length / 1024).toFixed(0)} KiB ${image.title}`);
    console.log(header);
    for (const [label, scenario] of rows) {
      const result = await measure(scenario, image.bytes.toString('base64'), image.type);
      console.log(
        `${label.padEnd(50)} ${result.outcome.slice(0, 16).padEnd(16)} ${mib(result.baseline).padStart(24)} ${mib(result.peak)} ${mib(result.settled)}`,
      );
    }
  }
} finally {
  await browser.close();
  server.close();
}
