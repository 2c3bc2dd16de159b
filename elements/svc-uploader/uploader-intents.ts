/**
 * What each control of the interface does: the intents the templates call. User intents that the
 * event table marks cancelable ask listeners first; the element's methods act without asking.
 */
import type { UploadFileRecord } from '../../engine/index.js';
import type { FileViewsLoader } from './file-views-loader.js';
import type { UploaderHost } from './uploader-host.js';
import type { UploaderIntents } from './view-model.js';

const SETTLED = new Set(['successful', 'failed', 'canceled']);

/**
 * Removing a file removes the button that had focus; focus goes to the next file's remove button
 * (or the previous one's, or the first control left), never to the page's body.
 */
function focusAfterRemoving(host: UploaderHost, id: string): () => void {
  const files = host.engine.files;
  const index = files.findIndex((file) => file.id === id);
  const neighbour = files[index + 1] ?? files[index - 1];
  const root = host.element.renderRoot;
  const active = (root as ShadowRoot).activeElement ?? null;
  const hadFocus = root.querySelector(`[data-file-id="${id}"]`)?.contains(active) ?? false;
  return () => {
    if (!hadFocus) return;
    const target =
      (neighbour && root.querySelector<HTMLElement>(`[data-file-id="${neighbour.id}"] [part~="file-remove"]`)) ??
      root.querySelector<HTMLElement>('[part~="upload-button"], [part~="done-button"], [part~="browse-button"], [part~="add-more-button"]');
    target?.focus();
  };
}

/** `fileViews` brings the preview, the editor and the list's window once the file views have arrived. */
export function createUploaderIntents(host: UploaderHost, fileViews: FileViewsLoader): UploaderIntents {
  const element = host.element;
  const picker = (part: 'file-input' | 'folder-input') => element.renderRoot.querySelector<HTMLInputElement>(`input[part="${part}"]`);
  const withFile = (id: string, action: (file: UploadFileRecord) => void) => {
    const file = host.engine.files.find((candidate) => candidate.id === id);
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
        // Through the element's own call, which renders a click's answer at once.
        element.removeFile(id);
        void element.updateComplete.then(restoreFocus);
      }),
    retryFile: (id) => void element.retry(id),
    pauseFile: (id) => element.pause(id),
    resumeFile: (id) => void element.resume(id),
    openPreview: (id) => void fileViews.preview?.open(id),
    closePreview: () => fileViews.preview?.close(),
    previewClosed: () => void fileViews.preview?.onClosed(),
    thumbnailFailed: (id) => fileViews.thumbnailFailed(id),
    editFile: (id) => void fileViews.editor?.open(id),
    cancelEdit: () => fileViews.editor?.cancel(),
    saveEdit: () => void fileViews.editor?.save(),
    upload: () => void element.upload(),
    pause: () => element.pause(),
    resume: () => void element.resume(),
    cancel: () => {
      const files = host.engine.files.filter((file) => !SETTLED.has(file.state));
      if (!host.dispatch('svc-upload-cancel', { files }).defaultPrevented) element.cancel();
    },
    retryAll: () => void element.retry(),
    done: () => {
      host.dispatch('svc-upload-done', { files: host.engine.files });
      element.reset();
    },
    dismissRejections: () => {
      host.engine.clearRejections();
      host.intake.clearFolderLimit();
      element.requestUpdate();
    },
    forgetRestoredUploads: () => host.form.forgetRestored(),
    listScrolled: (event) => fileViews.listWindow?.onScroll(event),
    listFocusIn: (event) => fileViews.listWindow?.onFocusIn(event),
    listFocusOut: (event) => fileViews.listWindow?.onFocusOut(event),
  };
}
