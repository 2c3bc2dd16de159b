/**
 * The steps behind `heicConversion`, `stripExifData`, `imageCompression` and `thumbnailGenerator`.
 * Each is a small factory here; its implementation is a separate module imported on the first file
 * it runs on, so a page that never turns a flag on never downloads the code (nor, for HEIC, the
 * decoder). Only images the step understands are touched; other files pass through unchanged.
 */
import type { PipelineContext, PipelineStage, PipelineStep, PipelineStepOutput } from '../../core/types.js';
import type { WorkerStep } from './image-worker.js';

type StepRunner = (context: PipelineContext) => Promise<PipelineStepOutput | void>;

/**
 * `inWorker` names the step in image-worker.ts: the engine then tries it there first (unless
 * `webWorker: false`) and runs `run` when the worker cannot. EXIF stripping is byte slicing, too
 * cheap to be worth a worker, and the HEIC decoder brings a worker of its own.
 */
function lazyStep(name: string, stage: PipelineStage, load: () => Promise<StepRunner>, inWorker?: WorkerStep): PipelineStep {
  const step: PipelineStep = { name, stage, run: async (context) => (await load())(context) };
  if (inWorker) step.runInWorker = async (context) => (await import('./worker-client.js')).runInImageWorker(inWorker, context);
  return step;
}

/** The stages a flag turns on. */
export type ImageStage = 'heic' | 'exif' | 'compression' | 'thumbnail';

/** Built-in factories by stage; `definePipelineStep` replaces one with the page's own. */
export const BUILT_IN_IMAGE_STEPS: Record<ImageStage, () => PipelineStep> = {
  heic: () => lazyStep('heic-conversion', 'heic', async () => (await import('./heic-conversion.js')).convertHeic),
  exif: () => lazyStep('strip-exif', 'exif', async () => (await import('./strip-exif.js')).stripExif),
  compression: () => lazyStep('image-compression', 'compression', async () => (await import('./compress-image.js')).compressImage, 'compression'),
  thumbnail: () => lazyStep('thumbnail', 'thumbnail', async () => (await import('./thumbnail.js')).createThumbnail, 'thumbnail'),
};
