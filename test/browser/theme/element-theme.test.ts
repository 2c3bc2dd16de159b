import { expect } from '@open-wc/testing';
import type { CSSResult } from 'lit';
import '../../../elements/index.js';
import { SvcUploader } from '../../../elements/index.js';
import { tokenDefaultStyles } from '../../../elements/theme/index.js';
import { tokenUsageReport } from '../../../elements/theme/tokens.js';
import { driveStyles } from '../../../elements/svc-uploader/drives/drive-styles.js';
import { editorStyles } from '../../../elements/svc-uploader/editor/editor-styles.js';
import { fileViewStyles } from '../../../elements/svc-uploader/file-list/file-views.js';

/**
 * Every stylesheet of the element, those the file views bring when the first file arrives, and the
 * `<style>` the drive panels and the image editor bring along.
 */
function elementCss(): string[] {
  const sheets = [...SvcUploader.elementStyles, ...Object.values(fileViewStyles)].map((sheet) => (sheet as CSSResult).cssText);
  const lazyCss = [driveStyles, editorStyles].map((styles) => styles.strings.join('').replace(/<\/?style>/g, ''));
  return [...sheets, ...lazyCss];
}

async function mountUploader(markup: string): Promise<SvcUploader> {
  const host = document.createElement('div');
  host.className = 'theme-test-host';
  host.innerHTML = markup;
  document.body.append(host);
  const element = host.querySelector('svc-uploader')!;
  await element.updateComplete;
  return element;
}

function part(element: SvcUploader, name: string): HTMLElement {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise(requestAnimationFrame);
  }
}

describe('<svc-uploader> theming', () => {
  afterEach(() => {
    for (const node of document.querySelectorAll('.theme-test-host, [data-theme-test]')) node.remove();
  });

  describe("design tokens in the element's CSS", () => {
    it('reads every token and no name that is not one', () => {
      expect(tokenUsageReport(elementCss())).to.deep.equal({ unused: [], undefined: [] });
    });

    it('fails when a token is defined but nothing reads it, or read but not defined', () => {
      const withoutAccent = elementCss().map((css) => css.replaceAll('var(--_color-accent-hover)', 'red'));
      expect(tokenUsageReport(withoutAccent).unused).to.deep.equal(['--svc-color-accent-hover']);
      expect(tokenUsageReport([...elementCss(), '.x { color: var(--_color-acent); }']).undefined).to.deep.equal(['--_color-acent']);
    });

    it('paints no colour of its own: every colour comes from a token (or a system colour)', () => {
      const componentCss = SvcUploader.elementStyles.filter((sheet) => sheet !== tokenDefaultStyles).map((sheet) => (sheet as CSSResult).cssText);
      const literal = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|:\s*(?:white|black|red|blue|green|gray|grey)\b/i;
      for (const css of componentCss) expect(css.match(literal)?.[0] ?? null, css.slice(0, 80)).to.equal(null);
    });
  });

  describe('page values', () => {
    it('reach the uploader from :root, with styles/tokens.css loaded or not, in both modes', async () => {
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/styles/tokens.css' });
      link.dataset.themeTest = '';
      const loaded = new Promise((resolve) => link.addEventListener('load', resolve));
      document.head.append(link);
      await loaded;
      const page = document.createElement('style');
      page.dataset.themeTest = '';
      page.textContent = ':root { --svc-color-accent: rgb(11, 122, 92); } [data-svc-mode="dark"] { --svc-color-accent: rgb(79, 209, 165); }';
      document.head.append(page);
      try {
        const light = await mountUploader('<svc-uploader></svc-uploader>');
        expect(getComputedStyle(part(light, 'browse-button')).backgroundColor).to.equal('rgb(11, 122, 92)');
        const dark = await mountUploader(`<svc-uploader theme='{"mode":"dark"}'></svc-uploader>`);
        expect(getComputedStyle(part(dark, 'browse-button')).backgroundColor).to.equal('rgb(79, 209, 165)');
        // A light uploader inside a dark container still gets the light values, not the container's dark ones.
        const nested = await mountUploader(`<div data-svc-mode="dark"><svc-uploader theme='{"mode":"light"}'></svc-uploader></div>`);
        expect(getComputedStyle(part(nested, 'base')).backgroundColor).to.equal('rgb(255, 255, 255)');
      } finally {
        link.remove();
        page.remove();
      }
    });
  });

  describe('theme.slots', () => {
    function addPageStyles(css: string): HTMLStyleElement {
      const style = document.createElement('style');
      style.dataset.themeTest = '';
      style.textContent = css;
      document.head.append(style);
      return style;
    }

    it("applies the page's utility classes inside the element, over its own look", async () => {
      addPageStyles(`
        :root { --brand: rgb(1, 2, 3); }
        @layer utilities {
          .u-bg-lime { background-color: rgb(217, 249, 157); }
          .u-p-10 { padding: 40px; }
          @media (min-width: 1px) { .md\\:u-rounded-none { border-radius: 0px; } }
          .u-text-brand { color: var(--brand); }
          .hover\\:u-underline { &:hover { text-decoration-line: underline; } }
        }
      `);
      const element = await mountUploader('<svc-uploader server-url="/api/upload"></svc-uploader>');
      element.theme = { slots: { dropZone: { root: 'u-bg-lime u-p-10 md:u-rounded-none', title: 'u-text-brand hover:u-underline' } } };
      await element.updateComplete;
      const zone = part(element, 'drop-zone');
      await until(() => getComputedStyle(zone).backgroundColor === 'rgb(217, 249, 157)', 'the page rule inside');
      expect(getComputedStyle(zone).paddingTop).to.equal('40px');
      expect(getComputedStyle(zone).borderTopLeftRadius).to.equal('0px');
      expect(getComputedStyle(part(element, 'drop-zone-title')).color).to.equal('rgb(1, 2, 3)');
      expect(zone.classList.contains('md:u-rounded-none')).to.equal(true);
    });

    it('follows stylesheets the page adds later, and forgets classes the theme drops', async () => {
      const element = await mountUploader('<svc-uploader server-url="/api/upload"></svc-uploader>');
      element.theme = { slots: { fileList: { count: 'late-utility' } } };
      await element.addFiles([new File(['x'], 'x.txt')]);
      await element.updateComplete;
      const count = part(element, 'file-count');
      const weight = getComputedStyle(count).fontWeight;
      addPageStyles('.late-utility { letter-spacing: 3px; }');
      await until(() => getComputedStyle(count).letterSpacing === '3px', 'the rule added later');
      element.theme = {};
      await element.updateComplete;
      await until(() => getComputedStyle(count).letterSpacing !== '3px', 'the class to go');
      expect(getComputedStyle(count).fontWeight).to.equal(weight);
    });

    it("keeps the boundary: other page rules stay out, and the element's rules stay in", async () => {
      addPageStyles(`
        button { background-color: rgb(255, 0, 0); }
        .unrelated, [part] { outline: 5px solid rgb(255, 0, 0); }
        .u-shadow { box-shadow: rgb(0, 0, 0) 0px 0px 0px 3px; }
      `);
      const outside = document.createElement('div');
      outside.className = 'drop-zone theme-test-host';
      document.body.append(outside);
      const element = await mountUploader('<svc-uploader server-url="/api/upload"></svc-uploader>');
      element.theme = { slots: { dropZone: { browseButton: 'u-shadow' } } };
      await element.updateComplete;
      const browse = part(element, 'browse-button');
      await until(() => getComputedStyle(browse).boxShadow.includes('3px'), 'the slot class');
      expect(getComputedStyle(browse).backgroundColor).to.equal('rgb(37, 99, 235)');
      expect(getComputedStyle(part(element, 'drop-zone')).outlineStyle).to.equal('none');
      expect(getComputedStyle(outside).borderTopStyle).to.equal('none');
    });

    it('reports slots that do not exist', async () => {
      const warnings: unknown[] = [];
      const original = console.warn;
      console.warn = (...args: unknown[]) => warnings.push(args[0]);
      try {
        const element = await mountUploader('<svc-uploader></svc-uploader>');
        element.theme = { slots: { dropzone: { root: 'x' }, file: { title: 'y' } } as never };
        await element.updateComplete;
      } finally {
        console.warn = original;
      }
      expect(warnings.map(String).join('\n')).to.include('"dropzone"').and.to.include('"file.title"');
    });
  });
});
