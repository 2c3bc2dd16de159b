/**
 * What each control of the interface does: the intents the templates call. User intents that the
 * event table marks cancelable ask listeners first; the element's methods act without asking.
 */
import type { UploadFileRecord, UploadRunSummary } from '../../engine/index.js';
import type { EditorController } from './editor/editor-controller.js';
import type { SvcUploaderEventDetail, SvcUploaderEventName } from './events.js';
import type { ListWindowController } from './file-list/list-window.js';
import type { PreviewController } from './preview/preview-controller.js';
import type { PanelController } from './sources/panel-host.js';
import type { UploaderIntents } from './view-model.js';

const SETTLED = new Set(['successful', 'failed', 'canceled']);

export interface IntentHost {
  root(): HTMLElement | DocumentFragment;
  /** Resolves after the next render. */
  updated(): Promise<unknown>;
  readonly panels: PanelController;
  /** Undefined until the file views (which bring it) have arrived. */
  preview(): PreviewController | undefined;
  /** Undefined until the file views (which bring it) have arrived. */
  editor(): EditorController | undefined;
  /** Undefined until the file views (which bring it) have arrived. */
  listWindow(): ListWindowController | undefined;
  files(): readonly UploadFileRecord[];
  dispatch<Name extends SvcUploaderEventName>(name: Name, detail: SvcUploaderEventDetail<Name>): CustomEvent;
  thumbnailFailed(id: string): void;
  clearRejections(): void;
  forgetRestoredUploads(): void;
  upload(): Promise<UploadRunSummary>;
  pause(id?: string): void;
  resume(id?: string): Promise<UploadRunSummary>;
  retry(id?: string): Promise<UploadRunSummary>;
  removeFile(id: string): void;
  cancel(): void;
  reset(): void;
}

/**
 * Removing a file removes the button that had focus; focus goes to the next file's remove button
 * (or the previous one's, or the first control left), never to the page's body.
 */
function focusAfterRemoving(host: IntentHost, id: string): () => void {
  const files = host.files();
  const index = files.findIndex((file) => file.id === id);
  const neighbour = files[index + 1] ?? files[index - 1];
  const active = (host.root() as ShadowRoot).activeElement ?? null;
  const hadFocus = host.root().querySelector(`[data-file-id="${id}"]`)?.contains(active) ?? false;
  return () => {
    if (!hadFocus) return;
    const root = host.root();
    const target =
      (neighbour && root.querySelector<HTMLElement>(`[data-file-id="${neighbour.id}"] [part~="file-remove"]`)) ??
      root.querySelector<HTMLElement>('[part~="upload-button"], [part~="done-button"], [part~="browse-button"], [part~="add-more-button"]');
    target?.focus();
  };
}

export function createUploaderIntents(host: IntentHost): UploaderIntents {
  const picker = (part: 'file-input' | 'folder-input') => host.root().querySelector<HTMLInputElement>(`input[part="${part}"]`);
  const withFile = (id: string, action: (file: UploadFileRecord) => void) => {
    const file = host.files().find((candidate) => candidate.id === id);
    if (file) action(file);
  };
  return {
    openFilePicker: () => picker('file-input')?.click(),
    openFolderPicker: () => picker('folder-input')?.click(),
    openSource: (source) => {
      if (host.dispatch('svc-source-open', { source }).defaultPrevented) return;
      if (source === 'local') picker('file-input')?.click();
      else void host.panels.open(source);
    },
    closeSource: () => host.panels.close(),
    clickFile: (id) => withFile(id, (file) => host.dispatch('svc-file-click', { file })),
    removeFile: (id) =>
      withFile(id, (file) => {
        if (host.dispatch('svc-file-remove', { file }).defaultPrevented) return;
        const restoreFocus = focusAfterRemoving(host, id);
        host.removeFile(id);
        void host.updated().then(restoreFocus);
      }),
    retryFile: (id) => void host.retry(id),
    pauseFile: (id) => host.pause(id),
    resumeFile: (id) => void host.resume(id),
    openPreview: (id) => void host.preview()?.open(id),
    closePreview: () => host.preview()?.close(),
    previewClosed: () => void host.preview()?.onClosed(),
    thumbnailFailed: (id) => host.thumbnailFailed(id),
    editFile: (id) => void host.editor()?.open(id),
    cancelEdit: () => host.editor()?.cancel(),
    saveEdit: () => void host.editor()?.save(),
    upload: () => void host.upload(),
    pause: () => host.pause(),
    resume: () => void host.resume(),
    cancel: () => {
      const files = host.files().filter((file) => !SETTLED.has(file.state));
      if (!host.dispatch('svc-upload-cancel', { files }).defaultPrevented) host.cancel();
    },
    retryAll: () => void host.retry(),
    done: () => {
      host.dispatch('svc-upload-done', { files: host.files() });
      host.reset();
    },
    dismissRejections: () => host.clearRejections(),
    forgetRestoredUploads: () => host.forgetRestoredUploads(),
    listScrolled: (event) => host.listWindow()?.onScroll(event),
    listFocusIn: (event) => host.listWindow()?.onFocusIn(event),
    listFocusOut: (event) => host.listWindow()?.onFocusOut(event),
  };
}
