import type { ReactiveControllerHost } from 'lit';
import { canonicalizeLang } from './direction.js';
import type { I18nOptions } from './types.js';

/**
 * An `i18n` prop that names its language by a bare tag (`{ locale: 'pt' }`) and brings no bundle
 * gets the shipped bundle closest to that tag, by the same rule as the page's language
 * (locale-catalog.ts, loaded on demand), shown under the tag itself so sizes and counts follow
 * it (`de-CH` reads the German bundle with Swiss digits). Until the bundle arrives, or when none
 * fits, the prop is used as given: English words in the tag's `lang` and `dir`. Returns a reader of
 * the options to show, the same object for as long as the prop is the same object.
 */
export function followLocaleTag(host: ReactiveControllerHost, readProp: () => I18nOptions | null | undefined): () => I18nOptions | null | undefined {
  let given: I18nOptions | null | undefined;
  let shown: I18nOptions | null | undefined;
  return () => {
    const options = readProp();
    if (options === given) return shown;
    given = shown = options;
    const tag = typeof options?.locale === 'string' && options.bundle === undefined ? canonicalizeLang(options.locale) : undefined;
    if (tag === undefined || /^en\b/i.test(tag)) return shown;
    import('./locale-catalog.js')
      .then((catalog) => catalog.loadClosestBundle(tag))
      .then(
        (bundle) => {
          if (bundle === undefined || given !== options) return;
          shown = { ...options, locale: { ...bundle, lang: tag } };
          host.requestUpdate();
        },
        // A bundle that fails to load (offline, a deploy in between) leaves the text in English.
        () => undefined,
      );
    return shown;
  };
}
