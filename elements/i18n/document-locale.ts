import type { ReactiveControllerHost } from 'lit';
import type { I18nOptions } from './types.js';

/**
 * The page's own language, for an element without an `i18n` prop: the bundle closest to
 * `<html lang>` in the page's `dir` (see page-language.ts, loaded on demand: English pages never
 * fetch it). Watches both attributes while the host is connected, so the element follows a page
 * that switches language. Returns a reader of the current options (undefined: plain English).
 * Written as closures rather than a class because every page loads it up front: local names
 * minify, field names would not.
 */
export function followDocumentLocale(host: ReactiveControllerHost): () => I18nOptions | undefined {
  let options: I18nOptions | undefined;
  // Counts changes, so a bundle that arrives after a newer change is dropped.
  let changes = 0;
  const follow = () => {
    const change = ++changes;
    const { lang, dir } = document.documentElement;
    const apply = (next?: I18nOptions) => {
      if (change !== changes || next === options) return;
      options = next;
      host.requestUpdate();
    };
    if (dir || !/^(en\b|$)/i.test(lang)) import('./page-language.js').then((page) => page.optionsFor(lang, dir)).then(apply, () => apply());
    else apply();
  };
  const observer = new MutationObserver(follow);
  host.addController({
    hostConnected() {
      observer.observe(document.documentElement, { attributeFilter: ['lang', 'dir'] });
      follow();
    },
    hostDisconnected: () => observer.disconnect(),
  });
  return () => options;
}
