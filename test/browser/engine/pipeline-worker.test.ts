import { expect } from '@open-wc/testing';
import { UploadEngine } from '../../../engine/index.js';
import type { EngineOptions } from '../../../engine/index.js';
import { stopImageWorker } from '../../../engine/processing/image-steps/worker-client.js';
import { dimensionsOf, encodedPhoto, watchEncodes, type EncodeCall } from './compression-fixtures.js';
import { readBack, sha256Of, uploadAndReadBack, type StoredUpload } from './helpers.js';

const OriginalWorker = window.Worker;

interface WorkerJobMessage {
  id: number;
  step?: string;
  file?: File;
  options?: unknown;
  cancel?: true;
}

interface WorkerReplyMessage {
  id: number;
  output?: { file?: File; thumbnail?: { file: Blob }; metadata?: Record<string, unknown> };
  error?: string;
}

/** One worker the page constructed: its URL, what the page sent it and what it answered. */
interface WorkerLog {
  url: string;
  type: string | undefined;
  sent: WorkerJobMessage[];
  replies: WorkerReplyMessage[];
  terminated: Promise<void>;
}

/** Replaces `window.Worker` for the length of a test; `restore` puts the browser's own back. */
function replaceWorker(Replacement: typeof Worker): { restore(): void } {
  window.Worker = Replacement;
  return {
    restore: () => {
      window.Worker = OriginalWorker;
    },
  };
}

/** Starts real workers as the page asks, and records each one with its messages both ways. */
function recordWorkers(): { workers: WorkerLog[]; nextJob(): Promise<WorkerJobMessage>; restore(): void } {
  const workers: WorkerLog[] = [];
  let jobWaiters: Array<(job: WorkerJobMessage) => void> = [];
  class RecordingWorker extends OriginalWorker {
    readonly #log: WorkerLog;
    #markTerminated!: () => void;

    constructor(url: string | URL, options?: WorkerOptions) {
      const href = String(url);
      super(href, options);
      this.#log = {
        url: href,
        type: options?.type,
        sent: [],
        replies: [],
        terminated: new Promise((resolve) => {
          this.#markTerminated = resolve;
        }),
      };
      workers.push(this.#log);
      this.addEventListener('message', (event: MessageEvent<WorkerReplyMessage>) => this.#log.replies.push(event.data));
    }

    override postMessage(message: WorkerJobMessage, options?: StructuredSerializeOptions | Transferable[]): void {
      this.#log.sent.push(message);
      super.postMessage(message, options as StructuredSerializeOptions);
      const waiters = jobWaiters;
      jobWaiters = [];
      for (const resolve of waiters) resolve(message);
    }

    override terminate(): void {
      super.terminate();
      this.#markTerminated();
    }
  }
  const replaced = replaceWorker(RecordingWorker);
  // Resolved from within postMessage: the test goes on before any reply (a task) can arrive.
  const nextJob = (): Promise<WorkerJobMessage> =>
    new Promise((resolve) => {
      jobWaiters.push(resolve);
    });
  return { workers, nextJob, restore: replaced.restore };
}

/** Runs `run` with workers recorded and the main thread's canvas encodes watched. */
async function observing<T>(run: () => Promise<T>): Promise<{ result: T; workers: WorkerLog[]; mainThreadEncodes: EncodeCall[] }> {
  const recorder = recordWorkers();
  const encodes = watchEncodes();
  try {
    return { result: await run(), workers: recorder.workers, mainThreadEncodes: encodes.calls };
  } finally {
    encodes.restore();
    recorder.restore();
  }
}

const BOTH_STEPS: EngineOptions = { imageCompression: true, thumbnailGenerator: true };

/** What a user would compare between two runs: the stored image and the thumbnail. */
async function outcomeOf({ record, stored }: StoredUpload): Promise<Record<string, unknown>> {
  return {
    name: record.name,
    type: stored.type,
    size: stored.size,
    dimensions: await dimensionsOf(stored),
    thumbnailType: record.thumbnail?.file.type,
    thumbnailSize: record.thumbnail?.file.size,
    thumbnailDimensions: record.thumbnail ? await dimensionsOf(record.thumbnail.file) : undefined,
  };
}

/** The checks every path must pass for a 3000×2000 JPEG at quality 0.95 with both steps on. */
async function expectCompressedWithThumbnail(upload: StoredUpload, original: File): Promise<void> {
  const { record, stored } = upload;
  expect(await dimensionsOf(stored)).to.deep.equal({ width: 1920, height: 1280 });
  expect(stored.type).to.equal('image/jpeg');
  expect(stored.size).to.be.below(original.size);
  expect(await sha256Of(stored)).to.equal(await sha256Of(record.file));
  expect(record).to.include({ name: original.name, type: 'image/jpeg' });
  expect(record.file.lastModified).to.equal(original.lastModified);
  expect(record.thumbnail?.file.type).to.equal('image/webp');
  expect(await dimensionsOf(record.thumbnail!.file)).to.deep.equal({ width: 200, height: 133 });
  expect(String(record.metadata['thumbnailUrl'])).to.match(/^data:image\/webp;base64,/);
}

describe('webWorker: compression and thumbnails off the main thread (real handler)', () => {
  let original: File;
  let second: File;

  before(async () => {
    // Drawn before any encode is watched: the fixtures encode on the main thread.
    original = await encodedPhoto('holiday.jpg', 3000, 2000, 'image/jpeg', 0.95);
    second = await encodedPhoto('beach.jpg', 2400, 3200, 'image/jpeg', 0.95, { seed: 7 });
  });

  // The worker outlives an engine and serves the next one; each test starts without it.
  beforeEach(() => stopImageWorker());

  it('by default compresses and makes thumbnails in one module worker, with no canvas encode on the main thread', async () => {
    const { result, workers, mainThreadEncodes } = await observing(() => uploadAndReadBack([original, second], BOTH_STEPS));
    const { uploads, errors } = result;
    expect(errors).to.deep.equal([]);
    await expectCompressedWithThumbnail(uploads[0]!, original);
    expect(await dimensionsOf(uploads[1]!.stored)).to.deep.equal({ width: 1440, height: 1920 });

    expect(workers).to.have.length(1);
    const [worker] = workers;
    expect(worker!.url).to.match(/\/image-worker\.js$/);
    expect(worker!.type).to.equal('module');
    expect(worker!.sent.map((job) => `${job.file?.name}:${job.step}`).sort()).to.deep.equal([
      'beach.jpg:compression',
      'beach.jpg:thumbnail',
      'holiday.jpg:compression',
      'holiday.jpg:thumbnail',
    ]);
    expect(worker!.replies.filter((reply) => reply.error)).to.deep.equal([]);
    expect(mainThreadEncodes).to.deep.equal([]);

    // The bytes in the bucket and the thumbnail are the ones the worker answered with.
    for (const { record, stored } of uploads) {
      const jobOf = (step: string): number => worker!.sent.find((job) => job.step === step && job.file?.name === record.originalFile.name)!.id;
      const compressed = worker!.replies.find((reply) => reply.id === jobOf('compression'))!.output!.file!;
      expect(await sha256Of(stored), record.name).to.equal(await sha256Of(compressed));
      const thumbnail = worker!.replies.find((reply) => reply.id === jobOf('thumbnail'))!.output!.thumbnail!.file;
      expect(await sha256Of(record.thumbnail!.file), record.name).to.equal(await sha256Of(thumbnail));
    }
  });

  it('sends the worker the step option as given', async () => {
    const options: EngineOptions = { imageCompression: { quality: 0.6, maxWidthOrHeight: 1000 }, thumbnailGenerator: { width: 64 } };
    const { result, workers } = await observing(() => uploadAndReadBack([original], options));
    expect(workers[0]!.sent.map(({ step, options }) => ({ step, options }))).to.deep.equal([
      { step: 'compression', options: { quality: 0.6, maxWidthOrHeight: 1000 } },
      { step: 'thumbnail', options: { width: 64 } },
    ]);
    const { record, stored } = result.uploads[0]!;
    expect(await dimensionsOf(stored)).to.deep.equal({ width: 1000, height: 667 });
    expect(await dimensionsOf(record.thumbnail!.file)).to.deep.equal({ width: 64, height: 43 });
  });

  it('with webWorker: false, encodes on the main thread and starts no worker', async () => {
    const { result, workers, mainThreadEncodes } = await observing(() => uploadAndReadBack([original], { ...BOTH_STEPS, webWorker: false }));
    expect(result.errors).to.deep.equal([]);
    await expectCompressedWithThumbnail(result.uploads[0]!, original);
    expect(workers).to.deep.equal([]);
    expect(mainThreadEncodes.map(({ type, quality }) => ({ type, quality }))).to.deep.equal([
      { type: 'image/jpeg', quality: 0.82 },
      { type: 'image/webp', quality: 0.7 },
    ]);
  });

  it('stores the same image and thumbnail as the main thread, also when encoding again for a size target', async () => {
    const cases: Array<{ options: EngineOptions; jpegEncodes: number }> = [
      { options: BOTH_STEPS, jpegEncodes: 1 },
      { options: { imageCompression: { maxSizeMB: 0.1 }, thumbnailGenerator: { width: 120, quality: 0.5 } }, jpegEncodes: 3 },
    ];
    for (const { options, jpegEncodes } of cases) {
      stopImageWorker();
      const inWorker = await observing(() => uploadAndReadBack([original], options));
      const onMainThread = await observing(() => uploadAndReadBack([original], { ...options, webWorker: false }));
      expect(inWorker.workers).to.have.length(1);
      expect(inWorker.mainThreadEncodes).to.deep.equal([]);
      expect(onMainThread.mainThreadEncodes.filter(({ type }) => type === 'image/jpeg')).to.have.length(jpegEncodes);
      expect(await outcomeOf(inWorker.result.uploads[0]!)).to.deep.equal(await outcomeOf(onMainThread.result.uploads[0]!));
    }
  });

  it('runs on the main thread when the Worker constructor throws (no module workers, a bundle from another origin)', async () => {
    let attempts = 0;
    const replaced = replaceWorker(
      class RefusedWorker {
        constructor() {
          attempts += 1;
          throw new DOMException('Script at a cross-origin URL cannot be accessed from this origin', 'SecurityError');
        }
      } as unknown as typeof Worker,
    );
    const encodes = watchEncodes();
    try {
      const { uploads, errors } = await uploadAndReadBack([original], BOTH_STEPS);
      expect(errors).to.deep.equal([]);
      await expectCompressedWithThumbnail(uploads[0]!, original);
      expect(attempts).to.be.at.least(1);
      expect(encodes.calls.map(({ type }) => type)).to.deep.equal(['image/jpeg', 'image/webp']);
    } finally {
      encodes.restore();
      replaced.restore();
    }
  });

  it('runs on the main thread when the worker script cannot be loaded', async () => {
    // Without the `error` event handled this would wait for the 30 s default timeout, past the test's own.
    const replaced = replaceWorker(
      class MissingWorker extends OriginalWorker {
        constructor(_url: string | URL, options?: WorkerOptions) {
          super('/no-such-worker.js', options);
        }
      },
    );
    try {
      const { uploads, errors } = await uploadAndReadBack([original], BOTH_STEPS);
      expect(errors).to.deep.equal([]);
      await expectCompressedWithThumbnail(uploads[0]!, original);
    } finally {
      replaced.restore();
    }
  });

  it('runs on the main thread after workerTimeoutMs when the worker never answers, and stops that worker', async () => {
    const terminated: Array<Promise<void>> = [];
    const replaced = replaceWorker(
      class SilentWorker extends OriginalWorker {
        #markTerminated!: () => void;
        constructor(_url: string | URL, options?: WorkerOptions) {
          super(URL.createObjectURL(new Blob(['// never answers'], { type: 'text/javascript' })), options);
          terminated.push(
            new Promise((resolve) => {
              this.#markTerminated = resolve;
            }),
          );
        }

        override terminate(): void {
          super.terminate();
          this.#markTerminated();
        }
      },
    );
    try {
      const { uploads, errors } = await uploadAndReadBack([original], { ...BOTH_STEPS, workerTimeoutMs: 300 });
      expect(errors).to.deep.equal([]);
      await expectCompressedWithThumbnail(uploads[0]!, original);
      expect(terminated.length).to.be.at.least(1);
      await Promise.all(terminated);
    } finally {
      replaced.restore();
    }
  });

  it('stops the worker when the file is paused mid-work, and starts a new one on resume', async () => {
    const recorder = recordWorkers();
    try {
      const engine = new UploadEngine({ serverUrl: '/api/upload', imageCompression: true });
      await engine.addFiles([original]);
      const sent = recorder.nextJob();
      const run = engine.start();
      expect((await sent).step).to.equal('compression');
      expect(recorder.workers[0]!.replies).to.deep.equal([]);
      engine.pause();
      expect(engine.files[0]!.state).to.equal('paused');
      await recorder.workers[0]!.terminated;

      // The run that was paused completes with the resumed file.
      await Promise.all([engine.resume(), run]);
      expect(engine.files[0]!.state).to.equal('successful');
      expect(recorder.workers).to.have.length(2);
      const record = engine.files[0]!;
      const stored = await readBack(record.result?.downloadUrl);
      expect(await dimensionsOf(stored)).to.deep.equal({ width: 1920, height: 1280 });
      expect(recorder.workers[1]!.replies.map((reply) => reply.error)).to.deep.equal([undefined]);
    } finally {
      recorder.restore();
    }
  });

  // Last: a policy added to the page cannot be taken away again.
  it("runs on the main thread under a Content-Security-Policy with worker-src 'none'", async () => {
    const policy = Object.assign(document.createElement('meta'), { httpEquiv: 'Content-Security-Policy', content: "worker-src 'none'" });
    document.head.append(policy);
    const { result, workers, mainThreadEncodes } = await observing(() => uploadAndReadBack([original], BOTH_STEPS));
    expect(result.errors).to.deep.equal([]);
    await expectCompressedWithThumbnail(result.uploads[0]!, original);
    expect(workers.flatMap((worker) => worker.replies)).to.deep.equal([]);
    expect(mainThreadEncodes.map(({ type }) => type)).to.deep.equal(['image/jpeg', 'image/webp']);
  });
});
