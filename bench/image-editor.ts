/**
 * Benchmark: the image editor on a 12-megapixel JPEG next to a 2-megapixel one, in a real
 * Chromium: opening a session against a bare decode, edits (rotate, brightness) through the
 * rendered surface up to the frame that shows them, saving a turned, cropped, brightened JPEG
 * against the same pixels drawn and encoded by hand, and the memory a session holds until it is
 * disposed. Prints the figures and the ratios.
 *   node --import tsx bench/image-editor.ts
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { BROWSER_ARGS, findBrowser } from '../scripts/lib/find-browser.mjs';
import { servePageModule } from './support/page-server.js';

const PHOTOS = { small: [1600, 1200], large: [4000, 3000] } as const;
type PhotoKey = keyof typeof PHOTOS;
const OPEN_RUNS = 9;
const ACTIONS = 30;
const SAVE_RUNS = 7;
const MIB = 1024 * 1024;

interface Stats {
  p50: number;
  p95: number;
  max: number;
}
interface ActionStats {
  work: Stats;
  frame: Stats;
  drawsPerAction: number;
}
interface Interaction {
  rotate: ActionStats;
  brightness: ActionStats;
  canvas: { width: number; height: number };
}
interface Save {
  saveMs: number;
  floorMs: number;
  saved: { type: string; bytes: number; size: string };
  floor: { bytes: number; size: string };
}
interface Memory {
  heap: [number, number, number, number];
  rss: [number, number, number, number] | undefined;
}
interface Result {
  bytes: number;
  open: { sessionMs: number; floorMs: number; shownMs: number };
  interaction: Interaction;
  preview: { copyFirstMs: number | null; copyAgainMs: number | null; fullFirstMs: number; fullAgainMs: number };
  save: Save;
  memory: Memory;
}
interface BenchPage {
  preparePhotos(sizes: Record<string, readonly [number, number]>): Promise<Record<string, number>>;
  runOpen(key: string, runs: number): Promise<Result['open']>;
  runInteraction(key: string, count: number): Promise<Interaction>;
  runPreviewDraw(key: string, width: number, height: number, runs: number): Promise<Result['preview']>;
  runSave(key: string, runs: number): Promise<Save>;
  memoryStep(key: string, step: 'open' | 'dispose'): Promise<void>;
}

const server = await servePageModule(new URL('./image-editor-page.ts', import.meta.url));
const origin = server.origin;

// A dense screen, as on most laptops and phones: the preview canvas is drawn at device pixels. The
// flag makes them real (ResizeObserver's device-pixel box ignores Playwright's emulated scale alone);
// the page option makes `devicePixelRatio` agree.
const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...BROWSER_ARGS, '--force-device-scale-factor=2'] });
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 }, deviceScaleFactor: 2 });
  const cdp = await page.context().newCDPSession(page);
  const browserCdp = await browser.newBrowserCDPSession();
  await cdp.send('Performance.enable');
  await page.goto(origin);
  await page.waitForFunction(() => 'runOpen' in window);
  const call = <Name extends keyof BenchPage>(name: Name, ...args: Parameters<BenchPage[Name]>) =>
    page.evaluate(([fn, values]) => (window as unknown as Record<string, (...rest: unknown[]) => unknown>)[fn]!(...values), [
      name,
      args,
    ] as const) as ReturnType<BenchPage[Name]>;

  const heapUsed = async (): Promise<number> => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  };
  // Decoded pixels live outside the JS heap, so the renderer processes' resident memory (Linux) is read too.
  const rendererRss = async (): Promise<number | undefined> => {
    try {
      const { processInfo } = await browserCdp.send('SystemInfo.getProcessInfo');
      return processInfo
        .filter((process) => process.type === 'renderer')
        .reduce((sum, process) => {
          const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${process.id}/status`, 'utf8'))?.[1];
          if (!kib) throw new Error('no VmRSS');
          return sum + Number(kib) * 1024;
        }, 0);
    } catch {
      return undefined;
    }
  };
  const memory = async (key: PhotoKey): Promise<Memory> => {
    const heap: number[] = [await heapUsed()];
    const rss: (number | undefined)[] = [await rendererRss()];
    await call('memoryStep', key, 'open');
    heap.push(await heapUsed());
    rss.push(await rendererRss());
    await call('memoryStep', key, 'dispose');
    // Right after dispose, before any garbage collection: what `dispose()` itself gave back.
    heap.push((await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0);
    rss.push(await rendererRss());
    heap.push(await heapUsed());
    rss.push(await rendererRss());
    return { heap: heap as Memory['heap'], rss: rss.every((value) => value !== undefined) ? (rss as Memory['rss']) : undefined };
  };

  const bytes = await call('preparePhotos', PHOTOS);
  // Warm-up: JIT, the decoder and the JPEG encoder.
  await call('runOpen', 'small', 2);
  await call('runInteraction', 'small', 5);
  await call('runSave', 'small', 1);

  const measure = async (key: PhotoKey): Promise<Result> => {
    const open = await call('runOpen', key, OPEN_RUNS);
    const interaction = await call('runInteraction', key, ACTIONS);
    // Turned a quarter, as the redraw after a rotate: the same number of pixels, portrait.
    const preview = await call('runPreviewDraw', key, interaction.canvas.height, interaction.canvas.width, 5);
    const save = await call('runSave', key, SAVE_RUNS);
    return { bytes: bytes[key]!, open, interaction, preview, save, memory: await memory(key) };
  };
  const small = await measure('small');
  const large = await measure('large');

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const pair = (stats: Stats) => `${stats.p50.toFixed(1)} / ${stats.p95.toFixed(1)}`;
  const mib = (value: number, digits: number) => `${value >= 0 ? '+' : ''}${(value / MIB).toFixed(digits)}`;
  const deltas = (values: readonly number[], digits = 1) =>
    values
      .slice(1)
      .map((value) => mib(value - values[0]!, digits))
      .join(' / ');
  const line = (label: string, pick: (result: Result) => string) => console.log(`${label.padEnd(44)} ${pick(small).padStart(22)} ${pick(large).padStart(22)}`);
  const title = (key: PhotoKey) => `${((PHOTOS[key][0] * PHOTOS[key][1]) / 1e6).toFixed(0)} MP (${PHOTOS[key].join('×')})`;
  console.log(`${'image editor, JPEG photo'.padEnd(44)} ${title('small').padStart(22)} ${title('large').padStart(22)}`);
  line('photo file size', (result) => `${(result.bytes / MIB).toFixed(2)} MiB`);
  line(`open: createEditorSession (median of ${OPEN_RUNS})`, (result) => ms(result.open.sessionMs));
  line('open floor: createImageBitmap(file)', (result) => ms(result.open.floorMs));
  line('open + render to the painted frame', (result) => ms(result.open.shownMs));
  line('preview canvas (device px, 2x screen)', (result) => `${result.interaction.canvas.width}×${result.interaction.canvas.height}`);
  line('rotate: click to DOM (script) p50 / p95', (result) => pair(result.interaction.rotate.work));
  line(`rotate: click to next frame p50 / p95 (${ACTIONS})`, (result) => pair(result.interaction.rotate.frame));
  line('rotate: preview draws per click', (result) => result.interaction.rotate.drawsPerAction.toFixed(1));
  line('brightness: input to DOM (script) p50 / p95', (result) => pair(result.interaction.brightness.work));
  line('brightness: input to next frame p50 / p95', (result) => pair(result.interaction.brightness.frame));
  line('brightness: preview draws per input', (result) => result.interaction.brightness.drawsPerAction.toFixed(1));
  const firstAgain = (first: number | null, again: number | null) =>
    first === null || again === null ? 'no copy (fits)' : `${first.toFixed(1)} / ${again.toFixed(1)}`;
  line('preview draw ms from the 2048 px copy: 1st / 2nd', (result) => firstAgain(result.preview.copyFirstMs, result.preview.copyAgainMs));
  line('preview draw ms from the full image: 1st / 2nd', (result) => firstAgain(result.preview.fullFirstMs, result.preview.fullAgainMs));
  line(`save: turn + 16:9 + brightness (median ${SAVE_RUNS})`, (result) => ms(result.save.saveMs));
  line('save floor: drawImage + convertToBlob', (result) => ms(result.save.floorMs));
  line('saved file', (result) => `${result.save.saved.size} ${result.save.saved.type.replace('image/', '')} ${(result.save.saved.bytes / MIB).toFixed(2)} MiB`);
  line('floor file', (result) => `${result.save.floor.size} jpeg ${(result.save.floor.bytes / MIB).toFixed(2)} MiB`);
  line('JS heap MiB: open / disposed / after GC', (result) => deltas(result.memory.heap, 2));
  line('renderer RSS MiB: open / disposed / after GC', (result) => (result.memory.rss ? deltas(result.memory.rss) : 'n/a (no /proc)'));
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  console.log(
    `\nratios: open / floor ${ratio(small.open.sessionMs, small.open.floorMs)} (2 MP), ${ratio(large.open.sessionMs, large.open.floorMs)} (12 MP); ` +
      `save / floor ${ratio(small.save.saveMs, small.save.floorMs)} (2 MP), ${ratio(large.save.saveMs, large.save.floorMs)} (12 MP); ` +
      `12 MP : 2 MP open ${ratio(large.open.sessionMs, small.open.sessionMs)}, rotate to frame p50 ${ratio(large.interaction.rotate.frame.p50, small.interaction.rotate.frame.p50)}, ` +
      `brightness to frame p50 ${ratio(large.interaction.brightness.frame.p50, small.interaction.brightness.frame.p50)}, save ${ratio(large.save.saveMs, small.save.saveMs)}; ` +
      `12 MP preview first draw full / copy ${large.preview.copyFirstMs === null ? 'n/a' : ratio(large.preview.fullFirstMs, large.preview.copyFirstMs)}`,
  );
} finally {
  await browser.close();
  server.close();
}
