/** Localization runtime: resolving the `i18n` prop, formatting messages, sizes and counts. */
export { createTranslator, TranslationError } from './translator.js';
export type { Translator, TranslatorOptions } from './translator.js';
export { resolveLocale } from './resolve-locale.js';
export { detectDirection, canonicalizeLang } from './direction.js';
export { formatBytes, formatCount, formatList, formatPercent } from './format-numbers.js';
export { loadMessageFormat } from './message-format-loader.js';
export { I18nController } from './i18n-controller.js';
export type { I18nOptions, LocaleBundle, MessageKey, MessageOverrides, Messages, MessageValues, PartialLocaleBundle, TextDirection } from './types.js';
