/**
 * Sorting messages by the machinery they need, so that only real ICU messages load and pay for
 * `intl-messageformat`. Formatted here, with the browser's own `Intl`: plain text, `{name}`,
 * `{name, number}`, and one `plural` or `select` (no `offset:`) whose branches hold only those and
 * `#`. That covers the messages of the bundled locales, the drop zone's "Up to # files" among
 * them, so a page paints its first screen without the ICU runtime. Anything else (nested choices,
 * quoting, dates, number skeletons) is left to intl-messageformat.
 */

/** A piece of a message this module formats. */
type MessagePart =
  | string
  | { readonly argument: string; readonly number?: true }
  | { readonly pound: true }
  | { readonly argument: string; readonly choice: 'plural' | 'select'; readonly branches: Readonly<Record<string, SimpleMessage>> };

/** A message this module formats, as literal text and arguments. */
export type SimpleMessage = readonly MessagePart[];

/** Longer messages go to intl-messageformat; the scan below never sees unbounded input. */
const MAX_SIMPLE_LENGTH = 4000;
/** ICU quoting: an apostrophe before one of these characters starts or is an escape. */
const ICU_ESCAPE = /'[{}#|'<]/;
const ARGUMENT_NAME = /^[\p{L}_][\p{L}\p{N}_-]*$/u;
const BRANCH_KEY = /^(?:=\d+|[a-z]+)$/;

/** Reads one message (or one branch, `inside` a choice) from `position`; undefined when it needs ICU. */
class MessageReader {
  position = 0;

  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
  }

  /** Parts up to the end of the text, or up to the `}` closing a branch. */
  sequence(inside: 'plural' | 'select' | undefined): MessagePart[] | undefined {
    const parts: MessagePart[] = [];
    let literal = '';
    const flush = () => {
      if (literal !== '') parts.push(literal);
      literal = '';
    };
    while (this.position < this.#text.length) {
      const character = this.#text[this.position]!;
      if (character === '}') break;
      if (character === '{') {
        flush();
        const argument = this.#argument(inside);
        if (argument === undefined) return undefined;
        parts.push(argument);
        continue;
      }
      // `#` is the plural's number inside a plural branch; in a select branch ICU would resolve it
      // against an enclosing plural there is not, so such messages stay with ICU.
      if (character === '#' && inside === 'plural') {
        flush();
        parts.push({ pound: true });
      } else if (character === '#' && inside === 'select') {
        return undefined;
      } else {
        literal += character;
      }
      this.position += 1;
    }
    flush();
    return parts;
  }

  /** `{name}`, `{name, number}` or, at the top level, `{name, plural|select, key {…} …}`. */
  #argument(inside: 'plural' | 'select' | undefined): MessagePart | undefined {
    this.position += 1;
    const name = this.#word(',}');
    if (!ARGUMENT_NAME.test(name)) return undefined;
    if (this.#take('}')) return { argument: name };
    if (!this.#take(',')) return undefined;
    const type = this.#word(',}');
    if (type === 'number') return this.#take('}') ? { argument: name, number: true } : undefined;
    if ((type !== 'plural' && type !== 'select') || inside !== undefined || !this.#take(',')) return undefined;
    const branches: Record<string, SimpleMessage> = {};
    for (;;) {
      this.#skipSpace();
      if (this.#take('}')) break;
      const key = this.#word('{');
      if (!BRANCH_KEY.test(key) || Object.hasOwn(branches, key) || !this.#take('{')) return undefined;
      const branch = this.sequence(type);
      if (branch === undefined || !this.#take('}')) return undefined;
      branches[key] = branch;
    }
    // ICU refuses a choice without `other`; intl-messageformat reports that error itself.
    return Object.hasOwn(branches, 'other') ? { argument: name, choice: type, branches } : undefined;
  }

  /** Characters up to one of `stops` (or a space), trimmed. */
  #word(stops: string): string {
    this.#skipSpace();
    const start = this.position;
    while (this.position < this.#text.length && !stops.includes(this.#text[this.position]!) && !/\s/.test(this.#text[this.position]!)) {
      this.position += 1;
    }
    const word = this.#text.slice(start, this.position);
    this.#skipSpace();
    return word;
  }

  #skipSpace(): void {
    while (this.position < this.#text.length && /\s/.test(this.#text[this.position]!)) this.position += 1;
  }

  #take(character: string): boolean {
    if (this.#text[this.position] !== character) return false;
    this.position += 1;
    return true;
  }
}

/**
 * Splits a message into the parts above, or returns undefined when it needs ICU. For what it
 * accepts the output equals intl-messageformat's (simple arguments print with `String(value)`,
 * `#` and `number` with `Intl.NumberFormat`, plural categories from `Intl.PluralRules`).
 */
export function parseSimpleMessage(text: string): SimpleMessage | undefined {
  if (text.length > MAX_SIMPLE_LENGTH || ICU_ESCAPE.test(text)) return undefined;
  const reader = new MessageReader(text);
  const parts = reader.sequence(undefined);
  return parts !== undefined && reader.position === text.length ? parts : undefined;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function numberFormat(lang: string): Intl.NumberFormat {
  let format = numberFormats.get(lang);
  if (!format) numberFormats.set(lang, (format = new Intl.NumberFormat(lang)));
  return format;
}

function pluralCategory(lang: string, value: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(value);
}

/** Argument values as intl-messageformat prints simple arguments: falsy non-numbers are empty. */
function printArgument(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  return value ? String(value) : '';
}

function valueOf(values: Readonly<Record<string, unknown>>, argument: string): unknown {
  if (!Object.hasOwn(values, argument)) throw new Error(`The message argument "${argument}" was not provided`);
  return values[argument];
}

/**
 * Renders a parsed message in `lang` (the message's own language, which sets plural categories and
 * digits); throws like intl-messageformat when an argument is missing or a plural gets no number.
 */
export function formatSimpleMessage(parts: SimpleMessage, values: Readonly<Record<string, unknown>> = {}, lang = 'en', pluralValue?: number): string {
  let output = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      output += part;
    } else if ('pound' in part) {
      output += numberFormat(lang).format(pluralValue!);
    } else if ('choice' in part) {
      const value = valueOf(values, part.argument);
      if (part.choice === 'plural') {
        if (typeof value !== 'number') throw new Error(`The plural argument "${part.argument}" is not a number`);
        const branch = part.branches[`=${value}`] ?? part.branches[pluralCategory(lang, value)] ?? part.branches['other']!;
        output += formatSimpleMessage(branch, values, lang, value);
      } else {
        const branch = (Object.hasOwn(part.branches, String(value)) ? part.branches[String(value)] : undefined) ?? part.branches['other']!;
        output += formatSimpleMessage(branch, values, lang, pluralValue);
      }
    } else if (part.number) {
      output += numberFormat(lang).format(valueOf(values, part.argument) as number);
    } else {
      output += printArgument(valueOf(values, part.argument));
    }
  }
  return output;
}
