import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { MODE_ATTRIBUTE } from '../../../elements/theme/index.js';
import type { ThemedBox } from './themed-box.js';
import './themed-box.js';

const LIGHT_SURFACE = 'rgb(255, 255, 255)';
const DARK_SURFACE = 'rgb(17, 24, 39)';

/** The change event of `matchMedia` is dispatched asynchronously after the emulation switches. */
async function untilMode(element: HTMLElement, mode: 'light' | 'dark'): Promise<void> {
  for (let frame = 0; frame < 60 && element.getAttribute(MODE_ATTRIBUTE) !== mode; frame += 1) {
    await new Promise(requestAnimationFrame);
  }
}

describe('theme.mode', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });

  it('is light when no mode is given, even if the system prefers dark', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const element = await fixture<ThemedBox>(html`<themed-box></themed-box>`);
    expect(element.getAttribute(MODE_ATTRIBUTE)).to.equal('light');
    expect(getComputedStyle(element.box).backgroundColor).to.equal(LIGHT_SURFACE);
  });

  it('paints dark values in dark mode', async () => {
    const element = await fixture<ThemedBox>(html`<themed-box .theme=${{ mode: 'dark' }}></themed-box>`);
    expect(element.getAttribute(MODE_ATTRIBUTE)).to.equal('dark');
    expect(getComputedStyle(element.box).backgroundColor).to.equal(DARK_SURFACE);
    expect(getComputedStyle(element.box).colorScheme).to.equal('dark');
  });

  it('keeps an explicit light mode when the system turns dark', async () => {
    const element = await fixture<ThemedBox>(html`<themed-box .theme=${{ mode: 'light' }}></themed-box>`);
    await emulateMedia({ colorScheme: 'dark' });
    await new Promise(requestAnimationFrame);
    expect(element.getAttribute(MODE_ATTRIBUTE)).to.equal('light');
    expect(getComputedStyle(element.box).backgroundColor).to.equal(LIGHT_SURFACE);
  });

  it('follows the system preference live in system mode', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const element = await fixture<ThemedBox>(html`<themed-box .theme=${{ mode: 'system' }}></themed-box>`);
    expect(getComputedStyle(element.box).backgroundColor).to.equal(LIGHT_SURFACE);

    await emulateMedia({ colorScheme: 'dark' });
    await untilMode(element, 'dark');
    expect(getComputedStyle(element.box).backgroundColor).to.equal(DARK_SURFACE);

    await emulateMedia({ colorScheme: 'light' });
    await untilMode(element, 'light');
    expect(getComputedStyle(element.box).backgroundColor).to.equal(LIGHT_SURFACE);
  });

  it("starts in the system's current mode", async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const element = await fixture<ThemedBox>(html`<themed-box .theme=${{ mode: 'system' }}></themed-box>`);
    expect(element.getAttribute(MODE_ATTRIBUTE)).to.equal('dark');
  });

  it('switches modes when the theme prop changes', async () => {
    const element = await fixture<ThemedBox>(html`<themed-box .theme=${{ mode: 'dark' }}></themed-box>`);
    element.theme = { mode: 'light' };
    await element.updateComplete;
    expect(getComputedStyle(element.box).backgroundColor).to.equal(LIGHT_SURFACE);
  });

  it('stops following the system once disconnected, and resumes when reconnected', async () => {
    const element = await fixture<ThemedBox>(html`<themed-box .theme=${{ mode: 'system' }}></themed-box>`);
    const parent = element.parentElement!;
    element.remove();
    await emulateMedia({ colorScheme: 'dark' });
    for (let frame = 0; frame < 5; frame += 1) await new Promise(requestAnimationFrame);
    expect(element.getAttribute(MODE_ATTRIBUTE)).to.equal('light');

    parent.append(element);
    expect(element.getAttribute(MODE_ATTRIBUTE)).to.equal('dark');
  });
});
