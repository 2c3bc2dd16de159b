/**
 * Browser half of the element profile (driven by element-profile.ts): the element and the engine
 * from source, unminified so profile frames keep their names, each uploading as in the peer
 * benchmark (bench/peers-page.ts), and a counter of what the element does on each render.
 */
import '../elements/index.js';
import { UploadEngine } from '../engine/index.js';
import { benchFile } from './support/peer-run.js';

interface RenderCounts {
  /** Lit updates of `<svc-uploader>` (each one runs `render()` and commits the template). */
  updates: number;
  /** Time inside those updates, ms (script only: style and layout come after). */
  updateMs: number;
  /** `requestUpdate()` calls, including those that join an update already pending. */
  requestUpdates: number;
  /** DOM mutation batches in the shadow root, and the records in them, by the nearest `part`. */
  mutationBatches: number;
  mutationsByPart: Record<string, number>;
  /** `requestUpdate()` calls by the element code that made them (the nearest named callers). */
  requestUpdatesBy: Record<string, number>;
  /** When each update ran, ms since the upload began. */
  updateTimes: number[];
  /** DOM events the element dispatched, by name. */
  events: Record<string, number>;
}

let counts: RenderCounts | undefined;

/** Wraps the element class's `update` and `requestUpdate` once; counting runs between start and stop. */
function instrument(): void {
  const prototype = customElements.get('svc-uploader')!.prototype as {
    update(changed: unknown): void;
    requestUpdate(...args: unknown[]): void;
    emit(name: string, detail: unknown): Event;
  };
  const update = prototype.update;
  const requestUpdate = prototype.requestUpdate;
  const emit = prototype.emit;
  // Counted where the element dispatches, so no listener adds to what is measured.
  prototype.emit = function (this: unknown, name: string, detail: unknown) {
    if (counts) counts.events[name] = (counts.events[name] ?? 0) + 1;
    return emit.call(this, name, detail);
  };
  prototype.update = function (this: unknown, changed: unknown) {
    const started = performance.now();
    update.call(this, changed);
    if (counts) {
      counts.updateTimes.push(started - uploadStartedAt);
      counts.updates += 1;
      counts.updateMs += performance.now() - started;
    }
  };
  prototype.requestUpdate = function (this: unknown, ...args: unknown[]) {
    if (counts) {
      counts.requestUpdates += 1;
      // A stack costs about a millisecond here: taken only when asked for, as it skews the profile.
      if (tracingCallers) {
        const by = callers(new Error().stack ?? '');
        counts.requestUpdatesBy[by] = (counts.requestUpdatesBy[by] ?? 0) + 1;
      }
    }
    requestUpdate.apply(this, args);
  };
}

let uploadStartedAt = 0;
let tracingCallers = false;

/** `a < b < c` from a stack: the three frames above `requestUpdate` and the wrapper. */
function callers(stack: string): string {
  return stack
    .split('\n')
    .slice(2, 5)
    .map((line) => /at (?:async )?([^\s(]+)/.exec(line.trim())?.[1] ?? '?')
    .join(' < ');
}

function partOf(node: Node): string {
  const element = node instanceof Element ? node : node.parentElement;
  const parted = element?.closest('[part]');
  return parted?.getAttribute('part')?.split(' ')[0] ?? '(none)';
}

interface UploaderElement extends HTMLElement {
  addFiles(files: File[]): Promise<unknown>;
  upload(): Promise<{ successful: number; failed: number }>;
}

/** The chosen file, or its bytes cut into `count` files (a run of many files changes state often). */
function benchFiles(count: number): File[] {
  const file = benchFile();
  if (count === 1) return [file];
  const size = Math.ceil(file.size / count);
  return Array.from({ length: count }, (_, index) => new File([file.slice(index * size, (index + 1) * size)], `part-${index}.bin`));
}

/** One upload through `<svc-uploader>` as the peer benchmark's element row does, counting while it uploads. */
async function profileElement(withCallers: boolean, fileCount: number): Promise<RenderCounts & { ms: number }> {
  tracingCallers = withCallers;
  const element = document.createElement('svc-uploader') as UploaderElement;
  element.setAttribute('server-url', '/api/upload');
  element.setAttribute('resumable', '{"protocol": "multipart"}');
  element.setAttribute('max-files', String(fileCount));
  document.body.append(element);
  await element.addFiles(benchFiles(fileCount));
  await new Promise(requestAnimationFrame);
  const running: RenderCounts = {
    updates: 0,
    updateMs: 0,
    requestUpdates: 0,
    mutationBatches: 0,
    mutationsByPart: {},
    requestUpdatesBy: {},
    updateTimes: [],
    events: {},
  };
  const observer = new MutationObserver((records) => {
    running.mutationBatches += 1;
    for (const record of records) {
      const key = `${partOf(record.target)} ${record.type}${record.attributeName ? ` ${record.attributeName}` : ''}`;
      running.mutationsByPart[key] = (running.mutationsByPart[key] ?? 0) + 1;
    }
  });
  observer.observe(element.shadowRoot!, { subtree: true, childList: true, attributes: true, characterData: true });
  counts = running;
  const started = performance.now();
  uploadStartedAt = started;
  const summary = await element.upload();
  const ms = performance.now() - started;
  counts = undefined;
  observer.disconnect();
  element.remove();
  if (summary.successful !== fileCount) throw new Error(`element upload: ${JSON.stringify(summary)}`);
  return { ...running, ms };
}

/** The bare engine at its defaults, as the peer benchmark's engine row. */
async function profileEngine(fileCount: number): Promise<{ ms: number }> {
  const engine = new UploadEngine({ serverUrl: '/api/upload', resumable: { protocol: 'multipart' }, maxFiles: fileCount });
  await engine.addFiles(benchFiles(fileCount));
  const started = performance.now();
  await engine.start();
  const ms = performance.now() - started;
  const states = new Set(engine.files.map((file) => file.state));
  engine.destroy();
  if (states.size !== 1 || !states.has('successful')) throw new Error(`engine upload ended ${[...states].join(', ')}`);
  return { ms };
}

customElements.whenDefined('svc-uploader').then(() => {
  instrument();
  Object.assign(window, { profileElement, profileEngine });
});
