/**
 * Module worker that runs the `imageCompression` and `thumbnailGenerator` steps off the main
 * thread, with the same runners the main thread uses (decoding, `OffscreenCanvas` and encoding all
 * exist in workers). Started by worker-client.ts; it answers each job with the step's output or an
 * error message, and a main-thread `run` then does the work instead.
 */
import type { EngineOptions, PipelineContext, PipelineStepOutput, UploadFileRecord } from '../../core/types.js';
import { compressImage } from './compress-image.js';
import { createThumbnail } from './thumbnail.js';

/** The steps this worker can run. */
export type WorkerStep = 'compression' | 'thumbnail';

/** A file to process, with the step's own option value (`imageCompression` or `thumbnailGenerator`). */
export interface WorkerJob {
  id: number;
  step: WorkerStep;
  file: File;
  options: unknown;
}

/** Stops a job whose file was paused, cancelled or removed. */
export interface WorkerCancel {
  id: number;
  cancel: true;
}

export type WorkerReply = { id: number; output?: PipelineStepOutput } | { id: number; error: string };

type Runner = (context: PipelineContext) => Promise<PipelineStepOutput | void>;

const STEPS: Record<WorkerStep, { run: Runner; option: keyof EngineOptions }> = {
  compression: { run: compressImage, option: 'imageCompression' },
  thumbnail: { run: createThumbnail, option: 'thumbnailGenerator' },
};

// The DOM typings describe a window, whose postMessage takes a target origin.
const scope = globalThis as unknown as {
  postMessage(message: WorkerReply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerJob | WorkerCancel>) => void): void;
};

const running = new Map<number, AbortController>();

async function runJob({ id, step, file, options }: WorkerJob): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  try {
    const { run, option } = STEPS[step];
    const output = await run({
      file,
      options: { [option]: options },
      signal: controller.signal,
      // The runners read `file`, `options` and `signal` only; one that needs the record would
      // throw here, and the main thread would then run it.
      record: undefined as unknown as UploadFileRecord,
    });
    scope.postMessage({ id, output: output ?? undefined });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    running.delete(id);
  }
}

scope.addEventListener('message', ({ data }) => {
  if ('cancel' in data) running.get(data.id)?.abort();
  else void runJob(data);
});
