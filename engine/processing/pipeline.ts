import { loadChecksumDigests } from './checksum-digests.js';
import { BUILT_IN_IMAGE_STEPS, type ImageStage } from './image-steps/index.js';
import type { ResolvedOptions } from '../core/options.js';
import type { PipelineContext, PipelineStage, PipelineStep, PipelineStepOutput } from '../core/engine-options.js';

/** The contract's fixed order; `custom` steps run after the image steps and before hashing. */
export const PIPELINE_STAGE_ORDER: readonly PipelineStage[] = ['heic', 'exif', 'compression', 'thumbnail', 'custom', 'hashing'];

/** Builds the step for a flag; built-in image steps exist for each, and a page may replace one. */
export type PipelineStepFactory = (options: ResolvedOptions) => PipelineStep;

const registeredFactories = new Map<PipelineStage, PipelineStepFactory>();

/** Replaces the built-in step behind `heicConversion`, `stripExifData`, … with the page's own. */
export function definePipelineStep(stage: PipelineStage, factory: PipelineStepFactory): void {
  registeredFactories.set(stage, factory);
}

/** Step of `checksumVerification`: SHA-256 of the final bytes, sent as `metadata.checksumSha256`. */
const checksumStep: PipelineStep = {
  name: 'checksum',
  stage: 'hashing',
  async run({ file, signal }) {
    const checksum = await (await loadChecksumDigests()).fileSha256Hex(file, signal);
    return { checksum, metadata: { checksumSha256: checksum } };
  },
};

const FLAG_STAGES: ReadonlyArray<[ImageStage, (options: ResolvedOptions) => boolean]> = [
  ['heic', (options) => options.raw.heicConversion === true],
  ['exif', (options) => options.raw.stripExifData === true],
  ['compression', (options) => Boolean(options.raw.imageCompression)],
  ['thumbnail', (options) => Boolean(options.raw.thumbnailGenerator)],
];

/**
 * The steps to run, sorted by stage. An explicit `pipeline` replaces the flag-built list
 * (flags then add nothing); within a stage the given order is kept.
 */
export function assemblePipeline(options: ResolvedOptions): PipelineStep[] {
  let steps: PipelineStep[];
  if (options.raw.pipeline) {
    steps = [...options.raw.pipeline];
  } else {
    steps = [];
    for (const [stage, enabled] of FLAG_STAGES) {
      if (!enabled(options)) continue;
      const factory = registeredFactories.get(stage);
      steps.push(factory ? factory(options) : BUILT_IN_IMAGE_STEPS[stage]());
    }
    if (options.raw.checksumVerification) steps.push(checksumStep);
  }
  const rank = (step: PipelineStep): number => PIPELINE_STAGE_ORDER.indexOf(step.stage ?? 'custom');
  return steps
    .map((step, index) => ({ step, index }))
    .sort((a, b) => rank(a.step) - rank(b.step) || a.index - b.index)
    .map(({ step }) => step);
}

/** Stages whose steps decode the image: they never see one above `maxImagePixels`. */
const DECODING_STAGES: ReadonlySet<PipelineStage> = new Set(['heic', 'compression', 'thumbnail']);

/** A decoding step skipped an image whose declared size is above the pixel budget. */
class ImageTooLargeError extends Error {
  override readonly name = 'ImageTooLargeError';
  readonly code = 'IMAGE_TOO_LARGE';
}

/** The `code` a `pipeline-error` carries, when the failure has a known one. */
export function pipelineErrorCode(error: unknown): { code?: string } {
  return error instanceof ImageTooLargeError ? { code: error.code } : {};
}

/**
 * Runs one step: off the main thread when it offers `runInWorker` and `webWorker` is not false,
 * falling back to `run` on a throw or after `workerTimeoutMs`. A decoding step first reads the
 * image's declared size and refuses one above `maxImagePixels` (decoding costs 4 bytes a pixel,
 * whatever the file size: a 1 MB PNG can stand for gigabytes).
 */
export async function runStep(step: PipelineStep, context: PipelineContext, options: ResolvedOptions): Promise<PipelineStepOutput | void> {
  if (DECODING_STAGES.has(step.stage ?? 'custom')) {
    const { imageAbovePixelBudget, describeRefusedSize } = await import('./image-steps/image-dimensions.js');
    const refusal = await imageAbovePixelBudget(context.file, options.maxImagePixels);
    // HEIC conversion touches only ISO-BMFF images; for any other it has nothing to skip. A size
    // that cannot be read refuses where the header is one of the raster formats that always
    // declare it (a cut or forged header could stand for anything); other files (not images, SVG,
    // HEIC without an `ispe`) go to the step, which decodes only what it knows.
    const unreadable = refusal?.width === undefined;
    const refused = refusal && (!unreadable || (refusal.format !== undefined && refusal.format !== 'isobmff'));
    if (refused && (step.stage !== 'heic' || refusal.format === 'isobmff')) {
      const reason = unreadable ? 'its pixel size cannot be read' : `${describeRefusedSize(refusal)} is above maxImagePixels`;
      throw new ImageTooLargeError(`skipped: ${reason} (maxImagePixels ${options.maxImagePixels})`);
    }
  }
  if (step.runInWorker && options.raw.webWorker !== false) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), options.workerTimeoutMs);
    });
    try {
      const outcome = await Promise.race([step.runInWorker(context), timedOut]);
      if (outcome !== 'timeout') return outcome;
    } catch {
      // A paused or canceled file stops here; only an unavailable or crashed worker falls back.
      context.signal.throwIfAborted();
    } finally {
      clearTimeout(timer);
    }
  }
  return step.run(context);
}
