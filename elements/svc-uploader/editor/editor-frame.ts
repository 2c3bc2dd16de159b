/**
 * The frame around the image editor: its title, the editing surface (or a loading line, or why the
 * image cannot be edited), a problem with the result, and Cancel / Save. Inline it slides over the
 * file list like a source view; `display: 'modal'` puts it in a dialog over the page. Escape
 * cancels either way.
 */
import { html, nothing } from 'lit';
import type { OpenEditor } from './editor-controller.js';
import { shortName } from '../engine-views/display-name.js';
import { renderIcon } from '../shell/icons.js';
import type { UploaderView } from '../view-model.js';

function renderFrame(view: UploaderView, editor: OpenEditor) {
  const { t, intents } = view;
  const body = editor.session
    ? editor.session.render()
    : editor.error
      ? nothing
      : html`<p part="editor-loading" class="source-view-loading" role="status">${renderIcon('LoaderIcon', view.icons, 'icon spinner')}<span>${t('edit.loading')}</span></p>`;
  return html`
    <header part="editor-header" class="source-view-header editor-header ${view.slot('editor', 'header')}">
      <h2 part="editor-title" id="editor-title" class="source-view-title editor-title ${view.slot('editor', 'title')}" tabindex="-1">
        ${t('edit.title', { name: shortName(editor.name) })}</h2>
    </header>
    <div part="editor-body" class="editor-body ${view.slot('editor', 'body')}">${body}</div>
    ${editor.error ? html`<p part="editor-error" class="editor-error ${view.slot('editor', 'error')}" role="alert">${renderIcon('AlertIcon', view.icons, 'icon')}<span>${editor.error}</span></p>` : nothing}
    <footer part="editor-footer" class="editor-footer ${view.slot('editor', 'footer')}">
      <button part="editor-cancel button" class=${view.slot('editor', 'cancelButton')} type="button" @click=${intents.cancelEdit}>${t('action.cancel')}</button>
      <button part="editor-save button button-primary" class="button-primary ${view.slot('editor', 'saveButton')}" type="button"
        ?disabled=${!editor.session || editor.saving} aria-busy=${String(editor.saving)} @click=${intents.saveEdit}>
        ${editor.saving ? html`${renderIcon('LoaderIcon', view.icons, 'icon spinner')}<span>${t('edit.saving')}</span>` : t('action.save')}</button>
    </footer>
  `;
}

/** Inline display: a view over the list, inside the stage. */
export function renderInlineEditor(view: UploaderView) {
  const editor = view.editor;
  if (!editor || editor.display !== 'inline') return nothing;
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.stopPropagation();
    view.intents.cancelEdit();
  };
  return html`<section part="editor editor-inline" class="source-view editor-view ${view.slot('editor', 'root')}" data-file-id=${editor.fileId}
    aria-labelledby="editor-title" @keydown=${onKeydown}>${renderFrame(view, editor)}</section>`;
}

/** Modal display: a dialog over the page (the browser traps focus in it). */
export function renderModalEditor(view: UploaderView) {
  const editor = view.editor;
  if (!editor || editor.display !== 'modal') return nothing;
  const onCancel = (event: Event) => {
    // The dialog's own Escape handling would close it without the editor knowing.
    event.preventDefault();
    view.intents.cancelEdit();
  };
  return html`<dialog part="editor editor-dialog" class="preview editor-dialog ${view.slot('editor', 'root')}" data-file-id=${editor.fileId}
    aria-labelledby="editor-title" @cancel=${onCancel}><div class="preview-frame editor-view">${renderFrame(view, editor)}</div></dialog>`;
}
