import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { I18nOptions, LocaleBundle, TextDirection } from './types.js';

/**
 * The page's own language, for an element without an `i18n` prop: the bundle closest to
 * `<html lang>` (loaded on demand), in the page's `dir` when the page sets one. Watches both
 * attributes while the host is connected, so a page that switches language switches the element.
 */
export class DocumentLocale implements ReactiveController {
  #host: ReactiveControllerHost;
  #observer: MutationObserver | undefined;
  #options: I18nOptions | undefined;
  /** `lang|dir` the options were made for; a later change supersedes a load still in flight. */
  #wanted = '';

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** Options for the page's language; undefined while English (or nothing closer) applies. */
  get options(): I18nOptions | undefined {
    return this.#options;
  }

  hostConnected(): void {
    this.#observer ??= new MutationObserver(() => this.#follow());
    this.#observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'dir'] });
    this.#follow();
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
  }

  #follow(): void {
    const root = document.documentElement;
    const lang = root.lang.trim();
    const rawDir = root.dir.toLowerCase();
    const dir: TextDirection | undefined = rawDir === 'rtl' || rawDir === 'ltr' ? rawDir : undefined;
    const wanted = `${lang}|${dir ?? ''}`;
    if (wanted === this.#wanted) return;
    this.#wanted = wanted;
    // English needs no bundle (it is always present), so English pages never load the catalog.
    if (lang === '' || /^en(-|$)/i.test(lang.slice(0, 3))) {
      this.#apply(undefined, dir);
      return;
    }
    import('./locale-catalog.js')
      .then((catalog) => catalog.loadClosestBundle(lang))
      .then((bundle) => {
        if (this.#wanted === wanted) this.#apply(bundle, dir);
      }, () => {
        // A bundle that failed to load (offline, a deploy in between) leaves the text in English.
        if (this.#wanted === wanted) this.#apply(undefined, dir);
      });
  }

  #apply(bundle: LocaleBundle | undefined, dir: TextDirection | undefined): void {
    if (bundle) this.#options = { bundle: dir ? { ...bundle, dir } : bundle };
    else this.#options = dir ? { bundle: { lang: 'en', dir, messages: {} } } : undefined;
    this.#host.requestUpdate();
  }
}
