/**
 * The expanded preview (`allowPreview`): a modal `<dialog>` over the page showing an image, video
 * or audio file with the browser's own players. The dialog traps focus and closes on Escape; focus
 * then returns to the control that opened it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

interface PreviewHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class PreviewController implements ReactiveController {
  #host: PreviewHost;
  /** The file shown, while the dialog is open. */
  fileId: string | undefined;

  constructor(host: PreviewHost) {
    this.#host = host;
    host.addController(this);
  }

  async open(id: string): Promise<void> {
    this.fileId = id;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    const dialog = this.#dialog();
    if (dialog && !dialog.open) dialog.showModal();
  }

  close(): void {
    this.#dialog()?.close();
  }

  /** The dialog's `close` event (button, Escape, or the file leaving the list). */
  readonly onClosed = async (): Promise<void> => {
    const id = this.fileId;
    this.fileId = undefined;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLElement>(`[data-preview-for="${id}"]`)?.focus();
  };

  /** Closes the preview of a file that is no longer in the list. */
  keep(files: readonly { id: string }[]): void {
    if (this.fileId !== undefined && !files.some((file) => file.id === this.fileId)) this.close();
  }

  hostDisconnected(): void {
    this.fileId = undefined;
  }

  #dialog(): HTMLDialogElement | null {
    return this.#host.renderRoot.querySelector<HTMLDialogElement>('dialog[part~="preview"]');
  }
}
