/** The expanded preview dialog of an image, video or audio file (`allowPreview`). */
import { html, nothing } from 'lit';
import { displayName, shortName } from '../engine-views/display-name.js';
import { fileKindOf } from '../file-list/file-kind.js';
import { renderIcon } from '../shell/icons.js';
import type { UploaderView } from '../view-model.js';

function renderMedia(view: UploaderView, url: string, kind: string, name: string) {
  const classes = `preview-media ${view.slot('preview', 'media')}`;
  if (kind === 'video') return html`<video part="preview-media" class=${classes} src=${url} controls playsinline aria-label=${name}></video>`;
  if (kind === 'audio') return html`<audio part="preview-media" class=${classes} src=${url} controls aria-label=${name}></audio>`;
  return html`<img part="preview-media" class=${classes} src=${url} alt=${view.t('file.thumbnail', { name })} />`;
}

export function renderPreview(view: UploaderView) {
  const file = view.previewFile;
  if (!file) return nothing;
  const { t, intents, translator } = view;
  const kind = fileKindOf(file.type, file.name);
  return html`
    <dialog part="preview" class="preview ${view.slot('preview', 'root')}" data-kind=${kind} aria-label=${t('aria.previewFile', { name: displayName(file.name) })}
      @close=${intents.previewClosed}>
      <div class="preview-frame">
        <header class="preview-header">
          <p part="preview-name" class="preview-name"><bdi dir="auto" title=${displayName(file.name)}>${shortName(file.name)}</bdi><span class="preview-size">${translator.formatBytes(file.size)}</span></p>
          <button part="preview-close button" class="icon-button ${view.slot('preview', 'closeButton')}" type="button"
            aria-label=${t('file.previewClose')} title=${t('file.previewClose')} @click=${intents.closePreview}>${renderIcon('CloseIcon', view.icons)}</button>
        </header>
        ${renderMedia(view, view.mediaUrl(file), kind, displayName(file.name))}
      </div>
    </dialog>
  `;
}
