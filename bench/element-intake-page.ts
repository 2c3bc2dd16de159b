/**
 * Browser half of the intake benchmark, driven by element-intake.ts: hands `<svc-uploader>` a
 * batch through its own file picker and watches the main thread until the batch has settled.
 */
import '../elements/index.js';
import type { SvcUploader } from '../elements/index.js';

export interface IntakeResult {
  count: number;
  maxFiles: number;
  settleMs: number;
  longTasks: number;
  longestTaskMs: number;
  longFrames: number;
  longestFrameMs: number;
  listed: number;
  refused: number;
  rowsInDom: number;
  refusalLines: number;
  heightPx: number;
}

const nextFrame = () => new Promise<number>(requestAnimationFrame);

async function run(count: number, maxFiles: number): Promise<IntakeResult> {
  document.body.innerHTML = '';
  const element = document.createElement('svc-uploader') as SvcUploader;
  element.setAttribute('max-files', String(maxFiles));
  element.style.cssText = 'display: block; width: 640px';
  document.body.append(element);
  await element.updateComplete;
  const transfer = new DataTransfer();
  for (let index = 0; index < count; index += 1) {
    transfer.items.add(new File([`#${index}`], `photo-${String(index).padStart(5, '0')}.txt`, { type: 'text/plain' }));
  }
  const picker = element.shadowRoot!.querySelector<HTMLInputElement>('[part="file-input"]')!;
  picker.files = transfer.files;
  // Building 10,000 Files is a long frame of its own: let it end before the measured part starts.
  await nextFrame();
  await nextFrame();
  await new Promise((resolve) => setTimeout(resolve, 100));

  const tasks: number[] = [];
  const frames: number[] = [];
  let started = Infinity;
  const durations = (list: PerformanceObserverEntryList) =>
    list
      .getEntries()
      .filter((entry) => entry.startTime + entry.duration > started)
      .map((entry) => entry.duration);
  const taskObserver = new PerformanceObserver((list) => tasks.push(...durations(list)));
  taskObserver.observe({ type: 'longtask' });
  const frameObserver = new PerformanceObserver((list) => frames.push(...durations(list)));
  const loafSupported = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame');
  if (loafSupported) frameObserver.observe({ type: 'long-animation-frame' });

  let refused = 0;
  element.addEventListener('svc-file-reject', () => {
    refused += 1;
  });
  const settled = new Promise<void>((resolve) =>
    element.addEventListener(
      'svc-files-select',
      () => {
        // The batch has settled when the element's own `addFiles` promise would have: wait for its events.
        const done = () => resolve();
        element.addEventListener('svc-files-add', done, { once: true });
        element.addEventListener('svc-files-reject', done, { once: true });
      },
      { once: true },
    ),
  );
  started = performance.now();
  picker.dispatchEvent(new Event('change', { bubbles: true }));
  await settled;
  await element.updateComplete;
  await nextFrame();
  await nextFrame();
  const settleMs = performance.now() - started;
  // Long task entries are delivered after the task; give the observers one more turn.
  await new Promise((resolve) => setTimeout(resolve, 50));
  taskObserver.disconnect();
  frameObserver.disconnect();
  const root = element.shadowRoot!;
  return {
    count,
    maxFiles,
    settleMs,
    longTasks: tasks.length,
    longestTaskMs: Math.max(0, ...tasks),
    longFrames: loafSupported ? frames.length : -1,
    longestFrameMs: loafSupported ? Math.max(0, ...frames) : -1,
    listed: element.files.length,
    refused,
    rowsInDom: root.querySelectorAll('[part~="file"]').length,
    refusalLines: root.querySelectorAll('[part~="rejection"], [part~="rejection-more"]').length,
    heightPx: Math.round(element.getBoundingClientRect().height),
  };
}

Object.assign(window, { runIntakeBenchmark: run });
