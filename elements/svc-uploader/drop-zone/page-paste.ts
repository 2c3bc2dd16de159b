import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * `paste-scope="document"`: files pasted anywhere on the page reach the uploader, not only while
 * focus is inside it. Pastes into editable fields (inputs, text areas, contenteditable) are the
 * page's own and are left alone, as is a paste something already handled (`preventDefault`): so
 * with several such uploaders, the first one connected takes each paste, and a paste inside an
 * uploader with `enable-paste` stays with that uploader. Listens only while the host is connected.
 */
export class PagePasteController implements ReactiveController {
  #active: () => boolean;
  #pasted: (event: ClipboardEvent) => void;

  constructor(host: ReactiveControllerHost, active: () => boolean, pasted: (event: ClipboardEvent) => void) {
    this.#active = active;
    this.#pasted = pasted;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('paste', this.#onPaste);
  }

  hostDisconnected(): void {
    document.removeEventListener('paste', this.#onPaste);
  }

  #onPaste = (event: ClipboardEvent): void => {
    const target = event.composedPath()[0];
    const editable = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || (target instanceof HTMLElement && target.isContentEditable);
    if (this.#active() && !editable && !event.defaultPrevented) this.#pasted(event);
  };
}
