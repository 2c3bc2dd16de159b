import { expect } from '@open-wc/testing';
import { UploadEngine } from '../../../engine/index.js';
import type { EngineEventMap, EngineEventName, EngineOptions, UploadFileRecord } from '../../../engine/index.js';

/** A File of `size` random bytes (random so dedup and byte comparisons mean something). */
export function randomFile(name: string, size: number, type = 'application/octet-stream'): File {
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 65536) {
    crypto.getRandomValues(bytes.subarray(offset, Math.min(size, offset + 65536)));
  }
  return new File([bytes], name, { type, lastModified: Date.now() });
}

export function textFile(name: string, text: string, type = 'text/plain'): File {
  return new File([text], name, { type });
}

/** Records every payload of the given events, in order. */
export function recordEvents<K extends EngineEventName>(engine: UploadEngine, names: K[]): Array<{ name: K; detail: EngineEventMap[K] }> {
  const seen: Array<{ name: K; detail: EngineEventMap[K] }> = [];
  for (const name of names) engine.on(name, (detail) => seen.push({ name, detail }));
  return seen;
}

/** Resolves with the first payload of `name` that satisfies `accept`. */
export function nextEvent<K extends EngineEventName>(
  engine: UploadEngine,
  name: K,
  accept: (detail: EngineEventMap[K]) => boolean = () => true,
): Promise<EngineEventMap[K]> {
  return new Promise((resolve) => {
    const stop = engine.on(name, (detail) => {
      if (!accept(detail)) return;
      stop();
      resolve(detail);
    });
  });
}

export async function sha256Of(data: Blob | ArrayBuffer): Promise<string> {
  const buffer = data instanceof Blob ? await data.arrayBuffer() : data;
  const digest = await crypto.subtle.digest('SHA-256', buffer);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A promise with its resolve function, to hold a pipeline step open. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Resolves once the file list satisfies `condition` (checked now and on every change). */
export function until(engine: UploadEngine, condition: (files: UploadEngine['files']) => boolean): Promise<void> {
  if (condition(engine.files)) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = engine.on('files-change', ({ files }) => {
      if (!condition(files)) return;
      stop();
      resolve();
    });
  });
}

/** Shorthand: the named file has reached `state`. */
export function untilState(engine: UploadEngine, name: string, state: string): Promise<void> {
  return until(engine, (files) => files.some((file) => file.name === name && file.state === state));
}

export interface FaultPlanSpec {
  /** partNumber → how many times its PUT goes to a storage stand-in answering 503. */
  failParts?: Record<number, number>;
  /** partNumber → how many times its PUT goes to an endpoint that never answers. */
  stallParts?: Record<number, number>;
  /** handler route (`multipart/sign-part`, …) → how many times it answers 403 `expired`. */
  expire?: Record<string, number>;
  /** handler route → how many times it answers 500. */
  fail?: Record<string, number>;
  /** Every `/multipart/sign-part` answer is held back this long. */
  signDelayMs?: number;
  /** `/multipart/sign-part` answers state this `expiresIn` (seconds) instead of the handler's. */
  signExpiresIn?: number;
  /** Let init sign the parts the engine asks for (`signParts`); otherwise the plan drops the field. */
  initSignsParts?: boolean;
  /** Init's part URLs state this `expiresIn` (seconds) instead of the handler's. */
  initExpiresIn?: number;
  /** Init's first part URL is listed as part 0, which no file has. */
  initPartsMalformed?: boolean;
  /**
   * Request (`multipart/complete`, or `multipart/sign-part:<partNumber>`) → how many times storage
   * loses the upload (it is aborted through the handler) just before that request is handled.
   */
  loseUpload?: Record<string, number>;
}

export interface FaultPlanLog {
  /** Part numbers of /multipart/sign-part requests, in order. */
  signedParts: number[];
  /** Part numbers whose URLs /multipart/init answered. */
  initParts: number[];
  resumes: number;
  completes: number;
  aborts: number;
  expiredAnswers: number;
  failedAnswers: number;
  bodies: Record<string, Record<string, unknown>>;
  /** Uploads aborted in storage by `loseUpload`. */
  lostUploads: number;
  lastToken?: string;
  statuses: string[];
}

/** The real handler behind a fault plan; `serverUrl` goes into the engine options. */
export async function createFaultPlan(spec: FaultPlanSpec = {}): Promise<{ serverUrl: string; log(): Promise<FaultPlanLog> }> {
  const response = await fetch('/test-fixtures/plans', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });
  const { id } = (await response.json()) as { id: string };
  return {
    serverUrl: `/test-fixtures/faulty/${id}`,
    log: async () => (await (await fetch(`/test-fixtures/plans/${id}`)).json()) as FaultPlanLog,
  };
}

/** Reads an object back from storage through the signed GET URL the handler returned. */
export async function readBack(url: string | undefined): Promise<Blob> {
  if (!url) throw new Error('No download URL to read the object back');
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET of the stored object answered ${response.status}`);
  return response.blob();
}

/** Storage PUTs of multipart parts seen by the browser (Resource Timing), with their time spans. */
export function storagePartRequests(since: number): Array<{ partNumber: number; start: number; end: number }> {
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => entry.startTime >= since && /[?&]partNumber=\d+/.test(entry.name) && /[?&]uploadId=/.test(entry.name))
    .map((entry) => ({
      partNumber: Number(/[?&]partNumber=(\d+)/.exec(entry.name)![1]),
      start: entry.startTime,
      end: entry.responseEnd,
    }));
}

export { maxOverlap } from '../../support/overlap.js';

/** A file the engine uploaded, and what the bucket holds for it. */
export interface StoredUpload {
  record: UploadFileRecord;
  stored: Blob;
}

/**
 * Uploads `files` through the real handler with `options`, expects each to succeed, and reads every
 * object back from the bucket; `errors` are the `pipeline-error` details seen on the way.
 */
export async function uploadAndReadBack(
  files: File[],
  options: EngineOptions,
): Promise<{ uploads: StoredUpload[]; errors: Array<EngineEventMap['pipeline-error']> }> {
  const engine = new UploadEngine({ serverUrl: '/api/upload', ...options });
  const errors = recordEvents(engine, ['pipeline-error']);
  await engine.addFiles(files);
  await engine.start();
  const uploads = await Promise.all(
    engine.files.map(async (record) => {
      expect(record.state, record.error?.message).to.equal('successful');
      return { record, stored: await readBack(record.result?.downloadUrl) };
    }),
  );
  return { uploads, errors: errors.map((event) => event.detail) };
}
