/**
 * Opens and closes source panels: loads the panel's module on first use, hands it a context, and
 * moves focus into the panel and back to the chip that opened it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { UploadSource } from '../types.js';
import { loadPanel } from './panel-loaders.js';
import type { SourcePanel, SourcePanelContext } from './source-panel.js';

export interface PanelHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export interface PanelCallbacks {
  context(): Omit<SourcePanelContext, 'requestUpdate' | 'close'>;
  /** What a panel needs besides its module (the engine), fetched alongside it. */
  ready(): Promise<unknown>;
  onClosed(source: UploadSource): void;
  onLoadFailed(source: UploadSource, error: unknown): void;
}

export class PanelController implements ReactiveController {
  /** The open panel; `view` is undefined while its module loads. */
  current: { source: UploadSource; view?: SourcePanel } | undefined;
  #opening = 0;

  readonly #host: PanelHost;
  readonly #callbacks: PanelCallbacks;

  constructor(host: PanelHost, callbacks: PanelCallbacks) {
    this.#host = host;
    this.#callbacks = callbacks;
    host.addController(this);
  }

  async open(source: UploadSource): Promise<void> {
    this.close({ silent: true, restoreFocus: false });
    const attempt = ++this.#opening;
    this.current = { source };
    this.#host.requestUpdate();
    void this.#focusTitle();
    let factory;
    try {
      [factory] = await Promise.all([loadPanel(source), this.#callbacks.ready()]);
    } catch (error) {
      if (attempt !== this.#opening) return;
      this.current = undefined;
      this.#host.requestUpdate();
      this.#callbacks.onLoadFailed(source, error);
      return;
    }
    if (attempt !== this.#opening) return;
    const view = factory({
      ...this.#callbacks.context(),
      requestUpdate: () => this.#host.requestUpdate(),
      close: () => this.close(),
    });
    this.current = { source, view };
    this.#host.requestUpdate();
    await view.open?.();
  }

  close({ silent = false, restoreFocus = true } = {}): void {
    const closing = this.current;
    if (!closing) return;
    this.#opening += 1;
    this.current = undefined;
    closing.view?.dispose();
    this.#host.requestUpdate();
    if (!silent) this.#callbacks.onClosed(closing.source);
    if (restoreFocus) void this.#focusChip(closing.source);
  }

  hostDisconnected(): void {
    this.close({ silent: true, restoreFocus: false });
  }

  async #focusTitle(): Promise<void> {
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLElement>('[part~="source-view-title"]')?.focus();
  }

  async #focusChip(source: UploadSource): Promise<void> {
    await this.#host.updateComplete;
    const root = this.#host.renderRoot;
    const target =
      root.querySelector<HTMLElement>(`[part~="source-chip"][data-source="${source}"]`) ?? root.querySelector<HTMLElement>('[part~="browse-button"]');
    target?.focus();
  }
}
