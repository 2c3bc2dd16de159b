import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { html } from 'lit';
import { animationsSettled, focusedPart, maybePart, mount, nextEvent, part, randomFile, textFile, unmountAll, until } from './helpers.js';

describe('<svc-uploader> interface', () => {
  afterEach(unmountAll);

  describe('accessibility', () => {
    it('passes automated checks when idle, with files, in a source view, with rejections and after a run', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload" max-files="2" enable-paste></svc-uploader>');
      await animationsSettled(element);
      await expect(element).to.be.accessible();

      await element.addFiles([randomFile('a.bin', 100), randomFile('b.bin', 100), randomFile('c.bin', 100)]);
      await element.updateComplete;
      expect(maybePart(element, 'rejections')).not.to.equal(null);
      await animationsSettled(element);
      await expect(element).to.be.accessible();

      await element.upload();
      await element.updateComplete;
      await animationsSettled(element);
      await expect(element).to.be.accessible();

      element.reset();
      await element.updateComplete;
      part(element, 'source-chip-url').click();
      await until(element, () => maybePart(element, 'url-input') !== null, 'the link panel');
      await animationsSettled(element);
      await expect(element).to.be.accessible();
    });

    it('is operable from the keyboard: open a source, leave it with Escape, focus returns', async () => {
      const before = document.createElement('button');
      before.textContent = 'before';
      before.className = 'test-host';
      document.body.append(before);
      const element = await mount('<svc-uploader server-url="/api/upload" sources="local,url"></svc-uploader>');
      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(focusedPart(element)).to.contain('browse-button');
      await sendKeys({ press: 'Tab' });
      expect(focusedPart(element)).to.contain('source-chip-url');
      const opened = nextEvent(element, 'svc-source-open');
      await sendKeys({ press: 'Enter' });
      await opened;
      await until(element, () => focusedPart(element)?.split(' ').includes('source-view-title') ?? false, 'focus in the panel');
      // Focus reaches the title as the frame renders, before the panel's module has loaded; Tab has
      // somewhere to go only once the link field is on screen.
      await until(element, () => maybePart(element, 'url-input') !== null, 'the link field');
      expect(focusedPart(element)).to.contain('source-view-title');
      await sendKeys({ press: 'Tab' });
      expect(focusedPart(element)).to.contain('url-input');
      await sendKeys({ press: 'Shift+Tab' });
      expect(focusedPart(element)).to.contain('back-button');
      const closed = nextEvent(element, 'svc-source-close');
      await sendKeys({ press: 'Escape' });
      await closed;
      await until(element, () => focusedPart(element)?.split(' ').includes('source-chip-url') ?? false, 'focus back on the chip');
    });

    it('announces additions, the start and the completion of a run', async () => {
      const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
      const announcer = part(element, 'announcer');
      expect(announcer.getAttribute('aria-live')).to.equal('polite');
      await element.addFiles([randomFile('one.bin', 10), randomFile('two.bin', 10)]);
      await element.updateComplete;
      expect(announcer.textContent).to.equal('2 files added');
      const started = nextEvent(element, 'svc-upload-start');
      const run = element.upload();
      await started;
      await element.updateComplete;
      expect(announcer.textContent).to.be.oneOf([
        'Uploading 2 files',
        'Upload 25% complete',
        'Upload 50% complete',
        'Upload 75% complete',
        'All 2 files uploaded',
      ]);
      await run;
      await element.updateComplete;
      expect(announcer.textContent).to.equal('All 2 files uploaded');
    });

    it('labels every control of a file row with the file name', async () => {
      const element = await mount('<svc-uploader server-url="/element-fixtures/failing" max-retries="0"></svc-uploader>');
      await element.addFiles([textFile('report.pdf')]);
      await element.upload();
      await element.updateComplete;
      expect(part(element, 'file-progress').getAttribute('aria-label')).to.equal('Upload progress of report.pdf');
      expect(part(element, 'file-retry').getAttribute('aria-label')).to.equal('Retry report.pdf');
      expect(part(element, 'file-remove').getAttribute('aria-label')).to.equal('Remove report.pdf');
    });
  });

  describe('appearance props', () => {
    it('localizes through i18n: overrides change text, a bare locale sets lang and direction', async () => {
      const element = await mount(`<svc-uploader i18n='{"locale":"ar","overrides":{"dropZone.browse":"Choisir des fichiers"}}'></svc-uploader>`);
      const base = part(element, 'base');
      expect(base.getAttribute('lang')).to.equal('ar');
      expect(base.getAttribute('dir')).to.equal('rtl');
      expect(part(element, 'browse-button').textContent!.trim()).to.equal('Choisir des fichiers');
      element.i18n = { locale: 'en-GB' };
      await element.updateComplete;
      expect(base.getAttribute('dir')).to.equal('ltr');
      expect(part(element, 'browse-button').textContent!.trim()).to.equal('Browse files');
    });

    it('applies theme tokens and mode', async () => {
      const element = await mount(
        `<svc-uploader theme='{"mode":"dark","tokens":{"color-accent":"rgb(10, 125, 56)","--svc-radius-medium":"3px"}}'></svc-uploader>`,
      );
      const browse = part(element, 'browse-button');
      expect(getComputedStyle(browse).backgroundColor).to.equal('rgb(10, 125, 56)');
      expect(getComputedStyle(browse).borderTopLeftRadius).to.equal('3px');
      expect(element.getAttribute('data-svc-mode')).to.equal('dark');
      // The dark surface of the token list, not the light one.
      expect(getComputedStyle(part(element, 'base')).backgroundColor).to.equal('rgb(17, 24, 39)');
    });

    it('replaces glyphs with icons', async () => {
      const element = await mount('<svc-uploader></svc-uploader>');
      element.icons = { FileDeleteIcon: ({ className }) => html`<b class=${className} data-glyph="custom">✕</b>` };
      await element.addFiles([textFile('x.txt')]);
      await element.updateComplete;
      expect(part(element, 'file-remove').querySelector('[data-glyph="custom"]')!.className).to.equal('icon');
    });

    it('orders source chips as sources lists them and hides the rest', async () => {
      const element = await mount('<svc-uploader sources="screen,url"></svc-uploader>');
      const chips = [...element.shadowRoot!.querySelectorAll('[part~="source-chip"]')].map((chip) => chip.getAttribute('data-source'));
      expect(chips).to.deep.equal(['screen', 'url']);
      expect(maybePart(element, 'browse-button')).to.equal(null);
    });

    it('drops decorative motion with no-animations', async () => {
      const element = await mount('<svc-uploader></svc-uploader>');
      expect(part(element, 'base').classList.contains('animated')).to.equal(true);
      element.setAttribute('no-animations', '');
      await element.updateComplete;
      expect(part(element, 'base').classList.contains('animated')).to.equal(false);
    });
  });
});
