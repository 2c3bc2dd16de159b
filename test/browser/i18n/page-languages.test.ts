/**
 * The sixty and more languages of the web's largest audiences, bare and regional, each set on
 * `<html lang>`: the uploader shows its own words in the bundle CLDR's likely subtags lead to (`pt`
 * is Brazilian, `sr` Cyrillic, `zh-HK` Traditional, `no` Bokmål, `tl` Filipino), and English only
 * for a language with no bundle and no related one. A bare `locale` tag in the `i18n` prop finds its bundle by the same rule.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../../elements/index.js';
import type { SvcUploader } from '../../../elements/index.js';
import { shippedLocales } from './all-locales.js';

/** Page language → the bundle whose words the uploader must show (`en`: English, no bundle fits). */
const PAGE_LANGUAGES: Record<string, string> = {
  en: 'en',
  'en-US': 'en',
  'en-GB': 'en',
  es: 'es',
  'es-MX': 'es',
  'es-419': 'es',
  fr: 'fr',
  'fr-CA': 'fr',
  de: 'de',
  'de-AT': 'de',
  'de-CH': 'de',
  pt: 'pt-BR',
  'pt-BR': 'pt-BR',
  'pt-PT': 'pt-PT',
  'pt-AO': 'pt-PT',
  it: 'it',
  nl: 'nl',
  'nl-BE': 'nl',
  pl: 'pl',
  ru: 'ru',
  tr: 'tr',
  ja: 'ja',
  'ja-JP': 'ja',
  ko: 'ko',
  'ko-KR': 'ko',
  zh: 'zh-CN',
  'zh-CN': 'zh-CN',
  'zh-Hans': 'zh-CN',
  'zh-SG': 'zh-CN',
  'zh-TW': 'zh-TW',
  'zh-HK': 'zh-TW',
  'zh-Hant': 'zh-TW',
  ar: 'ar',
  'ar-EG': 'ar',
  'ar-SA': 'ar',
  he: 'he',
  fa: 'fa',
  'fa-IR': 'fa',
  hi: 'hi',
  'hi-IN': 'hi',
  bn: 'bn',
  ur: 'ur',
  id: 'id',
  ms: 'ms',
  vi: 'vi',
  th: 'th',
  uk: 'uk',
  cs: 'cs',
  sk: 'sk',
  hu: 'hu',
  ro: 'ro',
  bg: 'bg',
  el: 'el',
  sv: 'sv',
  da: 'da',
  nb: 'nb',
  no: 'nb',
  nn: 'nb',
  fi: 'fi',
  hr: 'hr',
  sr: 'sr-Cyrl',
  'sr-RS': 'sr-Cyrl',
  'sr-Latn': 'sr-Latn',
  'sr-ME': 'sr-Latn',
  sl: 'sl',
  lt: 'lt',
  lv: 'lv',
  et: 'et',
  ca: 'ca',
  eu: 'eu',
  gl: 'gl',
  is: 'is',
  ka: 'ka',
  kk: 'kk',
  km: 'km',
  az: 'az',
  uz: 'uz',
  hy: 'hy',
  'hy-AM': 'hy',
  sq: 'sq',
  'sq-AL': 'sq',
  'sq-XK': 'sq',
  mk: 'mk',
  'mk-MK': 'mk',
  bs: 'bs',
  'bs-BA': 'bs',
  'bs-Latn-BA': 'bs',
  be: 'be',
  'be-BY': 'be',
  'sw-KE': 'sw',
  'sw-TZ': 'sw',
  fil: 'fil',
  'fil-PH': 'fil',
  tl: 'fil',
  'ta-IN': 'ta',
  'ta-LK': 'ta',
  mn: 'mn',
  'mn-MN': 'mn',
  af: 'af',
  'af-ZA': 'af',
  ml: 'ml',
  'ml-IN': 'ml',
  sw: 'sw',
  ta: 'ta',
  te: 'te',
  'te-IN': 'te',
  mr: 'mr',
  'mr-IN': 'mr',
  gu: 'gu',
  'gu-IN': 'gu',
  kn: 'kn',
  'kn-IN': 'kn',
  pa: 'pa',
  'pa-IN': 'pa',
  'pa-Guru': 'pa',
  ne: 'ne',
  'ne-NP': 'ne',
  ps: 'ps',
  'ps-AF': 'ps',
  si: 'si',
  'si-LK': 'si',
  am: 'am',
  'am-ET': 'am',
  my: 'my',
  'my-MM': 'my',
  lo: 'lo',
  'lo-LA': 'lo',
  // No bundle, and none of a related language: English.
  yo: 'en',
  ha: 'en',
  'uz-Cyrl': 'en',
  // Punjabi in Shahmukhi (Pakistan) does not read the Gurmukhi bundle.
  'pa-PK': 'en',
};

const root = document.documentElement;
const originalLang = root.getAttribute('lang');
const mounted: SvcUploader[] = [];

async function mount(): Promise<SvcUploader> {
  const element = document.createElement('svc-uploader');
  document.body.append(element);
  mounted.push(element);
  await element.updateComplete;
  return element;
}

const base = (element: SvcUploader) => element.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!;
const screenText = (element: SvcUploader) => element.shadowRoot!.textContent ?? '';

async function showsBundle(element: SvcUploader, code: string, lang = shippedLocales[code]!.lang): Promise<void> {
  const title = shippedLocales[code]!.messages['dropZone.title'];
  await waitUntil(
    async () => {
      await element.updateComplete;
      return screenText(element).includes(title) && base(element).getAttribute('lang') === lang;
    },
    `expected "${title}" in lang ${lang}`,
    { timeout: 20_000 },
  );
}

/** Settles the element's own look-up for `lang` (same modules, started first), then its render. */
async function settled(element: SvcUploader, lang: string): Promise<void> {
  const page = await import('../../../elements/i18n/page-language.js');
  await page.optionsFor(lang, '');
  await element.updateComplete;
}

afterEach(() => {
  for (const element of mounted.splice(0)) element.remove();
  if (originalLang === null) root.removeAttribute('lang');
  else root.setAttribute('lang', originalLang);
});

describe('the uploader on pages in the common languages of the web', function () {
  this.timeout(300_000);

  it('covers at least sixty page languages, bare and regional', () => {
    expect(Object.keys(PAGE_LANGUAGES).length).to.be.at.least(60);
  });

  for (const [lang, code] of Object.entries(PAGE_LANGUAGES)) {
    it(`<html lang="${lang}"> shows ${code === 'en' ? 'English' : `the ${code} bundle`}`, async () => {
      root.lang = lang;
      const element = await mount();
      if (code !== 'en') return showsBundle(element, code);
      await settled(element, lang);
      expect(screenText(element)).to.include(shippedLocales.en!.messages['dropZone.title']);
      expect(base(element).getAttribute('lang')).to.equal('en');
    });
  }
});

describe('a bare locale tag in the i18n prop', () => {
  const cases: Array<[tag: string, code: string]> = [
    ['pt', 'pt-BR'],
    ['pt-AO', 'pt-PT'],
    ['sr-ME', 'sr-Latn'],
    ['zh-HK', 'zh-TW'],
    ['no', 'nb'],
    ['hy', 'hy'],
    ['de-CH', 'de'],
    ['ta-LK', 'ta'],
  ];
  for (const [tag, code] of cases) {
    it(`{ locale: '${tag}' } shows the ${code} bundle under lang ${tag}`, async () => {
      root.lang = 'en';
      const element = await mount();
      element.i18n = { locale: tag };
      await showsBundle(element, code, tag);
    });
  }

  it('is right to left for Pashto, from a regional page language', async () => {
    root.lang = 'ps-AF';
    const element = await mount();
    await showsBundle(element, 'ps');
    expect(base(element).getAttribute('dir')).to.equal('rtl');
  });

  it('is right to left for a right-to-left language', async () => {
    const element = await mount();
    element.i18n = { locale: 'he-IL' };
    await showsBundle(element, 'he', 'he-IL');
    expect(base(element).getAttribute('dir')).to.equal('rtl');
  });

  it('leaves an explicit bundle alone', async () => {
    const element = await mount();
    element.i18n = { bundle: shippedLocales.it!, locale: 'de' };
    await showsBundle(element, 'it');
    await settled(element, 'de');
    expect(screenText(element)).not.to.include(shippedLocales.de!.messages['dropZone.title']);
  });
});
