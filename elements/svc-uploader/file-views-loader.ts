/**
 * Loads the file views (templates/file-views.ts) on first need and re-renders the element when
 * they arrive. Until then the element renders the drop zone and nothing of the list: a file added
 * before the chunk lands is in the engine's list and shows with the first render after it. Once
 * loaded, the views serve every uploader of the page at once, as a static import would.
 */
import { adoptStyles, type ReactiveControllerHost } from 'lit';
import { lazyModule } from '../../engine/core/lazy-module.js';
import { orderedUploaderStyles } from './styles/index.js';

type FileViews = typeof import('./templates/file-views.js');

/** One load for the page; a failed one (offline, a deploy removed the chunk) is tried again next time. */
const fileViews = lazyModule(() => import('./templates/file-views.js'));

interface FileViewsHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment | undefined;
}

export class FileViewsLoader {
  #host: FileViewsHost;
  #waiting: Promise<void> | undefined;
  #adopted = false;
  readonly #loadFailed: (error: unknown) => void;

  /** `loadFailed` hears of every failed load (each is tried again later). */
  constructor(host: FileViewsHost, loadFailed: (error: unknown) => void = () => {}) {
    this.#host = host;
    this.#loadFailed = loadFailed;
  }

  /** The views when loaded; otherwise undefined, and loading starts if they are `needed` now. */
  get(needed: boolean): FileViews | undefined {
    const views = fileViews.loaded;
    if (!views && needed) this.preload();
    // Views another uploader of the page loaded: this shadow root still needs their sheets.
    if (views && !this.#adopted) this.adoptStyles(this.#host.renderRoot);
    return views;
  }

  /** A load in progress, for `updateComplete` to wait on; it never rejects. */
  get pending(): Promise<void> | undefined {
    return this.#waiting;
  }

  /**
   * Puts the views' sheets in their places in the cascade, keeping any sheet others added after
   * the element's own (the page rules of `theme.slots`). Called again on connection, for views
   * that arrived before the shadow root existed; a second call changes nothing.
   */
  adoptStyles(root: HTMLElement | DocumentFragment | undefined): void {
    const views = fileViews.loaded;
    if (!views || !(root instanceof ShadowRoot)) return;
    const ordered = orderedUploaderStyles(views.fileViewStyles);
    const own = new Set<unknown>(ordered.map((style) => style.styleSheet));
    adoptStyles(root, [...ordered, ...root.adoptedStyleSheets.filter((sheet) => !own.has(sheet))]);
    this.#adopted = true;
  }

  /** Starts loading (pointer or focus entering the element, files arriving); once is enough. */
  readonly preload = (): void => {
    if (fileViews.loaded || this.#waiting) return;
    this.#waiting = fileViews
      .load()
      .then(
        () => {
          this.adoptStyles(this.#host.renderRoot);
          this.#host.requestUpdate();
        },
        (error: unknown) => {
          this.#loadFailed(error);
          // Files added since are in the engine but not on screen. The next render asks again,
          // so render once the connection is back (a page that went offline).
          globalThis.addEventListener?.('online', () => this.#host.requestUpdate(), { once: true });
        },
      )
      .finally(() => {
        this.#waiting = undefined;
      });
  };
}
