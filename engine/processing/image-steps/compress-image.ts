/**
 * The `imageCompression` step: JPEG, PNG, WebP and BMP images are scaled so their longest edge
 * fits the cap and re-encoded at the configured quality. Everything else (GIF and animated
 * PNG/WebP, whose animation a canvas would flatten; SVG; HEIC still unconverted; non-images)
 * passes through untouched.
 *
 * Output types: JPEG stays JPEG and WebP stays WebP. Opaque PNG and BMP become JPEG (a canvas PNG
 * is lossless and seldom smaller than the original). PNG with transparency stays PNG and is only
 * downscaled, so one already under the cap is left as it is; BMP with transparency becomes PNG.
 * The name's extension follows a change of type.
 *
 * Sizes: with `maxSizeMB`, a result above the target is encoded again 0.12 lower, down to 0.35;
 * the encode at 0.35 is kept even when still above the target (no size is reachable for some
 * images, and the upload should still happen). With neither a size target nor a dimension cap
 * (`maxWidthOrHeight: Infinity`), a re-encode larger than the original is dropped and the original
 * uploaded; whenever a cap or target is set, the re-encode is kept even if larger, as the contract
 * asks, so the stored image is always the upright, metadata-free encode at the chosen quality.
 */
import type { EngineOptions, PipelineContext, PipelineStepOutput } from '../../core/types.js';
import { decodeImage, drawScaled, fitWithin, hasTransparency, nameForType, type ScaledImage } from './canvas-codec.js';

const DEFAULT_QUALITY = 0.82;
const DEFAULT_MAX_EDGE = 1920;
const QUALITY_STEP = 0.12;
const QUALITY_FLOOR = 0.35;
const MIB = 1024 * 1024;

type RasterFormat = 'jpeg' | 'png' | 'webp' | 'bmp';
type OutputType = 'image/jpeg' | 'image/png' | 'image/webp';

const DECLARED_TYPES: Record<string, RasterFormat> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/x-bmp': 'bmp',
  'image/x-ms-bmp': 'bmp',
};

const EXTENSIONS: Record<string, RasterFormat> = { jpg: 'jpeg', jpeg: 'jpeg', jpe: 'jpeg', jfif: 'jpeg', png: 'png', webp: 'webp', bmp: 'bmp', dib: 'bmp' };

interface CompressionSettings {
  quality: number;
  /** `Infinity` when there is no dimension cap. */
  maxEdge: number;
  /** `Infinity` when there is no size target. */
  maxBytes: number;
}

/** `true` means the defaults; the object form fills what it leaves out with them. */
function compressionSettings(option: EngineOptions['imageCompression']): CompressionSettings {
  const given = typeof option === 'object' && option !== null ? option : {};
  const { quality = DEFAULT_QUALITY, maxWidthOrHeight = DEFAULT_MAX_EDGE, maxSizeMB = Infinity } = given;
  if (typeof quality !== 'number' || !(quality > 0 && quality <= 1)) {
    throw new TypeError(`imageCompression.quality must be a number above 0 and at most 1, got ${String(quality)}`);
  }
  if (typeof maxWidthOrHeight !== 'number' || !(maxWidthOrHeight >= 0)) {
    throw new TypeError(`imageCompression.maxWidthOrHeight must be a positive number, or Infinity for no cap, got ${String(maxWidthOrHeight)}`);
  }
  if (typeof maxSizeMB !== 'number' || !(maxSizeMB > 0)) {
    throw new TypeError(`imageCompression.maxSizeMB must be a positive number, got ${String(maxSizeMB)}`);
  }
  // A cap of 0 px could mean nothing else than "no cap".
  return { quality, maxEdge: maxWidthOrHeight === 0 ? Infinity : maxWidthOrHeight, maxBytes: maxSizeMB * MIB };
}

function declaredFormat(file: File): RasterFormat | undefined {
  if (file.type) return DECLARED_TYPES[file.type.toLowerCase()];
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return extension ? EXTENSIONS[extension] : undefined;
}

async function bytesAt(file: Blob, start: number, length: number): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(start, start + length).arrayBuffer());
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** APNG announces itself with an `acTL` chunk before the first `IDAT`. */
async function isAnimatedPng(file: Blob): Promise<boolean> {
  let offset = 8;
  for (let chunk = 0; chunk < 256 && offset + 8 <= file.size; chunk += 1) {
    const header = await bytesAt(file, offset, 8);
    const length = new DataView(header.buffer, header.byteOffset).getUint32(0);
    const name = ascii(header, 4, 4);
    if (name === 'acTL') return true;
    if (name === 'IDAT' || name === 'IEND') return false;
    offset += 12 + length;
  }
  return false;
}

/** What the bytes are, whatever the file claims: a GIF named `.jpg` keeps its animation. */
async function sniffFormat(file: Blob): Promise<RasterFormat | 'animated' | undefined> {
  const head = await bytesAt(file, 0, 32);
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return (await isAnimatedPng(file)) ? 'animated' : 'png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') {
    // An extended (VP8X) header carries the animation flag.
    return ascii(head, 12, 4) === 'VP8X' && (head[20]! & 0x02) !== 0 ? 'animated' : 'webp';
  }
  if (ascii(head, 0, 2) === 'BM') return 'bmp';
  return undefined;
}

/** The format to compress, or `undefined` for files this step leaves alone. */
async function compressibleFormat(file: File): Promise<RasterFormat | undefined> {
  if (!declaredFormat(file)) return undefined;
  const format = await sniffFormat(file);
  return format === 'animated' ? undefined : format;
}

function outputTypeOf(format: RasterFormat, image: ImageBitmap): OutputType {
  if (format === 'jpeg') return 'image/jpeg';
  if (format === 'webp') return 'image/webp';
  return hasTransparency(image) ? 'image/png' : 'image/jpeg';
}

/**
 * Encodes at the configured quality, then lower while above the size target. `undefined` when
 * the browser cannot write the type (it hands back PNG instead, e.g. WebP in older Safari).
 */
async function encodeWithinTarget(scaled: ScaledImage, type: OutputType, settings: CompressionSettings, signal: AbortSignal): Promise<Blob | undefined> {
  // Quality means nothing to a PNG encoder: one encode is all there is.
  const lossless = type === 'image/png';
  let quality = settings.quality;
  for (;;) {
    const blob = await scaled.encode(type, lossless ? undefined : quality);
    signal.throwIfAborted();
    if (blob.type !== type) return undefined;
    if (lossless || blob.size <= settings.maxBytes || quality <= QUALITY_FLOOR) return blob;
    quality = Math.max(QUALITY_FLOOR, Math.round((quality - QUALITY_STEP) * 1000) / 1000);
  }
}

export async function compressImage({ file, options, signal }: PipelineContext): Promise<PipelineStepOutput | void> {
  const format = await compressibleFormat(file);
  if (!format) return;
  const settings = compressionSettings(options.imageCompression);
  const image = await decodeImage(file);
  if (!image) return;
  try {
    signal.throwIfAborted();
    const size = fitWithin(image, settings.maxEdge, settings.maxEdge);
    const downscaled = size.width < image.width || size.height < image.height;
    const type = outputTypeOf(format, image);
    // A transparent PNG re-encoded at its own size holds the same pixels, usually in more bytes.
    if (format === 'png' && type === 'image/png' && !downscaled) return;
    const scaled = drawScaled(image, size, type === 'image/jpeg' ? { background: '#fff' } : {});
    try {
      const blob = await encodeWithinTarget(scaled, type, settings, signal);
      if (!blob) return;
      if (settings.maxEdge === Infinity && settings.maxBytes === Infinity && blob.size > file.size) return;
      const name = type === `image/${format}` ? file.name : nameForType(file.name, type);
      return { file: new File([blob], name, { type, lastModified: file.lastModified }) };
    } finally {
      scaled.release();
    }
  } finally {
    image.close();
  }
}
