import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { button, click, decode, editorOptions, mountEditor, nextFrame, part, parts, press, settled, twoColourImage, unmountEditors } from './helpers.js';

describe('image editor surface', () => {
  afterEach(unmountEditors);

  describe('tabs', () => {
    it('shows the given tabs; arrow keys, Home and End move the selection and the focus', async () => {
      const { container } = await mountEditor(await twoColourImage());
      const tabs = parts(container, 'editor-tab');
      expect(tabs.map((tab) => tab.textContent!.trim())).to.deep.equal(['edit.tab {"tab":"crop"}', 'edit.tab {"tab":"adjust"}', 'edit.tab {"tab":"filters"}']);
      const selected = () => parts(container, 'editor-tab').map((tab) => tab.getAttribute('aria-selected'));
      const focused = () => (document.activeElement as HTMLElement).dataset['tab'];
      const visiblePanel = () =>
        parts(container, 'editor-panel')
          .filter((panel) => !panel.inert)
          .map((panel) => panel.id);
      expect(selected()).to.deep.equal(['true', 'false', 'false']);

      await press(tabs[0]!, ['ArrowRight']);
      expect(selected()).to.deep.equal(['false', 'true', 'false']);
      expect(focused()).to.equal('adjust');
      expect(visiblePanel()).to.deep.equal([tabs[1]!.getAttribute('aria-controls')]);
      expect(parts(container, 'editor-tab').map((tab) => tab.tabIndex)).to.deep.equal([-1, 0, -1]);
      await sendKeys({ press: 'End' });
      expect(focused()).to.equal('filters');
      await sendKeys({ press: 'ArrowRight' });
      expect(focused()).to.equal('crop');
      await sendKeys({ press: 'ArrowLeft' });
      expect(focused()).to.equal('filters');
      await sendKeys({ press: 'Home' });
      expect(selected()).to.deep.equal(['true', 'false', 'false']);
    });

    it('reverses the arrows in right-to-left text', async () => {
      const { container } = await mountEditor(await twoColourImage(), editorOptions(), { dir: 'rtl' });
      await press(part(container, 'editor-tab'), ['ArrowLeft']);
      expect((document.activeElement as HTMLElement).dataset['tab']).to.equal('adjust');
    });

    it('keeps the same height whichever tab is shown', async () => {
      const { container } = await mountEditor(await twoColourImage());
      const heights: number[] = [];
      for (const tab of parts(container, 'editor-tab')) {
        tab.click();
        await nextFrame();
        heights.push(container.getBoundingClientRect().height);
      }
      expect(new Set(heights).size, heights.join(', ')).to.equal(1);
    });

    it('shows only the enabled tools', async () => {
      const { container } = await mountEditor(await twoColourImage(), editorOptions({ tabs: ['crop'], tools: ['rotate'] }));
      expect(parts(container, 'editor-tab')).to.have.length(1);
      expect(parts(container, 'editor-rotate-left')).to.have.length(1);
      for (const name of ['editor-flip-horizontal', 'editor-aspect', 'editor-crop-box', 'editor-file-name', 'editor-brightness', 'editor-filter']) {
        expect(parts(container, name), name).to.have.length(0);
      }
    });
  });

  describe('adjust and filters tabs', () => {
    it('has labelled sliders with visible values that change the preview and the saved colours', async () => {
      const { container, session } = await mountEditor(await twoColourImage());
      click(container, 'editor-tab', 1);
      const slider = part<HTMLInputElement>(container, 'editor-brightness');
      expect([slider.type, slider.min, slider.max, slider.value]).to.deep.equal(['range', '-100', '100', '0']);
      expect(container.querySelector(`label[for="${slider.id}"]`)!.textContent).to.equal('edit.brightness');
      expect(part(container, 'editor-contrast')).to.exist;
      expect(part(container, 'editor-saturation')).to.exist;

      await press(slider, ['Home']);
      expect(part(container, 'editor-brightness-value').textContent).to.equal('edit.adjustValue {"value":-100}');
      expect(part(container, 'editor-canvas').style.filter).to.equal('brightness(0)');
      expect(session.changed).to.equal(true);
      const saved = await decode(await session.save());
      expect(saved.rgb(5, 5)).to.deep.equal([0, 0, 0]);
      expect(saved.rgb(35, 5)).to.deep.equal([0, 0, 0]);

      slider.value = '20';
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      expect(part(container, 'editor-brightness-value').textContent).to.equal('edit.adjustValue {"value":20}');
      expect((await decode(await session.save())).rgb(35, 5)).to.deep.equal([0, 0, 255]);
    });

    it('offers each preset with a thumbnail of the crop, marks the chosen one and saves it', async () => {
      const { container, session } = await mountEditor(await twoColourImage());
      button(container, 'editor-aspect', 'square').click();
      click(container, 'editor-tab', 2);
      const presets = parts<HTMLButtonElement>(container, 'editor-filter');
      expect(presets.map((preset) => preset.dataset['filter'])).to.deep.equal(['none', 'grayscale', 'sepia', 'vivid', 'cool', 'warm']);
      const thumbnail = presets[1]!.querySelector('img')!;
      expect(thumbnail.alt).to.equal('');
      expect(thumbnail.style.filter).to.equal('grayscale(1)');
      await thumbnail.decode();
      expect([thumbnail.naturalWidth, thumbnail.naturalHeight]).to.deep.equal([20, 20]);

      button(container, 'editor-filter', 'grayscale').click();
      expect(button(container, 'editor-filter', 'grayscale').getAttribute('aria-pressed')).to.equal('true');
      expect(button(container, 'editor-filter', 'none').getAttribute('aria-pressed')).to.equal('false');
      const saved = await decode(await session.save());
      const [r, g, b] = saved.rgb(5, 5);
      expect(r).to.equal(g);
      expect(g).to.equal(b);
      expect(saved.rgb(15, 5)[0]).to.equal(saved.rgb(15, 5)[2]);
      expect(saved.rgb(5, 5)[0]).to.not.equal(saved.rgb(15, 5)[0]);
    });
  });

  describe('under the image', () => {
    it('renames the file, keeping its bytes when nothing else changed', async () => {
      const file = await twoColourImage();
      const { container, session } = await mountEditor(file);
      const input = part<HTMLInputElement>(container, 'editor-file-name');
      expect(container.querySelector(`label[for="${input.id}"]`)!.textContent).to.equal('edit.fileName');
      expect(input.value).to.equal('photo.png');
      input.focus();
      input.select();
      await sendKeys({ type: 'holiday.png' });
      expect(session.changed).to.equal(true);
      const saved = await session.save();
      expect(saved).to.not.equal(file);
      expect(saved.name).to.equal('holiday.png');
      expect(saved.type).to.equal('image/png');
      expect(new Uint8Array(await saved.arrayBuffer())).to.deep.equal(new Uint8Array(await file.arrayBuffer()));
    });

    it('resets everything with Reset, which is disabled while nothing changed', async () => {
      const file = await twoColourImage();
      const { container, session } = await mountEditor(file);
      const reset = () => part<HTMLButtonElement>(container, 'editor-reset');
      expect(reset().disabled).to.equal(true);
      expect(reset().textContent!.trim()).to.equal('edit.reset');
      click(container, 'editor-rotate-left');
      button(container, 'editor-aspect', '16:9').click();
      click(container, 'editor-tab', 2);
      button(container, 'editor-filter', 'sepia').click();
      const input = part<HTMLInputElement>(container, 'editor-file-name');
      input.value = 'other.png';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      expect(reset().disabled).to.equal(false);

      reset().click();
      expect(session.changed).to.equal(false);
      expect(reset().disabled).to.equal(true);
      expect(part<HTMLInputElement>(container, 'editor-file-name').value).to.equal('photo.png');
      expect(button(container, 'editor-aspect', 'free').getAttribute('aria-pressed')).to.equal('true');
      expect(button(container, 'editor-filter', 'none').getAttribute('aria-pressed')).to.equal('true');
      expect(part(container, 'editor-size').textContent).to.equal('edit.size {"width":40,"height":20}');
      expect(await session.save()).to.equal(file);

      // `reset()` from the frame does the same.
      click(container, 'editor-flip-horizontal');
      expect(session.changed).to.equal(true);
      session.reset();
      expect(session.changed).to.equal(false);
    });

    it('shows the size the file will have, after maxWidth', async () => {
      const { container } = await mountEditor(await twoColourImage(), editorOptions({ output: { maxWidth: 10 } }));
      expect(part(container, 'editor-size').textContent).to.equal('edit.size {"width":10,"height":5}');
    });
  });

  it('is accessible on every tab', async () => {
    const { container } = await mountEditor(await twoColourImage());
    await settled();
    for (const tab of parts(container, 'editor-tab')) {
      tab.click();
      await nextFrame();
      await expect(container).to.be.accessible();
    }
  });
});
