import { canonicalizeLang, detectDirection } from './direction.js';
import { ENGLISH_LANG, loadedEnglishMessages } from './english-messages.js';
import type { I18nOptions, LocaleBundle, MessageKey, PartialLocaleBundle, ResolvedLocale, ResolvedMessage, TextDirection } from './types.js';

/**
 * A `namespace.name` key. Checked by shape, not against English: most of English loads after the
 * first paint, and a key no message has is never asked for, so keeping one costs nothing.
 */
function isMessageKey(key: string): key is MessageKey {
  const dot = key.indexOf('.');
  return dot > 0 && dot < key.length - 1;
}

/** The prop may come from a JSON attribute, so a "bundle" is checked rather than trusted. */
function asBundle(value: unknown): LocaleBundle | PartialLocaleBundle | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { lang, messages } = value as Partial<PartialLocaleBundle>;
  if (typeof lang !== 'string' || typeof messages !== 'object' || messages === null) return undefined;
  return value as PartialLocaleBundle;
}

/**
 * Flat `namespace.name` entries of a message record. Namespaced groups (`{ dropZone: { title } }`)
 * are flattened; values that are not strings are dropped.
 */
function flattenMessages(record: object): Array<[MessageKey, string]> {
  const entries: Array<[MessageKey, string]> = [];
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') {
      if (isMessageKey(key)) entries.push([key, value]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, text] of Object.entries(value)) {
        const flatKey = `${key}.${name}`;
        if (typeof text === 'string' && isMessageKey(flatKey)) entries.push([flatKey, text]);
      }
    }
  }
  return entries;
}

function languageOf(bundle: LocaleBundle | PartialLocaleBundle): { lang: string; dir: TextDirection } | undefined {
  const lang = canonicalizeLang(bundle.lang);
  if (lang === undefined) return undefined;
  const dir = bundle.dir === 'rtl' || bundle.dir === 'ltr' ? bundle.dir : detectDirection(lang);
  return { lang, dir };
}

/**
 * Resolves the `i18n` prop. Messages layer English (as much of it as has loaded, see
 * english-messages.ts), then `fallbackLocale`, then the chosen bundle
 * (`bundle`, else `locale` when it is a bundle), then `overrides`. `lang`/`dir` come from the chosen
 * bundle, else a bare `locale` tag, else the fallback bundle, else English.
 */
export function resolveLocale(options: I18nOptions | null | undefined = {}): ResolvedLocale {
  const primary = asBundle(options?.bundle) ?? asBundle(options?.locale);
  const fallback = asBundle(options?.fallbackLocale);
  const bareTag = typeof options?.locale === 'string' ? canonicalizeLang(options.locale) : undefined;

  const language = (primary && languageOf(primary)) ??
    (bareTag !== undefined ? { lang: bareTag, dir: detectDirection(bareTag) } : undefined) ??
    (fallback && languageOf(fallback)) ?? { lang: ENGLISH_LANG, dir: 'ltr' as const };

  const messages = new Map<MessageKey, ResolvedMessage>();
  const layer = (record: object, lang: string) => {
    for (const [key, text] of flattenMessages(record)) messages.set(key, { text, lang });
  };
  layer(loadedEnglishMessages(), ENGLISH_LANG);
  if (fallback) layer(fallback.messages, languageOf(fallback)?.lang ?? language.lang);
  if (primary) layer(primary.messages, languageOf(primary)?.lang ?? language.lang);
  if (typeof options?.overrides === 'object' && options.overrides !== null) layer(options.overrides, language.lang);

  return { lang: language.lang, dir: language.dir, messages };
}
