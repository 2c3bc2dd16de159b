// The messages formatted without intl-messageformat must read exactly as intl-messageformat reads
// them: every message of every shipped bundle that the built-in formatter accepts is formatted both
// ways with numbers that hit each plural category, every select option and plain text.
import { expect } from '@open-wc/testing';
import IntlMessageFormat from 'intl-messageformat';
import { formatSimpleMessage, parseSimpleMessage } from '../../../elements/i18n/message-syntax.js';
import { shippedLocales } from './all-locales.js';
import { shapeOf } from './message-ast.js';

const NUMBERS = [0, 1, 2, 3, 5, 11, 21, 22, 100, 1001, 1234567];

/** Value sets for a message's arguments: one per number (plurals and numbers) and select option. */
function sampleValues(format: IntlMessageFormat): Record<string, unknown>[] {
  const shape = shapeOf(format.getAst());
  const selects = [...shape.selectOptions.entries()];
  const samples: Record<string, unknown>[] = [];
  const optionCount = Math.max(1, ...selects.map(([, options]) => options.size + 1));
  for (const [index, number] of NUMBERS.entries()) {
    for (let option = 0; option < optionCount; option += 1) {
      const values: Record<string, unknown> = {};
      for (const [argument, kind] of shape.arguments) {
        if (kind === 'number' || kind === 'plural') values[argument] = number + index;
        else if (kind === 'text') values[argument] = `text-${argument}`;
      }
      for (const [argument, options] of selects) values[argument] = [...options, 'none-of-these'][option % (options.size + 1)];
      samples.push(values);
    }
  }
  return samples;
}

describe('messages formatted without intl-messageformat', () => {
  it('read as intl-messageformat reads them, in every shipped bundle', () => {
    let compared = 0;
    for (const bundle of Object.values(shippedLocales)) {
      for (const [key, text] of Object.entries(bundle.messages)) {
        const parts = parseSimpleMessage(text);
        if (parts === undefined) continue;
        const icu = new IntlMessageFormat(text, bundle.lang, undefined, { ignoreTag: true });
        for (const values of sampleValues(icu)) {
          expect(formatSimpleMessage(parts, values, bundle.lang), `${bundle.lang} ${key} ${JSON.stringify(values)}`).to.equal(String(icu.format(values)));
          compared += 1;
        }
      }
    }
    expect(compared).to.be.above(10_000);
  });

  it('take plurals, selects, numbers and # without the ICU runtime', () => {
    const parts = parseSimpleMessage('{count, plural, =0 {No files} one {# file of {total, number}} other {# files for {name}}}')!;
    expect(formatSimpleMessage(parts, { count: 0, total: 1, name: 'x' }, 'en')).to.equal('No files');
    expect(formatSimpleMessage(parts, { count: 1, total: 1234, name: 'x' }, 'en')).to.equal('1 file of 1,234');
    expect(formatSimpleMessage(parts, { count: 2500, total: 1, name: 'Ann' }, 'de')).to.equal('2.500 files for Ann');
  });

  it('leave nesting, quoting, offsets and other formats to intl-messageformat', () => {
    for (const text of [
      '{count, plural, one {{kind, select, a {A} other {B}}} other {#}}',
      "It''s {count, plural, one {#} other {#}}",
      '{count, plural, offset:1 one {#} other {#}}',
      '{when, date, short}',
      '{count, plural, one {# file}}',
      '{kind, select, a {#} other {b}}',
      '{count, plural, one {# file} other {# files}',
      'x'.repeat(5000),
    ]) {
      expect(parseSimpleMessage(text), text.slice(0, 40)).to.equal(undefined);
    }
  });
});
