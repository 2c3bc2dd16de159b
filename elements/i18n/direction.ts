import type { TextDirection } from './types.js';

/** Scripts written right to left (ISO 15924), for engines without `Intl.Locale#getTextInfo`. */
const RIGHT_TO_LEFT_SCRIPTS = new Set(['Adlm', 'Arab', 'Hebr', 'Mand', 'Mend', 'Nkoo', 'Rohg', 'Samr', 'Syrc', 'Thaa', 'Yezi']);

interface TextInfo {
  direction?: TextDirection;
}

/** `getTextInfo()` is the standard name; Chromium shipped it first as a `textInfo` getter. */
interface LocaleWithTextInfo extends Intl.Locale {
  getTextInfo?: () => TextInfo;
  textInfo?: TextInfo;
}

/**
 * Writing direction of a BCP-47 tag. Uses the engine's own answer when it has one, else the
 * likely script (`ar` → `Arab`, `ku-Arab` stays `Arab`, `az` → `Latn`). Unparseable tags are `ltr`.
 */
export function detectDirection(lang: string): TextDirection {
  let locale: LocaleWithTextInfo;
  try {
    locale = new Intl.Locale(lang);
  } catch {
    return 'ltr';
  }
  const reported = locale.getTextInfo?.().direction ?? locale.textInfo?.direction;
  if (reported === 'rtl' || reported === 'ltr') return reported;
  const script = locale.maximize().script;
  return script !== undefined && RIGHT_TO_LEFT_SCRIPTS.has(script) ? 'rtl' : 'ltr';
}

/** The canonical form of a BCP-47 tag (`pt-br` → `pt-BR`), or undefined when it is not one. */
export function canonicalizeLang(lang: unknown): string | undefined {
  if (typeof lang !== 'string' || lang.trim() === '') return undefined;
  try {
    return Intl.getCanonicalLocales(lang.trim())[0];
  } catch {
    return undefined;
  }
}
