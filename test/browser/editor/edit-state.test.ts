import { expect } from '@open-wc/testing';
import {
  aspectRatio,
  displaySize,
  displayTransform,
  effectiveName,
  flip,
  initialEditState,
  isChanged,
  minimumCropSize,
  moveCrop,
  rename,
  resetCrop,
  resetEditState,
  resizeCrop,
  rotateQuarter,
  setAspect,
  setColour,
  setFilter,
  type EditState,
} from '../../../elements/svc-uploader/editor/edit-state.js';

/** Where the source pixel (x, y) lands in the displayed image. */
function place(state: EditState, x: number, y: number): [number, number] {
  const [a, b, c, d, e, f] = displayTransform(state);
  return [a * x + c * y + e, b * x + d * y + f];
}

describe('image editor state', () => {
  const photo = () => initialEditState(400, 200, 'photo.jpg');

  it('starts on the whole image, unchanged', () => {
    const state = photo();
    expect(state.crop).to.deep.equal({ x: 0, y: 0, width: 400, height: 200 });
    expect(displaySize(state)).to.deep.equal({ width: 400, height: 200 });
    expect(isChanged(state)).to.equal(false);
  });

  it('turns a quarter each way: the size swaps and the crop follows the pixels it covered', () => {
    // The crop covers the source's top-left 100 × 50.
    const cropped = { ...photo(), crop: { x: 0, y: 0, width: 100, height: 50 } };
    const right = rotateQuarter(cropped, 1);
    expect(displaySize(right)).to.deep.equal({ width: 200, height: 400 });
    // Clockwise, the top-left corner goes to the top-right.
    expect(right.crop).to.deep.equal({ x: 150, y: 0, width: 50, height: 100 });
    expect(place(right, 0, 0)).to.deep.equal([200, 0]);
    const left = rotateQuarter(cropped, -1);
    expect(left.crop).to.deep.equal({ x: 0, y: 300, width: 50, height: 100 });
    expect(place(left, 0, 0)).to.deep.equal([0, 400]);
    expect(isChanged(right)).to.equal(true);
  });

  it('counts four quarter turns, or a flip done twice, as unchanged', () => {
    let state = photo();
    for (let turn = 0; turn < 4; turn += 1) state = rotateQuarter(state, 1);
    expect(isChanged(state)).to.equal(false);
    expect(isChanged(flip(flip(photo(), 'vertical'), 'vertical'))).to.equal(false);
    // Mirrored both ways is a half turn: another half turn brings the original back.
    const both = flip(flip(photo(), 'horizontal'), 'vertical');
    expect(both.rotation).to.equal(180);
    expect(isChanged(rotateQuarter(rotateQuarter(both, 1), 1))).to.equal(false);
  });

  it('mirrors the crop with the image, and keeps a mirror on the right axis through a turn', () => {
    const cropped = { ...photo(), crop: { x: 10, y: 20, width: 100, height: 50 } };
    expect(flip(cropped, 'horizontal').crop).to.deep.equal({ x: 290, y: 20, width: 100, height: 50 });
    expect(flip(cropped, 'vertical').crop).to.deep.equal({ x: 10, y: 130, width: 100, height: 50 });
    // Mirror left-right, then turn clockwise: the source's top-left pixel ends bottom-right.
    const turned = rotateQuarter(flip(photo(), 'horizontal'), 1);
    expect(place(turned, 0, 0)).to.deep.equal([200, 400]);
    expect(place(turned, 399, 0)).to.deep.equal([200, 1]);
  });

  it('sets an aspect preset to the largest centred crop of that ratio, following the image orientation', () => {
    expect(setAspect(photo(), 'square').crop).to.deep.equal({ x: 100, y: 0, width: 200, height: 200 });
    expect(setAspect(photo(), '16:9').crop).to.deep.equal({ x: 22, y: 0, width: 356, height: 200 });
    expect(setAspect(photo(), '4:3').crop).to.deep.equal({ x: 67, y: 0, width: 267, height: 200 });
    const portrait = rotateQuarter(photo(), 1);
    expect(aspectRatio(portrait, '4:3')).to.equal(3 / 4);
    expect(setAspect(portrait, '4:3').crop).to.deep.equal({ x: 0, y: 67, width: 200, height: 267 });
    // Free keeps the crop as it is; original is the whole image.
    const square = setAspect(photo(), 'square');
    expect(setAspect(square, 'free').crop).to.deep.equal(square.crop);
    expect(setAspect(square, 'original').crop).to.deep.equal({ x: 0, y: 0, width: 400, height: 200 });
  });

  it('moves the crop and stops it at the edges', () => {
    const square = setAspect(photo(), 'square');
    expect(moveCrop(square, -30, 0).crop.x).to.equal(70);
    expect(moveCrop(square, -500, 80).crop).to.deep.equal({ x: 0, y: 0, width: 200, height: 200 });
    expect(moveCrop(square, 500, 0).crop.x).to.equal(200);
  });

  it('resizes from a corner inside the image and above the minimum size', () => {
    const state = { ...photo(), crop: { x: 100, y: 50, width: 100, height: 100 } };
    expect(resizeCrop(state, 'se', 40, -20).crop).to.deep.equal({ x: 100, y: 50, width: 140, height: 80 });
    expect(resizeCrop(state, 'nw', -500, -500).crop).to.deep.equal({ x: 0, y: 0, width: 200, height: 150 });
    expect(resizeCrop(state, 'ne', 1000, 0).crop).to.deep.equal({ x: 100, y: 50, width: 300, height: 100 });
    const tiny = resizeCrop(state, 'se', -1000, -1000).crop;
    expect(minimumCropSize(state)).to.equal(8);
    expect(tiny).to.deep.equal({ x: 100, y: 50, width: 8, height: 8 });
  });

  it('keeps a locked ratio while resizing, also when an edge stops it', () => {
    const square = setAspect(photo(), 'square');
    const smaller = resizeCrop(square, 'se', -50, 0).crop;
    expect(smaller).to.deep.equal({ x: 100, y: 0, width: 150, height: 150 });
    const taller = resizeCrop({ ...square, crop: smaller }, 'se', 0, 500).crop;
    expect(taller).to.deep.equal({ x: 100, y: 0, width: 200, height: 200 });
    const wide = resizeCrop(setAspect(photo(), '16:9'), 'nw', 0, 100).crop;
    expect(wide.width / wide.height).to.be.closeTo(16 / 9, 0.02);
  });

  it('resets the crop to the whole image, or to the largest crop of the locked ratio', () => {
    const moved = moveCrop(resizeCrop(photo(), 'se', -100, -100), 20, 20);
    expect(resetCrop(moved).crop).to.deep.equal({ x: 0, y: 0, width: 400, height: 200 });
    expect(resetCrop(moveCrop(setAspect(photo(), 'square'), -50, 0)).crop).to.deep.equal({ x: 100, y: 0, width: 200, height: 200 });
  });

  it('counts colour and the name as changes; a blank name means the original one', () => {
    expect(isChanged(setColour(photo(), 'brightness', 10))).to.equal(true);
    expect(setColour(photo(), 'contrast', 250).contrast).to.equal(100);
    expect(isChanged(setFilter(photo(), 'sepia'))).to.equal(true);
    expect(isChanged(rename(photo(), 'holiday.jpg'))).to.equal(true);
    expect(isChanged(rename(photo(), '  '))).to.equal(false);
    expect(effectiveName(rename(photo(), '  '))).to.equal('photo.jpg');
    expect(effectiveName(rename(photo(), ' beach.jpg '))).to.equal('beach.jpg');
  });

  it('shows a name with its bidi controls made visible, and keeps the original name unless the user renames', () => {
    const spoofed = initialEditState(400, 200, 'invoice\u202Efdp.exe');
    expect(spoofed.name).to.equal('invoice\uFFFDfdp.exe');
    expect(effectiveName(spoofed)).to.equal('invoice\u202Efdp.exe');
    expect(isChanged(spoofed)).to.equal(false);
    expect(effectiveName(rename(spoofed, 'invoice.pdf'))).to.equal('invoice.pdf');
  });

  it('resets everything to the original', () => {
    const edited = rename(setFilter(setColour(rotateQuarter(flip(photo(), 'horizontal'), 1), 'saturation', -40), 'warm'), 'x.jpg');
    expect(resetEditState(edited)).to.deep.equal(photo());
  });
});
