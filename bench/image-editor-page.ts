/**
 * Browser half of the image editor benchmark, driven by image-editor.ts: makes photos with a canvas,
 * then times opening a session, edits through the rendered surface (click, slider) up to the frame
 * that shows them, and saving, each next to what the browser alone needs for the same pixels.
 */
import { nothing, render } from 'lit';
import { initialEditState, rotateQuarter } from '../elements/svc-uploader/editor/edit-state.js';
import type { EditorSession, EditorSessionContext } from '../elements/svc-uploader/editor/editor-session.js';
import { createEditorSession } from '../elements/svc-uploader/editor/image-editor.js';
import { drawEdited } from '../elements/svc-uploader/editor/render-image.js';

/** The editor's preview copy is no longer than this; the counterfactual below builds the same copy. */
const PREVIEW_LONG_EDGE = 2048;
const QUALITY = 0.92;

interface Stats {
  p50: number;
  p95: number;
  max: number;
}

const photos = new Map<string, File>();
const nextFrame = () => new Promise<number>(requestAnimationFrame);
const channel = new MessageChannel();
/** A message posted from a rAF callback arrives after that frame's style, layout, observers and paint. */
const afterFrame = async (): Promise<void> => {
  await nextFrame();
  await new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });
};

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}
const median = (samples: number[]) => stats(samples).p50;

/** A seeded xorshift, so every run gets the same photo. */
function noise(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** A gradient with shapes and per-pixel noise, so the JPEG is photo-sized rather than a few flat blocks. */
async function makePhoto(width: number, height: number): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#1e3a8a');
  gradient.addColorStop(0.5, '#f59e0b');
  gradient.addColorStop(1, '#065f46');
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  const random = noise(width * 31 + height);
  for (let shape = 0; shape < 40; shape += 1) {
    context.fillStyle = `hsl(${Math.round(random() * 360)} 60% 50% / 0.5)`;
    context.beginPath();
    context.arc(random() * width, random() * height, (0.02 + random() * 0.1) * width, 0, Math.PI * 2);
    context.fill();
  }
  const pixels = context.getImageData(0, 0, width, height);
  const data = pixels.data;
  for (let index = 0; index < data.length; index += 4) {
    const grain = (random() - 0.5) * 48;
    data[index] += grain;
    data[index + 1] += grain;
    data[index + 2] += grain;
  }
  context.putImageData(pixels, 0, 0);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY });
  return new File([blob], `photo-${width}x${height}.jpg`, { type: 'image/jpeg', lastModified: Date.now() });
}

async function preparePhotos(sizes: Record<string, [number, number]>): Promise<Record<string, number>> {
  const bytes: Record<string, number> = {};
  for (const [key, [width, height]] of Object.entries(sizes)) {
    const photo = await makePhoto(width, height);
    photos.set(key, photo);
    bytes[key] = photo.size;
  }
  return bytes;
}

function photo(key: string): File {
  const found = photos.get(key);
  if (!found) throw new Error(`No photo ${key}`);
  return found;
}

/** A session as the uploader holds it: rendered with lit into a container, re-rendered on request. */
interface Mounted {
  session: EditorSession;
  container: HTMLElement;
  /** Resolves once the update the last action requested has rendered. */
  rendered(): Promise<void>;
  unmount(): void;
}

/** Every tab and tool, the uploader's defaults; the keys stand in for translations. */
function contextFor(file: File, requestUpdate: () => void): EditorSessionContext {
  return {
    file,
    options: {
      display: 'inline',
      autoOpen: 'never',
      output: {},
      tabs: ['crop', 'adjust', 'filters'],
      tools: new Set(['rotate', 'flip', 'crop', 'brightness', 'contrast', 'saturation', 'filters', 'rename']),
    },
    t: (key) => key,
    icons: () => undefined,
    requestUpdate,
  };
}

async function mount(file: File): Promise<Mounted> {
  const container = document.createElement('div');
  container.style.cssText = 'inline-size: 720px; padding: 16px';
  document.body.append(container);
  let session: EditorSession | undefined;
  let pending: Promise<void> | undefined;
  // Like a Lit host: updates requested in one task render once, in a microtask.
  const requestUpdate = () => {
    pending ??= Promise.resolve().then(() => {
      pending = undefined;
      if (session) render(session.render(), container);
    });
  };
  session = await createEditorSession(contextFor(file, requestUpdate));
  render(session.render(), container);
  await afterFrame();
  return {
    session,
    container,
    rendered: async () => {
      while (pending) await pending;
    },
    unmount: () => {
      render(nothing, container);
      container.remove();
      session!.dispose();
    },
  };
}

function part<Element extends HTMLElement>(mounted: Mounted, name: string): Element {
  const element = mounted.container.querySelector<Element>(`[part~="${name}"]`);
  if (!element) throw new Error(`No [part~="${name}"] in the editor`);
  return element;
}

function click(mounted: Mounted, selector: string): void {
  const element = mounted.container.querySelector<HTMLElement>(selector);
  if (!element) throw new Error(`No ${selector} in the editor`);
  element.click();
}

function slide(mounted: Mounted, setting: string, value: number): void {
  const input = part<HTMLInputElement>(mounted, `editor-${setting}`);
  input.value = String(value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Opening a session (decode, EXIF orientation, preview copy) next to a bare decode, taking turns
 * at going first; then the same session rendered up to the painted frame, as the user sees it.
 */
async function runOpen(key: string, runs: number): Promise<{ sessionMs: number; floorMs: number; shownMs: number }> {
  const file = photo(key);
  const times = { session: [] as number[], floor: [] as number[], shown: [] as number[] };
  const time = async (into: number[], work: () => Promise<void>) => {
    await afterFrame();
    const started = performance.now();
    await work();
    into.push(performance.now() - started);
  };
  const floor = () => time(times.floor, async () => (await createImageBitmap(file)).close());
  const session = () => time(times.session, async () => (await createEditorSession(contextFor(file, () => undefined))).dispose());
  for (let run = 0; run < runs; run += 1) {
    if (run % 2) await session().then(floor);
    else await floor().then(session);
    let mounted: Mounted | undefined;
    await time(times.shown, async () => {
      mounted = await mount(file);
    });
    mounted!.unmount();
  }
  return { sessionMs: median(times.session), floorMs: median(times.floor), shownMs: median(times.shown) };
}

interface ActionStats {
  work: Stats;
  frame: Stats;
  drawsPerAction: number;
}

/** Counts the `drawImage` calls on one canvas, to see how many preview draws an action costs. */
function countDraws(canvas: HTMLCanvasElement): { count(): number; stop(): void } {
  const prototype = CanvasRenderingContext2D.prototype;
  const original = prototype.drawImage;
  let draws = 0;
  prototype.drawImage = function drawImage(this: CanvasRenderingContext2D, ...args: unknown[]) {
    if (this.canvas === canvas) draws += 1;
    return (original as (...rest: unknown[]) => void).apply(this, args);
  } as typeof original;
  return {
    count: () => draws,
    stop: () => {
      prototype.drawImage = original;
    },
  };
}

/**
 * One action at a time, each started right after a frame: `work` is the click (or slider input) to
 * the re-rendered DOM (script only: the canvas records its draws and rasters them with the frame);
 * `frame` is the click to the end of the frame that shows it, raster, observers and paint included,
 * so it also holds the wait for that frame (up to one refresh interval).
 */
async function timeActions(mounted: Mounted, count: number, act: (index: number) => void): Promise<ActionStats> {
  const work: number[] = [];
  const frame: number[] = [];
  const draws = countDraws(part<HTMLCanvasElement>(mounted, 'editor-canvas'));
  try {
    for (let index = 0; index < count; index += 1) {
      await afterFrame();
      const started = performance.now();
      act(index);
      await mounted.rendered();
      work.push(performance.now() - started);
      await afterFrame();
      frame.push(performance.now() - started);
    }
    return { work: stats(work), frame: stats(frame), drawsPerAction: draws.count() / count };
  } finally {
    draws.stop();
  }
}

async function runInteraction(key: string, count: number) {
  const mounted = await mount(photo(key));
  try {
    const canvas = part<HTMLCanvasElement>(mounted, 'editor-canvas');
    const rotate = await timeActions(mounted, count, () => click(mounted, '[part~="editor-rotate-right"]'));
    click(mounted, '[role="tab"][data-tab="adjust"]');
    await mounted.rendered();
    const brightness = await timeActions(mounted, count, (index) => slide(mounted, 'brightness', (index % 50) + 1));
    return { rotate, brightness, canvas: { width: canvas.width, height: canvas.height } };
  } finally {
    mounted.unmount();
  }
}

/**
 * What the downscaled copy saves: a preview redraw (a quarter turn into a canvas the size of the
 * editor's) from the copy and from the full image. The first draw from a freshly decoded image
 * also builds its smaller levels for the high-quality downscale, later draws reuse them, so both
 * are timed. Reading a pixel back makes the canvas draw now rather than at the next paint.
 */
async function runPreviewDraw(key: string, width: number, height: number, runs: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  const draw = (source: ImageBitmap) => {
    const state = rotateQuarter(initialEditState(source.width, source.height, 'photo.jpg'), 1);
    const started = performance.now();
    context.clearRect(0, 0, width, height);
    drawEdited(context, source, state, state.crop, width, height);
    context.getImageData(0, 0, 1, 1);
    return performance.now() - started;
  };
  const times = { copyFirst: [] as number[], copyAgain: [] as number[], fullFirst: [] as number[], fullAgain: [] as number[] };
  for (let run = 0; run < runs; run += 1) {
    const full = await createImageBitmap(photo(key));
    const factor = PREVIEW_LONG_EDGE / Math.max(full.width, full.height);
    const copy =
      factor < 1
        ? await createImageBitmap(full, { resizeWidth: Math.round(full.width * factor), resizeHeight: Math.round(full.height * factor), resizeQuality: 'high' })
        : undefined;
    if (copy) {
      times.copyFirst.push(draw(copy));
      times.copyAgain.push(draw(copy));
      copy.close();
    }
    times.fullFirst.push(draw(full));
    times.fullAgain.push(draw(full));
    full.close();
  }
  const medianOrNull = (samples: number[]) => (samples.length ? median(samples) : null);
  return {
    copyFirstMs: medianOrNull(times.copyFirst),
    copyAgainMs: medianOrNull(times.copyAgain),
    fullFirstMs: median(times.fullFirst),
    fullAgainMs: median(times.fullAgain),
  };
}

/** The largest centred 16:9 (9:16 when portrait) rectangle, as the crop tab's preset picks it. */
function crop16by9(width: number, height: number) {
  const ratio = width >= height ? 16 / 9 : 9 / 16;
  const w = width / height > ratio ? Math.max(1, Math.round(height * ratio)) : width;
  const h = width / height > ratio ? height : Math.max(1, Math.round(width / ratio));
  return { x: Math.round((width - w) / 2), y: Math.round((height - h) / 2), width: w, height: h };
}

async function sizeOf(blob: Blob): Promise<string> {
  const bitmap = await createImageBitmap(blob);
  const size = `${bitmap.width}×${bitmap.height}`;
  bitmap.close();
  return size;
}

/**
 * Quarter turn + 16:9 crop + brightness +20 saved as JPEG 0.92, next to the same pixels by hand:
 * one `drawImage` into a turned canvas of the output size with `filter`, then `convertToBlob`.
 */
async function runSave(key: string, runs: number) {
  const file = photo(key);
  const mounted = await mount(file);
  const bitmap = await createImageBitmap(file);
  try {
    click(mounted, '[part~="editor-rotate-right"]');
    await mounted.rendered();
    click(mounted, '[data-aspect="16:9"]');
    await mounted.rendered();
    click(mounted, '[role="tab"][data-tab="adjust"]');
    await mounted.rendered();
    slide(mounted, 'brightness', 20);
    await mounted.rendered();
    await afterFrame();

    // Turned clockwise, the displayed image is height × width.
    const crop = crop16by9(bitmap.height, bitmap.width);
    const byHand = async (): Promise<Blob> => {
      const canvas = new OffscreenCanvas(crop.width, crop.height);
      const context = canvas.getContext('2d')!;
      context.filter = 'brightness(1.2)';
      context.translate(-crop.x + bitmap.height, -crop.y);
      context.rotate(Math.PI / 2);
      context.drawImage(bitmap, 0, 0);
      return canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY });
    };

    const save: number[] = [];
    const floor: number[] = [];
    let saved: File | undefined;
    let drawn: Blob | undefined;
    const time = async <Value>(into: number[], work: () => Promise<Value>): Promise<Value> => {
      await afterFrame();
      const started = performance.now();
      const value = await work();
      into.push(performance.now() - started);
      return value;
    };
    for (let run = 0; run < runs; run += 1) {
      const bySession = async () => {
        saved = await time(save, () => mounted.session.save());
      };
      const byFloor = async () => {
        drawn = await time(floor, byHand);
      };
      if (run % 2) await bySession().then(byFloor);
      else await byFloor().then(bySession);
    }
    return {
      saveMs: median(save),
      floorMs: median(floor),
      saved: { type: saved!.type, bytes: saved!.size, size: await sizeOf(saved!) },
      floor: { bytes: drawn!.size, size: await sizeOf(drawn!) },
    };
  } finally {
    bitmap.close();
    mounted.unmount();
  }
}

/** For the memory figures: the driver reads the heap and process memory between these steps. */
let held: Mounted | undefined;
async function memoryStep(key: string, step: 'open' | 'dispose'): Promise<void> {
  if (step === 'open') {
    held = await mount(photo(key));
    return;
  }
  held?.unmount();
  held = undefined;
  await afterFrame();
}

Object.assign(window, { preparePhotos, runOpen, runInteraction, runPreviewDraw, runSave, memoryStep });
