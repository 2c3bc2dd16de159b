/**
 * Loads the file views (templates/file-views.ts) on first need and re-renders the element when
 * they arrive. Until then the element renders the drop zone and nothing of the list: a file added
 * before the chunk lands is in the engine's list and shows with the first render after it.
 */
import { adoptStyles, type ReactiveControllerHost } from 'lit';
import { orderedUploaderStyles } from './styles/index.js';

type FileViews = typeof import('./templates/file-views.js');

interface FileViewsHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment | undefined;
}

export class FileViewsLoader {
  #host: FileViewsHost;
  #views: FileViews | undefined;
  #loading: Promise<void> | undefined;

  constructor(host: FileViewsHost) {
    this.#host = host;
  }

  /** The views when loaded; otherwise undefined, and loading starts if they are `needed` now. */
  get(needed: boolean): FileViews | undefined {
    if (!this.#views && needed) this.preload();
    return this.#views;
  }

  /** A load in progress, for `updateComplete` to wait on; it never rejects. */
  get pending(): Promise<void> | undefined {
    return this.#loading;
  }

  /**
   * Puts the views' sheets in their places in the cascade, keeping any sheet others added after
   * the element's own (the page rules of `theme.slots`). Called again on connection, for views
   * that arrived before the shadow root existed; a second call changes nothing.
   */
  adoptStyles(root: HTMLElement | DocumentFragment | undefined): void {
    if (!this.#views || !(root instanceof ShadowRoot)) return;
    const ordered = orderedUploaderStyles(this.#views.fileViewStyles);
    const own = new Set<unknown>(ordered.map((style) => style.styleSheet));
    adoptStyles(root, [...ordered, ...root.adoptedStyleSheets.filter((sheet) => !own.has(sheet))]);
  }

  /** Starts loading (pointer or focus entering the element, files arriving); once is enough. */
  readonly preload = (): void => {
    if (this.#views || this.#loading) return;
    this.#loading = import('./templates/file-views.js').then(
      (views) => {
        this.#views = views;
        this.adoptStyles(this.#host.renderRoot);
        this.#host.requestUpdate();
      },
      // The chunk could not be fetched (offline, a deploy removed it): the next render that needs
      // the views asks again.
      () => undefined,
    ).finally(() => {
      this.#loading = undefined;
    });
  };
}
