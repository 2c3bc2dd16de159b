import { expect } from '@open-wc/testing';
import { applyColourOperations, colourOperations, cssFilter, toCssFilter, type ColourSettings } from '../../../elements/svc-uploader/editor/colour-filters.js';
import { FILTER_PRESETS, flip, initialEditState, setColour, setFilter, type EditState } from '../../../elements/svc-uploader/editor/edit-state.js';
import { renderEditedFile } from '../../../elements/svc-uploader/editor/render-image.js';
import { canvasFile, decode } from './helpers.js';

const NEUTRAL: ColourSettings = { brightness: 0, contrast: 0, saturation: 0, filter: 'none' };

/** Every hue at every lightness, plus greys: 64 × 16 colours. */
function colourChart(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 16;
  const context = canvas.getContext('2d')!;
  for (let x = 0; x < 64; x += 1) {
    for (let y = 0; y < 16; y += 1) {
      context.fillStyle = x < 60 ? `hsl(${x * 6} ${40 + (y % 4) * 20}% ${8 + y * 5.6}%)` : `hsl(0 0% ${y * 6.6}%)`;
      context.fillRect(x, y, 1, 1);
    }
  }
  return canvas;
}

/** Largest per-channel difference between two pixel buffers. */
function largestDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let largest = 0;
  for (let index = 0; index < a.length; index += 1) largest = Math.max(largest, Math.abs(a[index]! - b[index]!));
  return largest;
}

/** The chart drawn through Chromium's own `ctx.filter`. */
function filteredByCanvas(chart: HTMLCanvasElement, filter: string): Uint8ClampedArray {
  const canvas = document.createElement('canvas');
  canvas.width = chart.width;
  canvas.height = chart.height;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.filter = filter;
  context.drawImage(chart, 0, 0);
  return context.getImageData(0, 0, canvas.width, canvas.height).data;
}

function filteredByPixels(chart: HTMLCanvasElement, settings: ColourSettings): Uint8ClampedArray {
  const image = chart.getContext('2d', { willReadFrequently: true })!.getImageData(0, 0, chart.width, chart.height);
  applyColourOperations(image, colourOperations(settings));
  return image.data;
}

/** Runs `body` in a browser whose canvas has no `filter`, as Safari before 18. */
async function withoutCanvasFilter<T>(body: () => Promise<T>): Promise<T> {
  const prototype = CanvasRenderingContext2D.prototype;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, 'filter')!;
  delete (prototype as { filter?: string }).filter;
  try {
    expect('filter' in document.createElement('canvas').getContext('2d')!).to.equal(false);
    return await body();
  } finally {
    Object.defineProperty(prototype, 'filter', descriptor);
  }
}

describe('image editor colour', () => {
  it('describes the sliders and the preset as one CSS filter, sliders first', () => {
    expect(cssFilter(NEUTRAL)).to.equal('none');
    expect(cssFilter({ ...NEUTRAL, brightness: 50 })).to.equal('brightness(1.5)');
    expect(cssFilter({ brightness: -20, contrast: 35, saturation: -100, filter: 'grayscale' })).to.equal(
      'brightness(0.8) contrast(1.35) saturate(0) grayscale(1)',
    );
    expect(toCssFilter(colourOperations({ ...NEUTRAL, filter: 'cool' }))).to.equal('invert(1) sepia(0.3) invert(1) saturate(1.25)');
  });

  it('gives every preset a visible effect', () => {
    const chart = colourChart();
    const original = filteredByPixels(chart, NEUTRAL);
    for (const filter of FILTER_PRESETS.filter((name) => name !== 'none')) {
      expect(largestDifference(original, filteredByPixels(chart, { ...NEUTRAL, filter })), filter).to.be.above(20);
    }
  });

  it('warms with the warm preset and cools with the cool one, whites staying white', () => {
    const grey = new ImageData(new Uint8ClampedArray([128, 128, 128, 255, 255, 255, 255, 255]), 2, 1);
    const warm = new ImageData(new Uint8ClampedArray(grey.data), 2, 1);
    applyColourOperations(warm, colourOperations({ ...NEUTRAL, filter: 'warm' }));
    const cool = new ImageData(new Uint8ClampedArray(grey.data), 2, 1);
    applyColourOperations(cool, colourOperations({ ...NEUTRAL, filter: 'cool' }));
    expect(warm.data[0]! - warm.data[2]!, 'red over blue when warm').to.be.above(10);
    expect(cool.data[2]! - cool.data[0]!, 'blue over red when cool').to.be.above(10);
    expect([...cool.data.slice(4, 7)]).to.deep.equal([255, 255, 255]);
  });

  it('computes on the pixels what the canvas filter draws, within 2 levels', () => {
    const chart = colourChart();
    const cases: ColourSettings[] = [
      { ...NEUTRAL, brightness: 40 },
      { ...NEUTRAL, brightness: -60 },
      { ...NEUTRAL, contrast: 70 },
      { ...NEUTRAL, contrast: -50 },
      { ...NEUTRAL, saturation: 80 },
      { ...NEUTRAL, saturation: -100 },
      { brightness: 25, contrast: -30, saturation: 60, filter: 'none' },
      ...FILTER_PRESETS.map((filter) => ({ ...NEUTRAL, filter })),
      { brightness: -15, contrast: 20, saturation: -40, filter: 'warm' },
      { brightness: 30, contrast: 10, saturation: 20, filter: 'cool' },
      { brightness: 10, contrast: 40, saturation: 0, filter: 'vivid' },
    ];
    for (const settings of cases) {
      const difference = largestDifference(filteredByCanvas(chart, cssFilter(settings)), filteredByPixels(chart, settings));
      expect(difference, JSON.stringify(settings)).to.be.at.most(2);
    }
  });

  it('saves the same colours with and without a canvas filter', async () => {
    const file = await canvasFile(colourChart(), 'chart.png');
    const bitmap = await createImageBitmap(file);
    const edit = (state: EditState) => flip(setFilter(setColour(setColour(state, 'contrast', 30), 'brightness', -20), 'warm'), 'horizontal');
    const state = edit(initialEditState(bitmap.width, bitmap.height, file.name));
    const filtered = await decode(await renderEditedFile(bitmap, state, file, {}));
    const computed = await decode(await withoutCanvasFilter(() => renderEditedFile(bitmap, state, file, {})));
    const unfiltered = await decode(await renderEditedFile(bitmap, { ...state, brightness: 0, contrast: 0, filter: 'none' }, file, {}));
    bitmap.close();
    expect(largestDifference(filtered.data, computed.data)).to.be.at.most(2);
    // And the colour did change (the comparison is not between two untouched images).
    expect(largestDifference(filtered.data, unfiltered.data)).to.be.above(20);
  });

  it('turns every pixel grey with the black-and-white preset', async () => {
    const file = await canvasFile(colourChart(), 'chart.png');
    const bitmap = await createImageBitmap(file);
    const state = setFilter(initialEditState(bitmap.width, bitmap.height, file.name), 'grayscale');
    const saved = await decode(await renderEditedFile(bitmap, state, file, {}));
    bitmap.close();
    for (let index = 0; index < saved.data.length; index += 4) {
      expect(saved.data[index], `pixel ${index / 4}`).to.equal(saved.data[index + 1]);
      expect(saved.data[index + 1], `pixel ${index / 4}`).to.equal(saved.data[index + 2]);
    }
    // Red (hue 0) keeps its luminance: 0.2126 of full red, about 54 for the brightest pure red.
    const pureRed = new ImageData(new Uint8ClampedArray([255, 0, 0, 255]), 1, 1);
    applyColourOperations(pureRed, colourOperations({ ...NEUTRAL, filter: 'grayscale' }));
    expect([...pureRed.data]).to.deep.equal([54, 54, 54, 255]);
  });
});
