/**
 * Sorting messages by the machinery they need, so that only real ICU messages (plural, select,
 * number, quoting) load and pay for `intl-messageformat`.
 */

/** A message that renders to itself, or whose only arguments are `{name}` insertions. */
export type SimpleMessage = readonly (string | { readonly argument: string })[];

/** ICU quoting: an apostrophe before one of these characters starts or is an escape. */
const ICU_ESCAPE = /'[{}#|'<]/;
const SIMPLE_ARGUMENT = /\{\s*([\p{L}_][\p{L}\p{N}_-]*)\s*\}/gu;

function isLiteral(text: string): boolean {
  return !text.includes('{') && !text.includes('}') && !ICU_ESCAPE.test(text);
}

/**
 * Splits a message into literal text and `{name}` arguments, or returns undefined when it needs
 * ICU. For what it accepts the output equals intl-messageformat's, which also inserts simple
 * arguments with `String(value)`.
 */
export function parseSimpleMessage(text: string): SimpleMessage | undefined {
  const parts: (string | { argument: string })[] = [];
  let position = 0;
  for (const match of text.matchAll(SIMPLE_ARGUMENT)) {
    const literal = text.slice(position, match.index);
    if (!isLiteral(literal)) return undefined;
    if (literal !== '') parts.push(literal);
    parts.push({ argument: match[1]! });
    position = match.index + match[0].length;
  }
  const rest = text.slice(position);
  if (!isLiteral(rest)) return undefined;
  if (rest !== '') parts.push(rest);
  return parts;
}

/** Argument values as intl-messageformat prints simple arguments: falsy non-numbers are empty. */
function printArgument(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  return value ? String(value) : '';
}

/** Renders a simple message; throws like intl-messageformat when an argument is not supplied. */
export function formatSimpleMessage(parts: SimpleMessage, values: Readonly<Record<string, unknown>> = {}): string {
  let output = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      output += part;
    } else if (Object.hasOwn(values, part.argument)) {
      output += printArgument(values[part.argument]);
    } else {
      throw new Error(`The message argument "${part.argument}" was not provided`);
    }
  }
  return output;
}
