/**
 * Drawing and encoding the edited image: turn, mirror, crop and colour applied in one draw onto a
 * canvas of the output size, then `toBlob`. The same drawing feeds the preview and the filter
 * thumbnails from a downscaled copy of the image.
 *
 * The saved image is a fresh encode of the canvas, so it carries no EXIF or other metadata of the
 * original (camera, location, colour profile tags); the orientation is already baked into pixels.
 */
import type { ImageEditorOutput } from '../types.js';
import { applyColourOperations, colourOperations, supportsCanvasFilter, toCssFilter } from './colour-filters.js';
import { displayTransform, effectiveName, type CropRect, type EditState } from './edit-state.js';

type EditorOutputType = NonNullable<ImageEditorOutput['type']>;

const DEFAULT_QUALITY = 0.92;

const EXTENSIONS: Record<EditorOutputType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
};

/** `image/jpg` and `image/pjpeg` still turn up in the wild for JPEG files. */
function normaliseType(type: string): string {
  const lower = type.toLowerCase();
  return lower === 'image/jpg' || lower === 'image/pjpeg' ? 'image/jpeg' : lower;
}

function isOutputType(type: string): type is EditorOutputType {
  return type in EXTENSIONS;
}

/** The requested type, else the original's when a canvas can write it, else PNG. */
function resolveOutputType(originalType: string, output: ImageEditorOutput): EditorOutputType {
  if (output.type) return output.type;
  const original = normaliseType(originalType);
  return isOutputType(original) ? original : 'image/png';
}

/**
 * `photo.gif` saved as PNG becomes `photo.png`; a name whose extension already fits is kept.
 * @internal Exported for tests.
 */
export function nameForType(name: string, originalType: string, type: string): string {
  if (normaliseType(originalType) === type || !isOutputType(type)) return name;
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return EXTENSIONS[type].includes(extension) ? name : `${base}.${EXTENSIONS[type][0]}`;
}

/** The crop's size scaled down (never up) to fit `maxWidth` × `maxHeight`, keeping its ratio. */
export function outputSize(state: EditState, output: ImageEditorOutput): { width: number; height: number } {
  const { width, height } = state.crop;
  const factor = Math.min(1, (output.maxWidth ?? Infinity) / width, (output.maxHeight ?? Infinity) / height);
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
}

/**
 * Draws `region` of the displayed image (turned and mirrored) to fill the context's `width` ×
 * `height`. `source` may be a downscaled copy: it is stretched over the full-size source's
 * coordinates, so the state's pixel numbers apply unchanged.
 */
export function drawEdited(
  context: CanvasRenderingContext2D,
  source: CanvasImageSource,
  state: EditState,
  region: CropRect,
  width: number,
  height: number,
): void {
  const scaleX = width / region.width;
  const scaleY = height / region.height;
  context.save();
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.setTransform(scaleX, 0, 0, scaleY, -region.x * scaleX, -region.y * scaleY);
  context.transform(...displayTransform(state));
  context.drawImage(source, 0, 0, state.sourceWidth, state.sourceHeight);
  context.restore();
}

/** Draws with the state's colour: through `ctx.filter` where it exists, on the pixels otherwise. */
function drawEditedWithColour(
  context: CanvasRenderingContext2D,
  source: CanvasImageSource,
  state: EditState,
  region: CropRect,
  width: number,
  height: number,
): void {
  const operations = colourOperations(state);
  const canFilter = supportsCanvasFilter(context);
  if (canFilter) context.filter = toCssFilter(operations);
  drawEdited(context, source, state, region, width, height);
  if (canFilter) {
    context.filter = 'none';
  } else if (operations.length > 0) {
    const pixels = context.getImageData(0, 0, width, height);
    applyColourOperations(pixels, operations);
    context.putImageData(pixels, 0, 0);
  }
}

function canvasOf(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('A 2D canvas is not available');
  return { canvas, context };
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))), type, quality);
  });
}

/** Encodes the edit of the full-resolution `source` as a new file. */
export async function renderEditedFile(source: CanvasImageSource, state: EditState, original: File, output: ImageEditorOutput): Promise<File> {
  const type = resolveOutputType(original.type, output);
  const { width, height } = outputSize(state, output);
  const { canvas, context } = canvasOf(width, height);
  try {
    drawEditedWithColour(context, source, state, state.crop, width, height);
    if (type === 'image/jpeg') {
      // JPEG has no alpha: transparent areas become white (under the image) instead of black.
      context.globalCompositeOperation = 'destination-over';
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
    }
    const blob = await toBlob(canvas, type, output.quality ?? DEFAULT_QUALITY);
    // A browser that cannot write the type (WebP in Safari) hands back PNG; name the file for what it holds.
    const written = blob.type || type;
    return new File([blob], nameForType(effectiveName(state), original.type, written), { type: written, lastModified: Date.now() });
  } finally {
    // Large canvases hold their memory until collected; Safari counts them against a hard limit.
    canvas.width = 0;
    canvas.height = 0;
  }
}

/** A small PNG data URL of the cropped, turned image (no colour: the view adds it with CSS). */
export function thumbnailUrl(source: CanvasImageSource, state: EditState, longEdge: number): string {
  const { width, height } = state.crop;
  const factor = Math.min(1, longEdge / Math.max(width, height));
  const size = { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
  const { canvas, context } = canvasOf(size.width, size.height);
  drawEdited(context, source, state, state.crop, size.width, size.height);
  return canvas.toDataURL('image/png');
}
