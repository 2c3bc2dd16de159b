/**
 * Colour: the brightness/contrast/saturation sliders and the filter presets, described once as a
 * list of CSS filter functions. The list becomes a CSS `filter` string (the live preview, and
 * `CanvasRenderingContext2D.filter` when encoding) and, for browsers whose canvas has no `filter`
 * (Safari before 18), is applied to the pixels with the matrices of the Filter Effects spec, so the
 * saved image looks like the preview everywhere.
 */
import type { ColourAdjustments, FilterPreset } from './edit-state.js';

type ColourFunction = 'brightness' | 'contrast' | 'saturate' | 'grayscale' | 'sepia' | 'invert';

export interface ColourOperation {
  readonly fn: ColourFunction;
  /** The function's argument as a factor: 1 leaves the colour as it is (0 for `grayscale`, `sepia`, `invert`). */
  readonly amount: number;
}

export interface ColourSettings extends ColourAdjustments {
  readonly filter: FilterPreset;
}

/**
 * The presets. Warm tints with a little sepia; cool is the same tint on the inverted image, which
 * turns it blue while whites stay white, using only functions every canvas filter knows.
 */
const PRESETS: Record<FilterPreset, readonly ColourOperation[]> = {
  none: [],
  grayscale: [{ fn: 'grayscale', amount: 1 }],
  sepia: [{ fn: 'sepia', amount: 1 }],
  vivid: [
    { fn: 'saturate', amount: 1.45 },
    { fn: 'contrast', amount: 1.1 },
  ],
  warm: [
    { fn: 'sepia', amount: 0.3 },
    { fn: 'saturate', amount: 1.25 },
  ],
  cool: [
    { fn: 'invert', amount: 1 },
    { fn: 'sepia', amount: 0.3 },
    { fn: 'invert', amount: 1 },
    { fn: 'saturate', amount: 1.25 },
  ],
};

/** Sliders first (-100..100 map to 0..2, 0 = unchanged), then the preset on top. */
export function colourOperations(settings: ColourSettings): ColourOperation[] {
  const operations: ColourOperation[] = [];
  const slider = (fn: ColourFunction, value: number) => {
    if (value !== 0) operations.push({ fn, amount: 1 + value / 100 });
  };
  slider('brightness', settings.brightness);
  slider('contrast', settings.contrast);
  slider('saturate', settings.saturation);
  return [...operations, ...PRESETS[settings.filter]];
}

const format = (value: number) => String(Math.round(value * 1000) / 1000);

export function toCssFilter(operations: readonly ColourOperation[]): string {
  if (operations.length === 0) return 'none';
  return operations.map(({ fn, amount }) => `${fn}(${format(amount)})`).join(' ');
}

/** The CSS `filter` value for these settings (`none` when they change nothing). */
export function cssFilter(settings: ColourSettings): string {
  return toCssFilter(colourOperations(settings));
}

/** Whether this context applies `ctx.filter` itself (Chromium, Firefox, Safari 18+). */
export function supportsCanvasFilter(context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D): boolean {
  return 'filter' in context;
}

/** A 3×4 affine colour matrix in row order: r' = m0·r + m1·g + m2·b + m3, and so on. */
type Affine = readonly [number, number, number, number, number, number, number, number, number, number, number, number];

/**
 * One step of the chain. The spec defines brightness, contrast and invert as component transfers
 * (`feComponentTransfer`), which browsers run as 256-entry byte tables; the others are colour
 * matrices (`feColorMatrix`), computed in floating point.
 */
type Step = { readonly matrix: Affine } | { readonly table: Float64Array };

const clampUnit = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Byte tables built the way Chromium builds them for `feComponentTransfer`: the spec's formula for
 * each transfer type, clamped to 0..255 and truncated. Following that to the last detail makes the
 * pixel path draw the very levels a canvas filter draws (checked against Chromium in the tests).
 */
function byteTable(value: (input: number) => number): Float64Array {
  const values = new Float64Array(256);
  for (let index = 0; index < 256; index += 1) values[index] = Math.trunc(Math.min(255, Math.max(0, value(index)))) / 255;
  return values;
}

/** `type="linear"`: C' = slope·C + intercept, in single precision as browsers compute it. */
function linearTable(slope: number, intercept: number): Float64Array {
  const single = Math.fround;
  const [m, b] = [single(slope), single(intercept)];
  return byteTable((index) => single(single(m * index) + single(255 * b)));
}

/** `type="table"` with two values (what `invert()` is): C' = v0 + C·(v1 − v0). */
function twoValueTable(v0: number, v1: number): Float64Array {
  return byteTable((index) => 255 * (v0 + (index / 255) * (v1 - v0)));
}

/** The functions of Filter Effects Module Level 1, section "Filter Functions". */
function toStep({ fn, amount }: ColourOperation): Step {
  switch (fn) {
    case 'brightness':
      return { table: linearTable(Math.max(0, amount), 0) };
    case 'contrast': {
      const slope = Math.max(0, amount);
      return { table: linearTable(slope, 0.5 - 0.5 * slope) };
    }
    case 'invert': {
      const a = clampUnit(amount);
      return { table: twoValueTable(a, 1 - a) };
    }
    case 'saturate': {
      const s = Math.max(0, amount);
      return {
        matrix: [
          0.213 + 0.787 * s,
          0.715 - 0.715 * s,
          0.072 - 0.072 * s,
          0,
          0.213 - 0.213 * s,
          0.715 + 0.285 * s,
          0.072 - 0.072 * s,
          0,
          0.213 - 0.213 * s,
          0.715 - 0.715 * s,
          0.072 + 0.928 * s,
          0,
        ],
      };
    }
    case 'grayscale': {
      const k = 1 - clampUnit(amount);
      return {
        matrix: [
          0.2126 + 0.7874 * k,
          0.7152 - 0.7152 * k,
          0.0722 - 0.0722 * k,
          0,
          0.2126 - 0.2126 * k,
          0.7152 + 0.2848 * k,
          0.0722 - 0.0722 * k,
          0,
          0.2126 - 0.2126 * k,
          0.7152 - 0.7152 * k,
          0.0722 + 0.9278 * k,
          0,
        ],
      };
    }
    case 'sepia': {
      const k = 1 - clampUnit(amount);
      return {
        matrix: [
          0.393 + 0.607 * k,
          0.769 - 0.769 * k,
          0.189 - 0.189 * k,
          0,
          0.349 - 0.349 * k,
          0.686 + 0.314 * k,
          0.168 - 0.168 * k,
          0,
          0.272 - 0.272 * k,
          0.534 - 0.534 * k,
          0.131 + 0.869 * k,
          0,
        ],
      };
    }
  }
}

const unit = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);

/**
 * Applies the operations to straight-alpha pixels in place, for canvases without `ctx.filter`.
 * Each function's result is clamped to 0..1 before the next one runs, as browsers do for a chain of
 * filter functions; alpha is kept.
 */
export function applyColourOperations(image: ImageData, operations: readonly ColourOperation[]): void {
  if (operations.length === 0) return;
  const steps = operations.map(toStep);
  const { data } = image;
  for (let index = 0; index < data.length; index += 4) {
    let r = data[index]! / 255;
    let g = data[index + 1]! / 255;
    let b = data[index + 2]! / 255;
    for (const step of steps) {
      if ('table' in step) {
        const values = step.table;
        r = values[Math.round(r * 255)]!;
        g = values[Math.round(g * 255)]!;
        b = values[Math.round(b * 255)]!;
      } else {
        const m = step.matrix;
        const nr = m[0] * r + m[1] * g + m[2] * b + m[3];
        const ng = m[4] * r + m[5] * g + m[6] * b + m[7];
        const nb = m[8] * r + m[9] * g + m[10] * b + m[11];
        r = unit(nr);
        g = unit(ng);
        b = unit(nb);
      }
    }
    data[index] = Math.round(r * 255);
    data[index + 1] = Math.round(g * 255);
    data[index + 2] = Math.round(b * 255);
  }
}
