/**
 * Opens and closes source panels: loads the panel's module on first use, hands it a context, and
 * moves focus into the panel and back to the chip that opened it.
 */
import type { ReactiveController } from 'lit';
import type { UploaderHost } from '../uploader-host.js';
import type { UploadSource } from '../types.js';
import { loadPanel } from './panel-loaders.js';
import type { SourcePanel, SourcePanelContext } from './source-panel.js';

export class PanelController implements ReactiveController {
  /** The open panel; `view` is undefined while its module loads. */
  current: { source: UploadSource; view?: SourcePanel } | undefined;
  #opening = 0;

  readonly #host: UploaderHost;

  constructor(host: UploaderHost) {
    this.#host = host;
    host.element.addController(this);
  }

  async open(source: UploadSource): Promise<void> {
    this.close({ silent: true, restoreFocus: false });
    const attempt = ++this.#opening;
    this.current = { source };
    this.#host.element.requestUpdate();
    void this.#focusTitle();
    let factory;
    try {
      // A panel may need the engine (drives add remote files to it): fetched alongside its module.
      [factory] = await Promise.all([loadPanel(source), this.#host.engine.load()]);
    } catch (error) {
      if (attempt !== this.#opening) return;
      this.current = undefined;
      this.#host.element.requestUpdate();
      this.#host.dispatch('svc-error', { scope: 'media', code: 'PANEL_LOAD_FAILED', message: String(error), source });
      return;
    }
    if (attempt !== this.#opening) return;
    const view = factory(this.#context());
    this.current = { source, view };
    this.#host.element.requestUpdate();
    await view.open?.();
  }

  close({ silent = false, restoreFocus = true } = {}): void {
    const closing = this.current;
    if (!closing) return;
    this.#opening += 1;
    this.current = undefined;
    closing.view?.dispose();
    this.#host.element.requestUpdate();
    if (!silent) this.#host.dispatch('svc-source-close', { source: closing.source });
    if (restoreFocus) void this.#focusChip(closing.source);
  }

  hostDisconnected(): void {
    this.close({ silent: true, restoreFocus: false });
  }

  /** What a panel module gets from the uploader: the panel boundary, read from the element when used. */
  #context(): SourcePanelContext {
    const host = this.#host;
    return {
      requestUpdate: () => host.element.requestUpdate(),
      t: (key, values) => host.translator.t(key, values),
      icons: () => host.element.icons,
      deliver: (delivery) => host.intake.delivered(delivery),
      fail: (failure) => host.intake.panelFailed(failure),
      notify: (name, detail) => !host.dispatch(name, detail).defaultPrevented,
      close: () => this.close(),
      engine: () => host.engine.loaded(),
      formatBytes: (bytes) => host.translator.formatBytes(bytes),
    };
  }

  async #focusTitle(): Promise<void> {
    await this.#host.element.updateComplete;
    this.#host.element.renderRoot.querySelector<HTMLElement>('[part~="source-view-title"]')?.focus();
  }

  async #focusChip(source: UploadSource): Promise<void> {
    await this.#host.element.updateComplete;
    const root = this.#host.element.renderRoot;
    const target =
      root.querySelector<HTMLElement>(`[part~="source-chip"][data-source="${source}"]`) ?? root.querySelector<HTMLElement>('[part~="browse-button"]');
    target?.focus();
  }
}
