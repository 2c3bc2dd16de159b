import { expect } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import {
  BLUE,
  RED,
  button,
  click,
  cropOnScreen,
  decode,
  editorOptions,
  mountEditor,
  part,
  press,
  repeat,
  settled,
  twoColourImage,
  unmountEditors,
} from './helpers.js';

describe('image editor crop tab', () => {
  afterEach(async () => {
    unmountEditors();
    await resetMouse();
  });

  it('turns and mirrors with icon buttons, in the preview and in the saved file', async () => {
    const { container, session } = await mountEditor(await twoColourImage());
    const rotate = part(container, 'editor-rotate-right');
    expect(rotate.getAttribute('aria-label')).to.equal('edit.rotateRight');
    expect(rotate.getAttribute('title')).to.equal('edit.rotateRight');
    expect(rotate.getAttribute('part')).to.equal('editor-rotate-right button');
    expect(rotate.querySelector('svg')).to.not.equal(null);

    rotate.click();
    await settled();
    const canvas = part<HTMLCanvasElement>(container, 'editor-canvas');
    const shown = canvas.getBoundingClientRect();
    // The backing store matches the device pixels it is shown at.
    expect(canvas.width).to.be.closeTo(shown.width * devicePixelRatio, 1);
    expect(canvas.height).to.be.closeTo(shown.height * devicePixelRatio, 1);
    expect(shown.height / shown.width).to.be.closeTo(2, 0.02);
    const preview = canvas.getContext('2d')!;
    expect([...preview.getImageData(canvas.width / 2, 2, 1, 1).data.slice(0, 3)]).to.deep.equal(RED);
    expect(part(container, 'editor-size').textContent).to.equal('edit.size {"width":20,"height":40}');

    click(container, 'editor-flip-vertical');
    await settled();
    expect([
      ...part<HTMLCanvasElement>(container, 'editor-canvas')
        .getContext('2d')!
        .getImageData(canvas.width / 2, 2, 1, 1)
        .data.slice(0, 3),
    ]).to.deep.equal(BLUE);
    const saved = await decode(await session.save());
    expect([saved.width, saved.height]).to.deep.equal([20, 40]);
    expect(saved.rgb(10, 2)).to.deep.equal(BLUE);
    expect(saved.rgb(10, 37)).to.deep.equal(RED);
  });

  it('marks the chosen aspect as pressed and crops to it', async () => {
    const { container, session } = await mountEditor(await twoColourImage());
    expect(button(container, 'editor-aspect', 'free').getAttribute('aria-pressed')).to.equal('true');
    button(container, 'editor-aspect', 'square').click();
    expect(button(container, 'editor-aspect', 'square').getAttribute('aria-pressed')).to.equal('true');
    expect(button(container, 'editor-aspect', 'free').getAttribute('aria-pressed')).to.equal('false');
    expect(part(container, 'editor-size').textContent).to.equal('edit.size {"width":20,"height":20}');
    const saved = await decode(await session.save());
    expect([saved.width, saved.height]).to.deep.equal([20, 20]);
    expect(saved.rgb(9, 10)).to.deep.equal(RED);
    expect(saved.rgb(10, 10)).to.deep.equal(BLUE);
  });

  it('moves the crop with arrows (1% of the image), resizes it with Shift and resets it with Home', async () => {
    const { container, session } = await mountEditor(await twoColourImage('wide.png', 200, 100));
    button(container, 'editor-aspect', 'square').click();
    const box = part(container, 'editor-crop-box');
    expect(box.getAttribute('role')).to.equal('group');
    expect(box.getAttribute('aria-label')).to.equal('edit.cropArea');
    expect(container.querySelector(`#${box.getAttribute('aria-describedby')}`)!.textContent).to.equal('edit.cropHint');

    await press(box, repeat('ArrowLeft', 5));
    let saved = await decode(await session.save());
    expect([saved.width, saved.height]).to.deep.equal([100, 100]);
    // The square started at x = 50 and moved 5 × 2 px left: the red half now reaches column 59.
    expect(saved.rgb(59, 50)).to.deep.equal(RED);
    expect(saved.rgb(60, 50)).to.deep.equal(BLUE);

    await press(part(container, 'editor-crop-box'), repeat('Shift+ArrowLeft', 5));
    saved = await decode(await session.save());
    expect([saved.width, saved.height]).to.deep.equal([90, 90]);
    expect(saved.rgb(59, 50)).to.deep.equal(RED);

    await press(part(container, 'editor-crop-box'), ['Home']);
    saved = await decode(await session.save());
    expect([saved.width, saved.height]).to.deep.equal([100, 100]);
    expect(saved.rgb(49, 50)).to.deep.equal(RED);
    expect(saved.rgb(50, 50)).to.deep.equal(BLUE);
    expect(document.activeElement).to.equal(part(container, 'editor-crop-box'));
  });

  it('keeps arrows visual in right-to-left text and resizes from the bottom-left corner', async () => {
    const { container, session } = await mountEditor(await twoColourImage('wide.png', 200, 100), editorOptions(), { dir: 'rtl' });
    await press(part(container, 'editor-crop-box'), repeat('Shift+ArrowRight', 5));
    let saved = await decode(await session.save());
    // The left edge moved right by 10 px; the right edge stayed.
    expect([saved.width, saved.height]).to.deep.equal([190, 100]);
    expect(saved.rgb(89, 50)).to.deep.equal(RED);
    expect(saved.rgb(90, 50)).to.deep.equal(BLUE);

    await press(part(container, 'editor-crop-box'), [...repeat('Shift+ArrowLeft', 2), 'ArrowLeft']);
    saved = await decode(await session.save());
    // Grown back 4 px to the left, then moved 2 px left: x = 4, width 194.
    expect([saved.width, saved.height]).to.deep.equal([194, 100]);
    expect(saved.rgb(95, 50)).to.deep.equal(RED);
    expect(saved.rgb(96, 50)).to.deep.equal(BLUE);
  });

  it('drags the box, its corners, and draws a new crop outside it with the mouse', async () => {
    const { container, session } = await mountEditor(await twoColourImage('wide.png', 200, 100));
    await settled();
    const image = part(container, 'editor-canvas').getBoundingClientRect();
    const scale = image.width / 200;
    const at = (x: number, y: number): [number, number] => [Math.round(image.left + x * scale), Math.round(image.top + y * scale)];
    const drag = async (from: [number, number], to: [number, number]) => {
      await sendMouse({ type: 'move', position: from });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'move', position: [Math.round((from[0] + to[0]) / 2), Math.round((from[1] + to[1]) / 2)] });
      await sendMouse({ type: 'move', position: to });
      await sendMouse({ type: 'up' });
    };
    // The bottom-right handle, from the corner of the image to (150, 75).
    const handle = container.querySelector('[part~="editor-crop-handle"][data-corner="se"]')!.getBoundingClientRect();
    const corner: [number, number] = [Math.round(handle.left + handle.width / 2), Math.round(handle.top + handle.height / 2)];
    await drag(corner, [corner[0] - Math.round(50 * scale), corner[1] - Math.round(25 * scale)]);
    let saved = await decode(await session.save());
    expect(saved.width).to.be.closeTo(150, 1);
    expect(saved.height).to.be.closeTo(75, 1);

    // The box itself, 50 px to the right.
    await drag(at(60, 30), at(110, 30));
    saved = await decode(await session.save());
    expect(saved.width).to.be.closeTo(150, 1);
    expect(saved.rgb(45, 30)).to.deep.equal(RED);
    expect(saved.rgb(55, 30)).to.deep.equal(BLUE);
    expect(cropOnScreen(container).left).to.be.closeTo(50 / 200, 0.01);

    // Outside the box: a new crop from (5, 80) to (45, 98), all of it red.
    await drag(at(5, 80), at(45, 98));
    saved = await decode(await session.save());
    expect(saved.width).to.be.closeTo(40, 1);
    expect(saved.height).to.be.closeTo(18, 1);
    expect(saved.rgb(20, 9)).to.deep.equal(RED);
    expect(saved.rgb(saved.width - 1, 9)).to.deep.equal(RED);
  });

  it('keeps the crop box on the same pixels when the editor is resized', async () => {
    const { container } = await mountEditor(await twoColourImage('wide.png', 200, 100));
    button(container, 'editor-aspect', 'square').click();
    await settled();
    const before = cropOnScreen(container);
    expect(before.left).to.be.closeTo(0.25, 0.01);
    expect(before.width).to.be.closeTo(0.5, 0.01);
    container.style.inlineSize = '320px';
    await settled();
    const after = cropOnScreen(container);
    expect(part(container, 'editor-canvas').getBoundingClientRect().width).to.be.below(320);
    expect(after.left).to.be.closeTo(before.left, 0.01);
    expect(after.width).to.be.closeTo(before.width, 0.01);
    expect(after.height).to.be.closeTo(before.height, 0.01);
  });
});
