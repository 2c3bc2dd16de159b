/**
 * The bridge that lets the page's own stylesheet style classes a theme puts inside a shadow root.
 *
 * A shadow root keeps page CSS out, which is what keeps the element's look intact on any page; but
 * `theme.slots` asks for page classes (utility classes, say) on inner elements, and rules for those
 * live in the page. So the bridge copies into the shadow root exactly the page rules whose selector
 * names one of the theme's classes, and nothing else: `button { … }`, resets and unrelated classes
 * still stop at the boundary, and the element's CSS never leaks out.
 *
 * Copied rules keep their `@media`, `@supports` and `@container` conditions and nested rules, but
 * leave their cascade layer: they become unlayered, while the element's own CSS sits in the
 * `svc-uploader` layer, so a slot class beats the default look whatever its specificity (as a
 * utility class is expected to). Selectors that depend on page ancestors (`.dark .dark:bg-x`)
 * cannot match inside the shadow root. Cross-origin stylesheets without CORS cannot be read.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Keeps a shadow root's bridged sheet in step with the classes the theme names and with the page's
 * stylesheets: re-collected when the classes change, when `<style>`/`<link>` elements in `<head>`
 * are added or edited (utility generators that write styles at run time), and when a stylesheet
 * finishes loading.
 */
export class SlotStylesController implements ReactiveController {
  #host: ReactiveControllerHost & HTMLElement;
  #readClasses: () => readonly string[];
  #classes = new Set<string>();
  #sheet?: CSSStyleSheet;
  #observer?: MutationObserver;
  #scheduled = false;

  constructor(host: ReactiveControllerHost & HTMLElement, readClasses: () => readonly string[]) {
    this.#host = host;
    this.#readClasses = readClasses;
    host.addController(this);
  }

  hostConnected(): void {
    // Back on a page: the stylesheets may have changed while the element was away.
    if (this.#classes.size === 0) return;
    this.#startWatching();
    this.#schedule();
  }

  hostDisconnected(): void {
    this.#stopWatching();
  }

  hostUpdated(): void {
    const next = new Set(this.#readClasses());
    if (next.size === this.#classes.size && [...next].every((name) => this.#classes.has(name))) return;
    this.#classes = next;
    if (next.size > 0) this.#startWatching();
    else this.#stopWatching();
    void this.#sync();
  }

  readonly #onLoad = (event: Event) => {
    if (event.target instanceof HTMLLinkElement || event.target instanceof HTMLStyleElement) this.#schedule();
  };

  #startWatching(): void {
    if (this.#observer) return;
    this.#observer = new MutationObserver(() => this.#schedule());
    this.#observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    document.addEventListener('load', this.#onLoad, true);
  }

  #stopWatching(): void {
    this.#observer?.disconnect();
    this.#observer = undefined;
    document.removeEventListener('load', this.#onLoad, true);
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      void this.#sync();
    });
  }

  async #sync(): Promise<void> {
    const root = this.#host.shadowRoot;
    if (!root) return;
    const classes = this.#classes;
    const text = classes.size === 0 ? '' : (await import('./page-rules.js')).collectPageRules(classes);
    if (classes !== this.#classes || (!this.#sheet && !text)) return;
    this.#sheet ??= new CSSStyleSheet();
    this.#sheet.replaceSync(text);
    // Last, so bridged rules come after the element's own sheets.
    root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((sheet) => sheet !== this.#sheet), this.#sheet];
  }
}
