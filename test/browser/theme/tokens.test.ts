import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { designTokens, tokenNames, type ThemeTokens } from '../../../elements/theme/index.js';
import { globalTokensCss, hostTokensCss } from '../../../elements/theme/token-css.js';
import { tokenUsageReport } from '../../../elements/theme/tokens.js';
import { themedBoxStyles, type ThemedBox } from './themed-box.js';
import './themed-box.js';

const computed = (element: Element) => getComputedStyle(element);

function tokenValue(name: string, mode: 'light' | 'dark'): string {
  const token = designTokens.find((candidate) => candidate.name === `--svc-${name}`) as { light: string; dark?: string };
  return mode === 'dark' ? (token.dark ?? token.light) : token.light;
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [red, green, blue] = [1, 3, 5]
      .map((index) => parseInt(hex.slice(index, index + 2), 16) / 255)
      .map((channel) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4));
    return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

async function box(tokens: ThemeTokens, mode: 'light' | 'dark' = 'light'): Promise<ThemedBox> {
  return fixture<ThemedBox>(html`<themed-box .theme=${{ mode, tokens }}></themed-box>`);
}

describe('design tokens', () => {
  describe('the list', () => {
    it('names every token --svc-<category>-… once, with a light value and a description', () => {
      expect(new Set(tokenNames).size).to.equal(tokenNames.length);
      for (const token of designTokens) {
        const prefix =
          token.category === 'typography' ? /^--svc-(font|line)-/ : new RegExp(`^--svc-${token.category === 'motion' ? 'motion' : token.category}-`);
        expect(token.name).to.match(prefix);
        expect(token.light, token.name).to.not.equal('');
        expect(token.description, token.name).to.not.equal('');
      }
    });

    it('gives every colour a dark value and a forced-colors system colour', () => {
      for (const token of designTokens.filter(({ category }) => category === 'color')) {
        expect(token, token.name).to.include.keys('dark', 'forcedColors');
        expect(CSS.supports('color', token.light), token.name).to.equal(true);
        expect(CSS.supports('color', (token as { dark: string }).dark), token.name).to.equal(true);
      }
    });

    for (const mode of ['light', 'dark'] as const) {
      it(`meets WCAG AA contrast in ${mode} mode: 4.5:1 for text, 3:1 for control outlines and focus`, () => {
        const pairs: Array<[string, string, number]> = [
          ['color-on-accent', 'color-accent', 4.5],
          ['color-on-accent', 'color-accent-hover', 4.5],
          ['color-text', 'color-accent-subtle', 4.5],
          ['color-text', 'color-danger-subtle', 4.5],
          ['color-danger', 'color-danger-subtle', 4.5],
        ];
        for (const surface of ['color-surface', 'color-surface-raised', 'color-surface-sunken']) {
          for (const text of ['color-text', 'color-text-muted', 'color-accent', 'color-danger', 'color-success', 'color-warning'])
            pairs.push([text, surface, 4.5]);
          for (const outline of ['color-border-strong', 'color-focus-ring']) pairs.push([outline, surface, 3]);
        }
        for (const [foreground, background, minimum] of pairs) {
          const ratio = contrast(tokenValue(foreground, mode), tokenValue(background, mode));
          expect(ratio, `${foreground} on ${background}: ${ratio.toFixed(2)}`).to.be.at.least(minimum);
        }
      });
    }

    it('is documented: docs/i18n-and-theming.md names every token', async () => {
      const docs = await (await fetch('/docs/i18n-and-theming.md')).text();
      for (const name of tokenNames) expect(docs, name).to.include(`\`${name}\``);
    });

    it('is what styles/tokens.css contains (regenerate it with scripts/generate-tokens-css.ts)', async () => {
      const response = await fetch('/styles/tokens.css');
      expect(response.ok).to.equal(true);
      expect(await response.text()).to.equal(globalTokensCss());
    });
  });

  describe('theme.tokens', () => {
    it('become custom properties on the host that the inner UI reads', async () => {
      const element = await box({ 'color-surface': 'rgb(1, 2, 3)', '--svc-radius-large': '3px' });
      expect(element.style.getPropertyValue('--svc-color-surface')).to.equal('rgb(1, 2, 3)');
      expect(computed(element.box).backgroundColor).to.equal('rgb(1, 2, 3)');
      expect(computed(element.box).borderTopLeftRadius).to.equal('3px');
    });

    it('apply in both modes, with `dark` values replacing them in dark mode', async () => {
      const tokens: ThemeTokens = { 'color-surface': 'rgb(250, 250, 250)', dark: { 'color-surface': 'rgb(5, 5, 5)' } };
      expect(computed((await box(tokens, 'light')).box).backgroundColor).to.equal('rgb(250, 250, 250)');
      expect(computed((await box(tokens, 'dark')).box).backgroundColor).to.equal('rgb(5, 5, 5)');
    });

    it('are removed again when the theme no longer sets them', async () => {
      const element = await box({ 'color-surface': 'rgb(1, 2, 3)' });
      element.theme = { mode: 'light', tokens: {} };
      await element.updateComplete;
      expect(element.style.getPropertyValue('--svc-color-surface')).to.equal('');
      expect(computed(element.box).backgroundColor).to.equal('rgb(255, 255, 255)');
    });

    it("skip names that are not tokens, leaving the page's own inline styles alone", async () => {
      const warnings: unknown[] = [];
      const original = console.warn;
      console.warn = (...args: unknown[]) => warnings.push(args[0]);
      try {
        const element = await fixture<ThemedBox>(html`<themed-box style="--page-owned: 1" .theme=${{ tokens: { 'color-primray': 'red' } }}></themed-box>`);
        expect(element.style.getPropertyValue('--svc-color-primray')).to.equal('');
        expect(element.style.getPropertyValue('--page-owned')).to.equal('1');
        expect(String(warnings[0])).to.include('color-primray');
      } finally {
        console.warn = original;
      }
    });

    it('win over values the page sets on an ancestor, which otherwise reach the element', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div style="--svc-color-text: rgb(9, 9, 9)"><themed-box></themed-box><themed-box .theme=${{ tokens: { 'color-text': 'rgb(7, 7, 7)' } }}></themed-box></div>`,
      );
      const [inherited, overridden] = [...wrapper.querySelectorAll('themed-box')];
      await Promise.all([inherited!.updateComplete, overridden!.updateComplete]);
      expect(computed(inherited!.box).color).to.equal('rgb(9, 9, 9)');
      expect(computed(overridden!.box).color).to.equal('rgb(7, 7, 7)');
    });
  });

  describe('styles/tokens.css on the page', () => {
    let link: HTMLLinkElement;
    before(async () => {
      link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/styles/tokens.css' });
      const loaded = new Promise((resolve) => link.addEventListener('load', resolve));
      document.head.append(link);
      await loaded;
    });
    after(() => link.remove());

    it('defines every token on the document and dark values under data-svc-mode="dark"', async () => {
      const root = computed(document.documentElement);
      for (const token of designTokens) expect(root.getPropertyValue(token.name).trim(), token.name).to.not.equal('');
      const element = await box({}, 'dark');
      expect(computed(element.box).backgroundColor).to.equal('rgb(17, 24, 39)');
    });
  });

  describe('forced colors', () => {
    after(() => emulateMedia({ forcedColors: 'none' }));

    it('maps painted colours to system colours', async () => {
      await emulateMedia({ forcedColors: 'active' });
      const element = await box({ 'color-accent': 'rgb(255, 0, 0)' }, 'dark');
      expect(computed(element).getPropertyValue('--_color-accent').trim()).to.equal('Highlight');
      expect(computed(element).getPropertyValue('--_color-surface').trim()).to.equal('Canvas');
    });
  });

  describe('tokenUsageReport', () => {
    const everyToken = `.all { ${designTokens.map((token, index) => `--_use-${index}: var(${token.name.replace('--svc-', '--_')});`).join(' ')} }`;

    it('passes CSS that reads every token through the defaults sheet', () => {
      expect(tokenUsageReport([hostTokensCss(), everyToken])).to.deep.equal({ unused: [], undefined: [] });
    });

    it('reports tokens nothing reads; the defaults sheet alone reads none', () => {
      const report = tokenUsageReport([hostTokensCss(), themedBoxStyles.cssText]);
      expect(report.unused).to.include('--svc-color-accent');
      expect(report.unused).not.to.include('--svc-color-surface');
      expect(tokenUsageReport([hostTokensCss()]).unused).to.deep.equal([...tokenNames]);
    });

    it('reports references to tokens that do not exist, in public or private form', () => {
      const report = tokenUsageReport([hostTokensCss(), everyToken, '.x { color: var(--_color-primray); margin: var(--svc-gap, 4px); }']);
      expect(report.undefined).to.deep.equal(['--_color-primray', '--svc-gap']);
    });

    it('reports private names as undefined when the defaults sheet is missing', () => {
      expect(tokenUsageReport([themedBoxStyles.cssText]).undefined).to.include('--_color-surface');
    });

    it('counts properties the component declares itself as defined, and ignores comments', () => {
      const css = '/* var(--_ghost) */ :host { --_ring: 0 0 0 2px var(--_color-focus-ring); } .a { box-shadow: var(--_ring); }';
      const report = tokenUsageReport([hostTokensCss(), css]);
      expect(report.undefined).to.deep.equal([]);
      expect(report.unused).not.to.include('--svc-color-focus-ring');
    });
  });
});
