/**
 * Which of a set of translations a BCP-47 tag reads best, by CLDR's likely subtags
 * (`Intl.Locale#maximize`): the rule the element uses for `<html lang>` and a bare `locale` tag,
 * and the handler for the OAuth callback page's `Accept-Language`, so both answer alike.
 */

/** Languages read through a sibling's translation: Norwegian (`no`) and Nynorsk read Bokmål best. */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { no: 'nb', nn: 'nb' };

/**
 * The variety CLDR reads a language in when the tag does not name one the set has: Chinese by
 * script (`zh-HK` is Traditional), Serbian by script (`sr` is Cyrillic, `sr-ME` Latin), Portuguese
 * by region (`pt` is Brazilian; every other region's parent locale is `pt-PT`).
 */
function preferredVariety(language: string, script: string | undefined, region: string | undefined): string | undefined {
  if (language === 'zh') return script === 'Hant' ? 'zh-TW' : 'zh-CN';
  if (language === 'sr') return script === 'Latn' ? 'sr-Latn' : 'sr-Cyrl';
  if (language === 'pt') return region === 'BR' ? 'pt-BR' : 'pt-PT';
  return undefined;
}

function scriptOf(code: string): string | undefined {
  try {
    return new Intl.Locale(code).maximize().script;
  } catch {
    return undefined;
  }
}

/**
 * The code in `available` closest to `tag`, or undefined when none shares its language and script
 * (or the tag is not one): `pa-PK` (Shahmukhi) does not read a Gurmukhi `pa`. In order: the tag's
 * own region or script variety (`pt-BR`, `sr-Latn`), the variety CLDR prefers, the bare language
 * (`de-AT` → `de`), then any other variety of the same language in the same script.
 */
export function closestLocale(tag: string, available: ReadonlySet<string>): string | undefined {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag).maximize();
  } catch {
    return undefined;
  }
  const language = LANGUAGE_ALIASES[locale.language] ?? locale.language;
  const { script, region } = locale;
  const candidates = [`${language}-${region}`, `${language}-${script}`, preferredVariety(language, script, region), language];
  const fits = (code: string | undefined): code is string => code !== undefined && available.has(code) && scriptOf(code) === script;
  return candidates.find(fits) ?? [...available].find((code) => code.split('-')[0] === language && fits(code));
}
