/**
 * The `heicConversion` step: HEIC/HEIF photos, as phones take them, become JPEG, which every browser
 * and image service can show. Files are recognised by their bytes (the ISO-BMFF `ftyp` brands), since
 * browsers often give a HEIC file an empty type; anything else passes through untouched.
 *
 * Decoding uses `heic-to` (libheif compiled to JavaScript, run in its own worker), an optional peer
 * dependency turned on by `svc-uploader/heic` (see heic-decoder.ts), loaded on the first HEIC file so
 * that pages which never see one never download it. libheif applies the file's
 * `irot`/`imir` transforms, so the JPEG comes out upright. Its `/csp` build is used because the default
 * one needs `unsafe-eval`; the worker is still created from a `blob:` URL (CSP `worker-src blob:`).
 */
import type { PipelineContext, PipelineStepOutput } from '../../core/types.js';
import { loadHeicDecoder } from './heic-decoder.js';

/** What browsers use for a canvas JPEG when no quality is given; any shrinking is `imageCompression`'s job. */
const JPEG_QUALITY = 0.92;

/** Brands of HEVC-coded HEIF: stills, collections and sequences, including the `x` (extended) variants. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
/** Brands every HEIF file may carry, whatever its codec. */
const HEIF_BRANDS = new Set(['mif1', 'msf1']);
/** AVIF is HEIF with AV1 inside; browsers show it as it is, so it is not converted. */
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** How much of the file start is read to find the brands; `ftyp` boxes are a few dozen bytes. */
const HEADER_BYTES = 512;

/** The major and compatible brands of an ISO-BMFF `ftyp` box at the start of `file`, or none. */
async function fileBrands(file: Blob): Promise<string[]> {
  const head = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
  const text = (start: number) => String.fromCharCode(...head.subarray(start, start + 4));
  if (head.length < 16 || text(4) !== 'ftyp') return [];
  const declared = new DataView(head.buffer).getUint32(0);
  // A size of 0 runs to the end of the file; 1 announces a 64-bit size, which no real ftyp needs.
  const end = declared >= 16 ? Math.min(declared, head.length) : head.length;
  const brands = [text(8)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(text(at));
  return brands;
}

/** Whether the bytes are a HEIF image this step converts (HEVC-coded, or generic HEIF that is not AVIF). */
async function isHeif(file: Blob): Promise<boolean> {
  const brands = await fileBrands(file);
  if (brands.some((brand) => HEVC_BRANDS.has(brand))) return true;
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return false;
  return brands.some((brand) => HEIF_BRANDS.has(brand));
}

/** `photo.heic` → `photo.jpg` (`IMG_0001.HEIC` → `IMG_0001.JPG`); a name without extension gains one. */
function jpegName(name: string): string {
  const match = /^(.+)\.([^./]+)$/.exec(name);
  if (!match) return `${name}.jpg`;
  const [, stem, extension] = match;
  return `${stem}.${extension === extension!.toUpperCase() && extension !== extension!.toLowerCase() ? 'JPG' : 'jpg'}`;
}

/** Settles with `work`, or rejects with the abort reason as soon as `signal` fires. */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

let blobWorkers: Promise<void> | undefined;

/**
 * heic-to decodes in a worker it starts from a `blob:` URL. Where the page's Content-Security-Policy
 * forbids that, the worker fails once and later requests to it are never answered, so each file
 * would wait forever: a throwaway worker checks first. Only a success is remembered.
 */
function blobWorkersAllowed(): Promise<void> {
  blobWorkers ??= new Promise<void>((resolve, reject) => {
    const url = URL.createObjectURL(new Blob(['postMessage(0)'], { type: 'text/javascript' }));
    const settle = (worker: Worker | undefined, failed: boolean) => {
      worker?.terminate();
      URL.revokeObjectURL(url);
      if (!failed) return resolve();
      reject(new Error("HEIC conversion needs a worker from a blob: URL, which the page's Content-Security-Policy blocks (allow it with worker-src blob:)"));
    };
    try {
      const worker = new Worker(url);
      worker.onmessage = () => settle(worker, false);
      worker.onerror = () => settle(worker, true);
    } catch {
      settle(undefined, true);
    }
  }).catch((error: unknown) => {
    blobWorkers = undefined;
    throw error;
  });
  return blobWorkers;
}

async function toJpeg(file: File): Promise<Blob> {
  await blobWorkersAllowed();
  const { heicTo } = await loadHeicDecoder();
  try {
    return await heicTo({ blob: file, type: 'image/jpeg', quality: JPEG_QUALITY });
  } catch (reason) {
    // heic-to rejects with libheif's message as a string, or with nothing when its worker failed.
    throw new Error(`Could not decode the HEIC image${reason ? `: ${String(reason).replace(/^Error: /, '')}` : ''}`);
  }
}

export async function convertHeic({ file, signal }: PipelineContext): Promise<PipelineStepOutput | void> {
  signal.throwIfAborted();
  if (!(await isHeif(file))) return;
  signal.throwIfAborted();
  // The decoder cannot be interrupted, so an abort stops waiting for it instead.
  const jpeg = await unlessAborted(toJpeg(file), signal);
  signal.throwIfAborted();
  return { file: new File([jpeg], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }) };
}
