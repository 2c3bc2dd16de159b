/**
 * Browser half of the list benchmark, driven by element-list.ts: fills an `<svc-uploader>` with
 * files and measures adding, re-rendering and scrolling, frame by frame.
 */
import '../elements/index.js';
import type { SvcUploader } from '../elements/index.js';

interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  over16: number;
  over33: number;
}

function stats(samples: number[]): FrameStats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))]!;
  return {
    frames: samples.length,
    p50: at(0.5),
    p95: at(0.95),
    max: sorted[sorted.length - 1]!,
    over16: samples.filter((ms) => ms > 16.7 * 1.5).length,
    over33: samples.filter((ms) => ms > 33.4).length,
  };
}

const nextFrame = () => new Promise<number>(requestAnimationFrame);

async function run(count: number) {
  document.body.innerHTML = '';
  const element = document.createElement('svc-uploader') as SvcUploader;
  element.setAttribute('max-files', String(count));
  element.style.cssText = 'display: block; width: 640px';
  document.body.append(element);
  await element.updateComplete;
  const files = Array.from({ length: count }, (_, index) => new File([`#${index}`], `photo-${String(index).padStart(5, '0')}.txt`, { type: 'text/plain' }));

  let started = performance.now();
  await element.addFiles(files);
  await element.updateComplete;
  await nextFrame();
  const addMs = performance.now() - started;
  const rows = element.shadowRoot!.querySelectorAll('[part~="file"]').length;

  // One re-render of the whole element (what every progress event causes), 50 times.
  started = performance.now();
  for (let round = 0; round < 50; round += 1) {
    element.requestUpdate();
    await element.updateComplete;
  }
  const renderMs = (performance.now() - started) / 50;

  // Scrolling: 120 px a frame from top to bottom (or 400 frames), timing each frame and its update.
  const viewport = element.shadowRoot!.querySelector<HTMLElement>('[part~="file-list-viewport"]')!;
  const frameGaps: number[] = [];
  const updateTimes: number[] = [];
  let longTasks = 0;
  const observer = new PerformanceObserver((list) => {
    longTasks += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['longtask'] });
  let previous = await nextFrame();
  for (let frame = 0; frame < 400 && viewport.scrollTop + viewport.clientHeight < viewport.scrollHeight; frame += 1) {
    const before = performance.now();
    viewport.scrollTop += 120;
    viewport.dispatchEvent(new Event('scroll'));
    await element.updateComplete;
    updateTimes.push(performance.now() - before);
    const now = await nextFrame();
    frameGaps.push(now - previous);
    previous = now;
  }
  observer.disconnect();
  const maxRowsWhileScrolling = element.shadowRoot!.querySelectorAll('[part~="file"]').length;
  return { count, addMs, rows, renderMs, maxRowsWhileScrolling, longTasks, frames: stats(frameGaps), updates: stats(updateTimes) };
}

Object.assign(window, { runListBenchmark: run });
