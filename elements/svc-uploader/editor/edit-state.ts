/**
 * What the user has done to the image, as plain data: quarter turns, flips, the crop rectangle,
 * colour adjustments, a filter preset and the file name. Every change is a function returning a new
 * state, so the view, the preview and the encoder all read the same numbers and the model can be
 * tested without a browser.
 *
 * Geometry: the displayed image is the source turned clockwise by `rotation`, then mirrored by
 * `flipX`/`flipY` in that turned frame. The crop rectangle is in the pixels of the displayed image.
 */
import { displayName } from '../engine-views/display-name.js';

type QuarterTurn = 0 | 90 | 180 | 270;
export type AspectPreset = 'free' | 'original' | 'square' | '4:3' | '16:9';
export type FilterPreset = 'none' | 'grayscale' | 'sepia' | 'vivid' | 'cool' | 'warm';
export type CropCorner = 'nw' | 'ne' | 'sw' | 'se';

export const ASPECT_PRESETS: readonly AspectPreset[] = ['free', 'original', 'square', '4:3', '16:9'];
export const FILTER_PRESETS: readonly FilterPreset[] = ['none', 'grayscale', 'sepia', 'vivid', 'cool', 'warm'];

export interface CropRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface ColourAdjustments {
  /** -100..100 each; 0 leaves the image as it is. */
  readonly brightness: number;
  readonly contrast: number;
  readonly saturation: number;
}

export interface EditState extends ColourAdjustments {
  /** The decoded source, EXIF orientation already applied. */
  readonly sourceWidth: number;
  readonly sourceHeight: number;
  readonly originalName: string;
  readonly rotation: QuarterTurn;
  readonly flipX: boolean;
  readonly flipY: boolean;
  readonly crop: CropRect;
  readonly aspect: AspectPreset;
  readonly filter: FilterPreset;
  readonly name: string;
}

export type ColourSetting = keyof ColourAdjustments;

export function initialEditState(sourceWidth: number, sourceHeight: number, name: string): EditState {
  return {
    // The field shows the name as the list does, suspicious characters as U+FFFD (see engine-views/display-name.ts).
    sourceWidth,
    sourceHeight,
    originalName: name,
    name: displayName(name),
    rotation: 0,
    flipX: false,
    flipY: false,
    crop: { x: 0, y: 0, width: sourceWidth, height: sourceHeight },
    aspect: 'free',
    filter: 'none',
    brightness: 0,
    contrast: 0,
    saturation: 0,
  };
}

export function resetEditState(state: EditState): EditState {
  return initialEditState(state.sourceWidth, state.sourceHeight, state.originalName);
}

/** Size of the turned and mirrored image (before the crop). */
export function displaySize(state: EditState): { width: number; height: number } {
  const sideways = state.rotation === 90 || state.rotation === 270;
  return sideways ? { width: state.sourceHeight, height: state.sourceWidth } : { width: state.sourceWidth, height: state.sourceHeight };
}

/**
 * The affine transform from source pixels to displayed pixels, in `setTransform(a, b, c, d, e, f)`
 * order: x' = a·x + c·y + e, y' = b·x + d·y + f.
 */
export function displayTransform(state: EditState): [number, number, number, number, number, number] {
  const { sourceWidth: w, sourceHeight: h } = state;
  const turned: Record<QuarterTurn, [number, number, number, number, number, number]> = {
    0: [1, 0, 0, 1, 0, 0],
    90: [0, 1, -1, 0, h, 0],
    180: [-1, 0, 0, -1, w, h],
    270: [0, -1, 1, 0, 0, w],
  };
  let [a, b, c, d, e, f] = turned[state.rotation];
  const size = displaySize(state);
  if (state.flipX) [a, c, e] = [-a, -c, size.width - e];
  if (state.flipY) [b, d, f] = [-b, -d, size.height - f];
  return [a, b, c, d, e, f];
}

/**
 * Mirroring both ways is half a turn; folding it keeps one spelling per orientation, so four
 * turns or two flips each way count as unchanged.
 */
function normaliseFlips(state: EditState): EditState {
  if (!state.flipX || !state.flipY) return state;
  return { ...state, flipX: false, flipY: false, rotation: ((state.rotation + 180) % 360) as QuarterTurn };
}

/** A quarter turn clockwise (`1`) or counter-clockwise (`-1`); the crop turns with the image. */
export function rotateQuarter(state: EditState, direction: 1 | -1): EditState {
  const { width, height } = displaySize(state);
  const { x, y, width: w, height: h } = state.crop;
  const crop = direction === 1 ? { x: height - (y + h), y: x, width: h, height: w } : { x: y, y: width - (x + w), width: h, height: w };
  // Turning a mirrored image by a quarter swaps which axis the mirror is on.
  const rotation = ((state.rotation + (direction === 1 ? 90 : 270)) % 360) as QuarterTurn;
  return { ...state, rotation, flipX: state.flipY, flipY: state.flipX, crop };
}

export function flip(state: EditState, axis: 'horizontal' | 'vertical'): EditState {
  const { width, height } = displaySize(state);
  const { crop } = state;
  const next =
    axis === 'horizontal'
      ? { ...state, flipX: !state.flipX, crop: { ...crop, x: width - crop.x - crop.width } }
      : { ...state, flipY: !state.flipY, crop: { ...crop, y: height - crop.y - crop.height } };
  return normaliseFlips(next);
}

/**
 * Width / height the preset asks for, or null for a free crop. Fixed ratios follow the image's
 * orientation (4:3 on a portrait image is 3:4), so turning the image keeps the crop valid.
 * @internal Exported for tests.
 */
export function aspectRatio(state: EditState, preset: AspectPreset = state.aspect): number | null {
  const { width, height } = displaySize(state);
  const landscape = width >= height;
  switch (preset) {
    case 'free':
      return null;
    case 'original':
      return width / height;
    case 'square':
      return 1;
    case '4:3':
      return landscape ? 4 / 3 : 3 / 4;
    case '16:9':
      return landscape ? 16 / 9 : 9 / 16;
  }
}

/** The largest rectangle of the preset's ratio, centred; the whole image for a free crop. */
function fullCrop(state: EditState, preset: AspectPreset = state.aspect): CropRect {
  const { width, height } = displaySize(state);
  const ratio = aspectRatio(state, preset);
  if (ratio === null) return { x: 0, y: 0, width, height };
  const w = width / height > ratio ? Math.max(1, Math.round(height * ratio)) : width;
  const h = width / height > ratio ? height : Math.max(1, Math.round(width / ratio));
  return { x: Math.round((width - w) / 2), y: Math.round((height - h) / 2), width: w, height: h };
}

export function setAspect(state: EditState, aspect: AspectPreset): EditState {
  if (aspect === 'free') return { ...state, aspect };
  return { ...state, aspect, crop: fullCrop(state, aspect) };
}

/** Back to the whole image (or the largest rectangle of the locked ratio). */
export function resetCrop(state: EditState): EditState {
  return { ...state, crop: fullCrop(state) };
}

/**
 * Smallest side of a crop: 2% of the image, at least 8 px, never more than the image.
 * @internal Exported for tests.
 */
export function minimumCropSize(state: EditState): number {
  const { width, height } = displaySize(state);
  return Math.min(width, height, Math.max(8, Math.round(Math.min(width, height) * 0.02)));
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Moves the crop by (dx, dy) displayed pixels, stopping at the image's edges. */
export function moveCrop(state: EditState, dx: number, dy: number): EditState {
  const { width, height } = displaySize(state);
  const { crop } = state;
  const x = clamp(Math.round(crop.x + dx), 0, width - crop.width);
  const y = clamp(Math.round(crop.y + dy), 0, height - crop.height);
  return x === crop.x && y === crop.y ? state : { ...state, crop: { ...crop, x, y } };
}

/**
 * Moves one corner by (dx, dy) while the opposite corner stays put. The crop keeps the preset's
 * ratio (the axis that moved most decides the size), its minimum size and stays inside the image.
 */
export function resizeCrop(state: EditState, corner: CropCorner, dx: number, dy: number): EditState {
  const { width: imageWidth, height: imageHeight } = displaySize(state);
  const { crop } = state;
  const dirX = corner === 'ne' || corner === 'se' ? 1 : -1;
  const dirY = corner === 'sw' || corner === 'se' ? 1 : -1;
  const anchorX = dirX === 1 ? crop.x : crop.x + crop.width;
  const anchorY = dirY === 1 ? crop.y : crop.y + crop.height;
  const maxWidth = dirX === 1 ? imageWidth - anchorX : anchorX;
  const maxHeight = dirY === 1 ? imageHeight - anchorY : anchorY;
  const ratio = aspectRatio(state);
  const minimum = minimumCropSize(state);

  let w = crop.width + dx * dirX;
  let h = crop.height + dy * dirY;
  if (ratio === null) {
    w = clamp(w, Math.min(minimum, maxWidth), maxWidth);
    h = clamp(h, Math.min(minimum, maxHeight), maxHeight);
  } else {
    if (Math.abs(dx) >= Math.abs(dy) * ratio) h = w / ratio;
    else w = h * ratio;
    const minWidth = Math.max(minimum, minimum * ratio);
    if (w < minWidth) [w, h] = [minWidth, minWidth / ratio];
    if (w > maxWidth) [w, h] = [maxWidth, maxWidth / ratio];
    if (h > maxHeight) [w, h] = [maxHeight * ratio, maxHeight];
  }
  w = Math.max(1, Math.round(w));
  h = Math.max(1, Math.round(h));
  const next = { x: dirX === 1 ? anchorX : anchorX - w, y: dirY === 1 ? anchorY : anchorY - h, width: w, height: h };
  return { ...state, crop: next };
}

export function setColour(state: EditState, setting: ColourSetting, value: number): EditState {
  return { ...state, [setting]: clamp(Math.round(value), -100, 100) };
}

export function setFilter(state: EditState, filter: FilterPreset): EditState {
  return { ...state, filter };
}

export function rename(state: EditState, name: string): EditState {
  return { ...state, name };
}

/**
 * The name a saved file gets: what the user typed, or the original when the field is blank or
 * still shows the original (which keeps any bidi controls the field left out).
 */
export function effectiveName(state: EditState): string {
  const typed = state.name.trim();
  return typed && typed !== displayName(state.originalName) ? typed : state.originalName;
}

function isGeometryChanged(state: EditState): boolean {
  const full = displaySize(state);
  const { crop } = state;
  return state.rotation !== 0 || state.flipX || state.flipY || crop.x !== 0 || crop.y !== 0 || crop.width !== full.width || crop.height !== full.height;
}

function isColourChanged(state: EditState): boolean {
  return state.brightness !== 0 || state.contrast !== 0 || state.saturation !== 0 || state.filter !== 'none';
}

/** True when the pixels would differ from the original. */
export function isImageChanged(state: EditState): boolean {
  return isGeometryChanged(state) || isColourChanged(state);
}

/** True when saving would give something else than the original file (pixels or name). */
export function isChanged(state: EditState): boolean {
  return isImageChanged(state) || effectiveName(state) !== state.originalName;
}
