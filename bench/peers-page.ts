/**
 * Browser half of the peer benchmark (driven by peers.ts) for this project's uploaders: the floor
 * (presigned part PUTs with plain fetch), the engine, and the `<svc-uploader>` element from the
 * built bundle the page loads beside this module.
 */
import { UploadEngine, type AddFilesResult } from '../engine/index.js';
import { benchFile, measureRun, type RunFigures } from './support/peer-run.js';

const MIB = 1024 * 1024;
const PART_BYTES = 8 * MIB;

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`/api/upload${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** One PUT with XMLHttpRequest and an upload progress listener, as the engine and Uppy send parts. */
function putWithXhr(url: string, body: Blob): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.upload.onprogress = () => undefined;
    request.onload = () => resolve(request.status);
    request.onerror = () => reject(new Error(`PUT ${url} failed`));
    request.send(body);
  });
}

async function putWithFetch(url: string, body: Blob): Promise<number> {
  return (await fetch(url, { method: 'PUT', body })).status;
}

/**
 * The floor: every part signed before the clock starts, then PUT `concurrency` at a time, with
 * fetch, or with `xhr` set (1) through XMLHttpRequest with a progress listener.
 */
async function runFloor(concurrency: number, xhr = 0): Promise<RunFigures> {
  const put = xhr ? putWithXhr : putWithFetch;
  const file = benchFile();
  const init = await post<{ token: string; partSize: number }>('/multipart/init', {
    name: file.name,
    type: file.type,
    size: file.size,
    chunkSizeBytes: PART_BYTES,
  });
  const count = Math.ceil(file.size / init.partSize);
  const urls = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      post<{ uploadUrl: string }>('/multipart/sign-part', { token: init.token, partNumber: index + 1 }).then((answer) => answer.uploadUrl),
    ),
  );
  const figures = await measureRun(async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const index = next;
          next += 1;
          const start = index * init.partSize;
          const status = await put(urls[index]!, file.slice(start, Math.min(file.size, start + init.partSize)));
          if (status !== 200) throw new Error(`part ${index + 1} answered ${status}`);
        }
      }),
    );
  });
  await post('/multipart/abort', { token: init.token });
  return figures;
}

/** The engine at its defaults, or with `concurrency` parts (and connections) and `partMiB` parts. */
async function runEngine(concurrency?: number, partMiB?: number): Promise<RunFigures> {
  const engine = new UploadEngine({
    serverUrl: '/api/upload',
    resumable: {
      protocol: 'multipart',
      ...(concurrency ? { maxConcurrentParts: concurrency } : {}),
      ...(partMiB ? { chunkSizeBytes: partMiB * MIB } : {}),
    },
    ...(concurrency ? { maxConnections: concurrency } : {}),
  });
  engine.on('part-retry', ({ partNumber, retry, error }) => console.warn(`engine part ${partNumber} retry ${retry}: ${error.code} ${error.message}`));
  await engine.addFiles([benchFile()]);
  const figures = await measureRun(async () => {
    await engine.start();
  });
  const { state, error } = engine.files[0]!;
  engine.destroy();
  if (state !== 'successful') throw new Error(`engine upload ended ${state}: ${error?.code} ${error?.message}`);
  return figures;
}

interface UploaderElement extends HTMLElement {
  addFiles(files: File[]): Promise<AddFilesResult>;
  upload(): Promise<{ successful: number; failed: number }>;
}

/** `<svc-uploader>` at its defaults, counting DOM mutation batches (renders) while it uploads. */
async function runElement(): Promise<RunFigures> {
  const element = document.createElement('svc-uploader') as UploaderElement;
  element.setAttribute('server-url', '/api/upload');
  element.setAttribute('resumable', '{"protocol": "multipart"}');
  document.body.append(element);
  await customElements.whenDefined('svc-uploader');
  const { rejected } = await element.addFiles([benchFile()]);
  // At its defaults the element refuses files over 1 GB: say so rather than upload nothing.
  if (rejected.length > 0) throw new Error(`element refused the file: ${rejected[0]!.reason} (${rejected[0]!.message})`);
  await new Promise(requestAnimationFrame);
  let renders = 0;
  const observer = new MutationObserver(() => (renders += 1));
  observer.observe(element.shadowRoot!, { subtree: true, childList: true, attributes: true, characterData: true });
  let summary = { successful: 0, failed: 0 };
  const figures = await measureRun(async () => {
    summary = await element.upload();
  });
  observer.disconnect();
  element.remove();
  if (summary.successful !== 1) throw new Error(`element upload: ${JSON.stringify(summary)}`);
  return { ...figures, rendersPerSecond: renders / (figures.ms / 1000) };
}

Object.assign(window, { runFloor, runEngine, runElement });
