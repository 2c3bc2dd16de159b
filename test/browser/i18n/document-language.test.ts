/**
 * Without an `i18n` prop the uploader speaks the page's language: the bundle closest to
 * `<html lang>`, in the page's direction, following changes to either attribute.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import type { SvcUploader } from '../../../elements/index.js';
import { closestBundleCode } from '../../../elements/i18n/locale-catalog.js';
import it_ from '../../../locales/it.js';

const root = document.documentElement;
const originalLang = root.getAttribute('lang');
const originalDir = root.getAttribute('dir');
const mounted: SvcUploader[] = [];

async function mount(): Promise<SvcUploader> {
  const element = document.createElement('svc-uploader');
  document.body.append(element);
  mounted.push(element);
  await element.updateComplete;
  return element;
}

function base(element: SvcUploader): HTMLElement {
  return element.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!;
}

function title(element: SvcUploader): string {
  return element.shadowRoot!.textContent ?? '';
}

async function shows(element: SvcUploader, text: string): Promise<void> {
  await waitUntil(
    async () => {
      await element.updateComplete;
      return title(element).includes(text);
    },
    `expected "${text}" on screen`,
    { timeout: 20_000 },
  );
}

function restore(name: string, value: string | null): void {
  if (value === null) root.removeAttribute(name);
  else root.setAttribute(name, value);
}

afterEach(() => {
  for (const element of mounted.splice(0)) element.remove();
  restore('lang', originalLang);
  restore('dir', originalDir);
});

describe('the uploader follows <html lang> and dir', () => {
  it('shows German on a page whose lang is de', async () => {
    root.lang = 'de';
    const element = await mount();
    await shows(element, 'Dateien hierher ziehen und ablegen');
    expect(base(element).getAttribute('lang')).to.equal('de');
    expect(base(element).getAttribute('dir')).to.equal('ltr');
  });

  it('re-renders in French when the page switches lang to fr', async () => {
    root.lang = 'de';
    const element = await mount();
    await shows(element, 'Dateien hierher ziehen und ablegen');
    root.lang = 'fr';
    await shows(element, 'Glissez-déposez vos fichiers ici');
    expect(title(element)).not.to.include('Dateien hierher');
    expect(base(element).getAttribute('lang')).to.equal('fr');
  });

  it('is right to left on a page whose lang is fa', async () => {
    root.lang = 'fa';
    const element = await mount();
    await shows(element, 'فایل‌ها را اینجا بکشید و رها کنید');
    expect(base(element).getAttribute('dir')).to.equal('rtl');
  });

  it("takes the page's explicit dir", async () => {
    root.lang = 'en';
    root.dir = 'rtl';
    const element = await mount();
    await waitUntil(() => base(element).getAttribute('dir') === 'rtl', 'expected rtl', { timeout: 20_000 });
    expect(title(element)).to.include('Drag and drop files here');
  });

  it('keeps English for a language no bundle covers', async () => {
    root.lang = 'xh';
    const element = await mount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await element.updateComplete;
    expect(title(element)).to.include('Drag and drop files here');
  });

  it('lets an explicit i18n prop win over the page', async () => {
    root.lang = 'de';
    const element = document.createElement('svc-uploader');
    element.i18n = { bundle: it_ };
    document.body.append(element);
    mounted.push(element);
    await element.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 50));
    root.lang = 'fr';
    await new Promise((resolve) => setTimeout(resolve, 50));
    await element.updateComplete;
    expect(title(element)).to.include(it_.messages['dropZone.title']);
    expect(base(element).getAttribute('lang')).to.equal('it');
  });

  it('stops following once removed from the page', async () => {
    root.lang = 'de';
    const element = await mount();
    await shows(element, 'Dateien hierher ziehen und ablegen');
    element.remove();
    root.lang = 'fr';
    await new Promise((resolve) => setTimeout(resolve, 100));
    await element.updateComplete;
    expect(title(element)).to.include('Dateien hierher ziehen und ablegen');
  });
});

describe('closestBundleCode', () => {
  it('picks the closest shipped bundle for a tag', () => {
    const cases: Record<string, string | undefined> = {
      de: 'de',
      'de-AT': 'de',
      pt: 'pt-BR',
      'pt-BR': 'pt-BR',
      'pt-PT': 'pt-PT',
      'pt-AO': 'pt-PT',
      sr: 'sr-Cyrl',
      'sr-Latn': 'sr-Latn',
      'sr-ME': 'sr-Latn',
      'zh-Hant-TW': 'zh-TW',
      'zh-HK': 'zh-TW',
      zh: 'zh-CN',
      'zh-SG': 'zh-CN',
      'nb-NO': 'nb',
      no: 'nb',
      nn: 'nb',
      fa: 'fa',
      'he-IL': 'he',
      xh: undefined,
      'not a tag': undefined,
    };
    for (const [tag, expected] of Object.entries(cases)) expect(closestBundleCode(tag), tag).to.equal(expected);
  });
});
