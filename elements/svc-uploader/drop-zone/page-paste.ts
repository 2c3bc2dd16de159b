import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * `paste-scope="document"`: files pasted anywhere on the page reach the uploader, not only while
 * focus is inside it. Pastes into editable fields (inputs, text areas, contenteditable) are the
 * page's own and are left alone, as is a paste something already handled (`preventDefault`): so
 * with several such uploaders, the first one connected takes each paste, and a paste inside an
 * uploader with `enable-paste` stays with that uploader. Listens only while the host is connected.
 *
 * A field inside a closed shadow root cannot be seen from the document: the paste's path starts at
 * the root's host. So a paste aimed at a custom element with no open shadow root (a design system's
 * text field, say) is left to it too: it may hold a field, and only it knows.
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
    if (this.#active() && !isPageField(event.composedPath()[0]) && !event.defaultPrevented) this.#pasted(event);
  };
}

/** An editable field, or a custom element whose inside the page cannot see (no open shadow root). */
function isPageField(target: EventTarget | undefined): boolean {
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return true;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || (target.localName.includes('-') && target.shadowRoot === null);
}
