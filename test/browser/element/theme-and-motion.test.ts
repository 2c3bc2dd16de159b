import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import ar from '../../../locales/ar.js';
import he from '../../../locales/he.js';
import { animationsSettled, maybePart, mount, part, randomFile, textFile, unmountAll, until, type SvcUploader } from './helpers.js';

const LIGHT_SURFACE = 'rgb(255, 255, 255)';
const DARK_SURFACE = 'rgb(17, 24, 39)';
const MiB = 1024 * 1024;

const background = (element: SvcUploader) => getComputedStyle(part(element, 'base')).backgroundColor;

async function openLinkPanel(element: SvcUploader): Promise<HTMLElement> {
  part(element, 'source-chip-url').click();
  await until(element, () => maybePart(element, 'url-input') !== null, 'the link panel');
  return part<HTMLElement>(element, 'source-view');
}

describe('<svc-uploader> theme, direction and motion', () => {
  afterEach(async () => {
    unmountAll();
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference', forcedColors: 'none' });
  });

  describe('theme.mode', () => {
    it('paints the dark values in dark mode, not the light fallbacks', async () => {
      const element = await mount(`<svc-uploader theme='{"mode":"dark"}'></svc-uploader>`);
      expect(background(element)).to.equal(DARK_SURFACE);
      expect(getComputedStyle(part(element, 'drop-zone-title')).color).to.equal('rgb(241, 245, 249)');
      expect(getComputedStyle(part(element, 'browse-button')).backgroundColor).to.equal('rgb(96, 165, 250)');
    });

    it('follows the operating system live in system mode', async () => {
      const element = await mount(`<svc-uploader theme='{"mode":"system"}'></svc-uploader>`);
      expect(background(element)).to.equal(LIGHT_SURFACE);
      await emulateMedia({ colorScheme: 'dark' });
      await until(element, () => background(element) === DARK_SURFACE, 'the dark surface');
      await emulateMedia({ colorScheme: 'light' });
      await until(element, () => background(element) === LIGHT_SURFACE, 'the light surface again');
    });

    it('gives panels the values in force under the public token names', async () => {
      const element = await mount(`<svc-uploader server-url="/api/upload" theme='{"mode":"dark","tokens":{"color-border":"rgb(1, 2, 3)"}}'></svc-uploader>`);
      const body = (await openLinkPanel(element)).querySelector<HTMLElement>('[part~="source-view-body"]')!;
      expect(getComputedStyle(body).getPropertyValue('--svc-color-surface').trim()).to.equal('#111827');
      expect(getComputedStyle(body).getPropertyValue('--svc-color-border').trim()).to.equal('rgb(1, 2, 3)');
    });
  });

  describe('right-to-left', () => {
    for (const [name, bundle] of [
      ['Arabic', ar],
      ['Hebrew', he],
    ] as const) {
      it(`mirrors the layout in ${name}`, async () => {
        const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
        element.i18n = { bundle };
        await element.addFiles([textFile('a.txt'), textFile('b.txt')]);
        await element.updateComplete;
        expect(part(element, 'base').getAttribute('dir')).to.equal('rtl');
        const row = part(element, 'file').getBoundingClientRect();
        const thumbnail = part(element, 'file-thumbnail').getBoundingClientRect();
        const name = part(element, 'file-name').getBoundingClientRect();
        const remove = part(element, 'file-remove').getBoundingClientRect();
        // Thumbnail at the right edge, actions at the left, the name between them.
        expect(thumbnail.right).to.be.closeTo(row.right - 12, 2);
        expect(name.right).to.be.below(thumbnail.left);
        expect(remove.right).to.be.below(name.left + 1);
        expect(part(element, 'upload-button').getBoundingClientRect().left).to.be.below(row.left + 20);

        const view = await openLinkPanel(element);
        const back = view.querySelector<HTMLElement>('[part~="back-button"]')!;
        expect(getComputedStyle(back.querySelector('svg')!).transform).to.equal('matrix(-1, 0, 0, 1, 0, 0)');
        expect(back.getBoundingClientRect().right).to.be.closeTo(view.getBoundingClientRect().right, 20);
      });
    }
  });

  describe('motion', () => {
    it('slides source views in when animations are on and the user has not asked for less motion', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      const view = await openLinkPanel(element);
      expect(view.getAnimations().map((animation) => (animation as CSSAnimation).animationName)).to.deep.equal(['svc-slide-in']);
    });

    it('drops decorative motion with no-animations and under prefers-reduced-motion, keeping progress and the spinner', async () => {
      const quiet = await mount('<svc-uploader server-url="/api/upload" no-animations is-processing></svc-uploader>');
      await emulateMedia({ reducedMotion: 'reduce' });
      const reduced = await mount('<svc-uploader server-url="/api/upload" is-processing></svc-uploader>');
      for (const element of [quiet, reduced]) {
        element.isProcessing = false;
        await element.updateComplete;
        const view = await openLinkPanel(element);
        expect(view.getAnimations()).to.deep.equal([]);
        element.isProcessing = true;
        await element.updateComplete;
        const spinner = part(element, 'busy').querySelector('.spinner')!;
        expect(spinner.getAnimations().map((animation) => (animation as CSSAnimation).animationName)).to.deep.equal(['svc-spin']);
      }
      const element = await mount('<svc-uploader server-url="/api/upload" no-animations></svc-uploader>');
      await element.addFiles([randomFile('a.bin', 1000)]);
      await element.updateComplete;
      const fill = part(element, 'file-progress').querySelector('.progress-fill')!;
      expect(getComputedStyle(fill).transitionProperty).to.equal('translate');
      expect(parseFloat(getComputedStyle(fill).transitionDuration)).to.be.above(0);
    });
  });

  describe('forced colors', () => {
    it('keeps progress fills, outlines and the drag state visible with system colours', async () => {
      await emulateMedia({ forcedColors: 'active' });
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      await element.addFiles([randomFile('big.bin', 2 * MiB), textFile('b.txt')]);
      await element.updateComplete;
      const fill = part(element, 'file-progress').querySelector<HTMLElement>('.progress-fill')!;
      expect(getComputedStyle(fill).forcedColorAdjust).to.equal('none');
      expect(getComputedStyle(part(element, 'file-progress')).borderTopStyle).to.equal('solid');
      await animationsSettled(element);
      await expect(element).to.be.accessible();
    });
  });
});
