/**
 * A client's `type` as exactly one MIME type (RFC 9110 `media-type`): `type/subtype` followed by
 * optional `; name=value` parameters, value a token or a quoted string, ASCII only. The scanner
 * looks at each character once, so no input can make it slow.
 *
 * The normalised form is what the handler signs and stores: the essence in lower case, each
 * parameter name in lower case, values as sent, joined with `; `
 * (`Text/Plain;Charset=UTF-8` → `text/plain; charset=UTF-8`).
 */

/** RFC 6838 allows 127 characters per name; parameters come on top. */
const MAX_MIME_TYPE_LENGTH = 255;

const TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";

function isTokenCharacter(code: number): boolean {
  if (code >= 0x30 && code <= 0x39) return true;
  if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) return true;
  return code < 0x80 && TOKEN_SYMBOLS.includes(String.fromCharCode(code));
}

/** qdtext and quoted-pair characters without obs-text: tab, space and visible ASCII. */
function isQuotedTextCharacter(code: number): boolean {
  return code === 0x09 || (code >= 0x20 && code <= 0x7e);
}

function isOptionalWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

class Scanner {
  position = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.position >= this.text.length;
  }

  peek(): number {
    return this.text.charCodeAt(this.position);
  }

  skipWhitespace(): void {
    while (!this.done && isOptionalWhitespace(this.peek())) this.position += 1;
  }

  /** One or more token characters, or undefined when there are none. */
  token(): string | undefined {
    const start = this.position;
    while (!this.done && isTokenCharacter(this.peek())) this.position += 1;
    return this.position > start ? this.text.slice(start, this.position) : undefined;
  }

  /** A quoted string including its quotes, or undefined when it is malformed or unterminated. */
  quotedString(): string | undefined {
    const start = this.position;
    this.position += 1;
    while (!this.done) {
      const code = this.peek();
      if (code === 0x22) {
        this.position += 1;
        return this.text.slice(start, this.position);
      }
      if (code === 0x5c) this.position += 1;
      if (this.done || !isQuotedTextCharacter(this.peek())) return undefined;
      this.position += 1;
    }
    return undefined;
  }

  expect(code: number): boolean {
    if (this.done || this.peek() !== code) return false;
    this.position += 1;
    return true;
  }
}

function readParameters(scanner: Scanner): string[] | undefined {
  const parameters: string[] = [];
  const names = new Set<string>();
  for (;;) {
    scanner.skipWhitespace();
    if (scanner.done) return parameters;
    if (!scanner.expect(0x3b)) return undefined;
    scanner.skipWhitespace();
    if (scanner.done || scanner.peek() === 0x3b) continue;
    const name = scanner.token()?.toLowerCase();
    if (name === undefined || !scanner.expect(0x3d) || scanner.done) return undefined;
    const value = scanner.peek() === 0x22 ? scanner.quotedString() : scanner.token();
    // A repeated name is ambiguous: storage and browsers may each pick a different one.
    if (value === undefined || names.has(name)) return undefined;
    names.add(name);
    parameters.push(`${name}=${value}`);
  }
}

/**
 * The normalised MIME type, `''` for an empty (or all-whitespace) type, or undefined when `text`
 * is not exactly one MIME type: a list (`image/png, text/html`), a line break, a missing subtype,
 * non-ASCII text or anything longer than {@link MAX_MIME_TYPE_LENGTH}.
 */
export function normalizeMimeType(text: string): string | undefined {
  if (text.length > MAX_MIME_TYPE_LENGTH) return undefined;
  const scanner = new Scanner(text);
  scanner.skipWhitespace();
  if (scanner.done) return '';
  const type = scanner.token();
  if (type === undefined || !scanner.expect(0x2f)) return undefined;
  const subtype = scanner.token();
  if (subtype === undefined) return undefined;
  const parameters = readParameters(scanner);
  if (parameters === undefined) return undefined;
  return [`${type}/${subtype}`.toLowerCase(), ...parameters].join('; ');
}

/** The lower-case `type/subtype` of a MIME type, or undefined when it is not one. */
export function toMimeEssence(text: string): string | undefined {
  const normalized = normalizeMimeType(text);
  if (normalized === undefined || normalized === '') return undefined;
  const end = normalized.indexOf(';');
  return end === -1 ? normalized : normalized.slice(0, end);
}
