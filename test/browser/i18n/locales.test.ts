import { expect } from '@open-wc/testing';
import IntlMessageFormat from 'intl-messageformat';
import en from '../../../locales/en.js';
import { detectDirection, formatCount } from '../../../elements/i18n/index.js';
import { shippedLocales } from './all-locales.js';
import { shapeOf, type MessageShape } from './message-ast.js';

const englishKeys = Object.keys(en.messages).sort();
const englishShapes = new Map(Object.entries(en.messages).map(([key, text]) => [key, shapeOf(new IntlMessageFormat(text, 'en').getAst())]));

/** Counts that land in every CLDR plural category of the shipped languages (0, 1, 2, few, many…). */
const PLURAL_SAMPLES = [0, 1, 2, 3, 5, 11, 21, 22, 100, 101, 1_000_000];
const TEXT_SAMPLES: Record<string, string> = {
  name: 'holiday-photo.jpg',
  size: '2.4 MB',
  maxSize: '10 MB',
  minSize: '1 KB',
  uploadedSize: '1.2 MB',
  totalSize: '2.4 MB',
  percent: '42%',
  types: 'JPG, PNG',
  source: 'Camera',
  provider: 'Dropbox',
  account: 'ana@example.com',
  query: 'invoice',
  reason: 'Network error',
  status: '503',
  origin: 'https://example.com',
  elapsed: '0:42',
};

function sampleValues(shape: MessageShape, count: number, selected: Map<string, string>): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [name, kind] of shape.arguments) {
    if (kind === 'plural' || kind === 'number') values[name] = count;
    else if (kind === 'select') values[name] = selected.get(name) ?? 'other';
    else values[name] = TEXT_SAMPLES[name] ?? `sample ${name}`;
  }
  return values;
}

describe('locales', () => {
  it('ships at least 50 locales, five of them right-to-left, covering every language Uppy, FilePond and Uploadcare share', () => {
    const codes = Object.keys(shippedLocales);
    expect(codes.length).to.be.at.least(50);
    expect(codes).to.include.members([
      'en',
      'es',
      'fr',
      'de',
      'pt-BR',
      'pt-PT',
      'it',
      'nl',
      'pl',
      'ru',
      'uk',
      'tr',
      'ja',
      'zh-CN',
      'zh-TW',
      'ko',
      'ar',
      'he',
      'fa',
      'ur',
      'cs',
      'da',
      'fi',
      'hu',
      'nb',
      'sv',
      'sk',
      'ro',
      'el',
      'hr',
      'id',
      'vi',
      'th',
      'ca',
    ]);
  });

  it('are all listed in docs/i18n-and-theming.md', async () => {
    const docs = await (await fetch('/docs/i18n-and-theming.md')).text();
    for (const code of Object.keys(shippedLocales)) expect(docs, code).to.include(`\`locales/${code}\``);
  });

  for (const [code, bundle] of Object.entries(shippedLocales)) {
    describe(code, () => {
      it('declares its canonical language tag and the direction of its script', () => {
        expect(bundle.lang).to.equal(Intl.getCanonicalLocales(code)[0]);
        expect(bundle.dir).to.equal(detectDirection(bundle.lang));
        expect(bundle.dir).to.equal(['ar', 'he', 'fa', 'ur', 'ps'].includes(code) ? 'rtl' : 'ltr');
      });

      it('has every key English has, and no other', () => {
        expect(Object.keys(bundle.messages).sort()).to.deep.equal(englishKeys);
      });

      it('takes the same arguments as English in every message, and every message compiles', () => {
        for (const [key, text] of Object.entries(bundle.messages)) {
          const shape = shapeOf(new IntlMessageFormat(text, bundle.lang).getAst());
          const english = englishShapes.get(key)!;
          expect([...shape.arguments].sort(), `${code} ${key}`).to.deep.equal([...english.arguments].sort());
          for (const [argument, options] of english.selectOptions) {
            expect([...shape.selectOptions.get(argument)!].sort(), `${code} ${key} select ${argument}`).to.deep.equal([...options].sort());
          }
        }
      });

      it('gives every plural exactly the categories the language distinguishes', () => {
        const categories = new Intl.PluralRules(bundle.lang).resolvedOptions().pluralCategories as string[];
        for (const [key, text] of Object.entries(bundle.messages)) {
          for (const { argument, options } of shapeOf(new IntlMessageFormat(text, bundle.lang).getAst()).pluralOptions) {
            const keywords = options.filter((option) => !option.startsWith('='));
            expect(keywords.sort(), `${code} ${key} plural ${argument}`).to.deep.equal([...categories].sort());
          }
        }
      });

      it('formats every message with sample values across plural categories and select options', () => {
        for (const [key, text] of Object.entries(bundle.messages)) {
          const format = new IntlMessageFormat(text, bundle.lang);
          const shape = shapeOf(format.getAst());
          const selects = [...shape.selectOptions].flatMap(([argument, options]) => [...options].map((option) => new Map([[argument, option]])));
          for (const selected of selects.length > 0 ? selects : [new Map<string, string>()]) {
            for (const count of PLURAL_SAMPLES) {
              const output = format.format(sampleValues(shape, count, selected));
              expect(output, `${code} ${key} (${count})`).to.be.a('string').and.not.equal('');
              expect(output, `${code} ${key} (${count})`).not.to.match(/[{}]/);
            }
          }
        }
      });

      it("prints counts with the locale's digits wherever English prints the count", () => {
        const large = 1234;
        for (const [key, text] of Object.entries(bundle.messages)) {
          const englishShape = englishShapes.get(key)!;
          if (![...englishShape.arguments.values()].some((kind) => kind === 'plural' || kind === 'number')) continue;
          const englishOutput = String(
            new IntlMessageFormat(en.messages[key as keyof typeof en.messages], 'en').format(sampleValues(englishShape, large, new Map())),
          );
          if (!englishOutput.includes('1,234')) continue;
          const format = new IntlMessageFormat(text, bundle.lang);
          const output = String(format.format(sampleValues(shapeOf(format.getAst()), large, new Map())));
          expect(output, `${code} ${key}`).to.include(formatCount(large, bundle.lang));
        }
      });

      if (code !== 'en') {
        it('is a translation, not a copy of English', () => {
          const keys = Object.keys(en.messages) as Array<keyof typeof en.messages>;
          // Messages with no words (`{width, number}:{height, number}`) read the same in every language.
          const wordless = (message: string) => !/\p{L}/u.test(message.replace(/\{[^{}]*\}/g, '').replace(/\bpx\b/g, ''));
          const same = keys.filter((key) => bundle.messages[key] === en.messages[key] && !wordless(en.messages[key]));
          // Brand names (Dropbox, Box, OneDrive…) and the sample URL legitimately stay as they are.
          expect(same.length, `${code} keeps English for: ${same.join(', ')}`).to.be.below(keys.length * 0.05);
        });
      }
    });
  }
});
