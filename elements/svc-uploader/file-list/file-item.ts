/**
 * One file in the list: thumbnail or type glyph, name, size or progress, status, its progress bar
 * and its actions (preview, pause/resume, retry, edit, remove). Drawn as a compact row, or as a hero card
 * when the list holds a single file.
 */
import { html, nothing } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import type { UploadFileRecord } from '../../../engine/core/file-record.js';
import { displayName, shortName } from '../engine-views/display-name.js';
import { renderShownName } from './shown-name.js';
import { failureText } from '../engine-views/failure-message.js';
import { fileKindOf, isPreviewable, KIND_GLYPHS, type FileKind } from './file-kind.js';
import { renderIcon } from '../shell/icons.js';
import { rateAndTimeLeft } from '../engine-views/transfer-rate-text.js';
import type { UploaderView } from '../view-model.js';
import { progressFill } from './progress-fill.js';

export type ItemLayout = 'row' | 'hero';

/** Where a row of a virtualised list sits, so it can be placed and announced as "n of N". */
export interface RowPlacement {
  index: number;
  count: number;
  offset?: number;
}

function statusText(view: UploaderView, file: UploadFileRecord): string {
  const { t } = view;
  if (file.state === 'paused' && file.pausedBy === 'offline') return t('status.pausedOffline');
  if (file.state === 'uploading' && file.attempts > 1) return t('status.retrying', { attempt: file.attempts, maxAttempts: view.maxRetries + 1 });
  if (isRefused(file)) return t('status.blocked');
  return t(`status.${file.state}`);
}

function progressText(view: UploaderView, file: UploadFileRecord): string {
  const { translator } = view;
  return view.t('progress.file', {
    percent: translator.formatPercent(file.percentage / 100),
    uploadedSize: translator.formatBytes(file.bytesUploaded),
    totalSize: translator.formatBytes(file.size),
  });
}

const SHOWS_PROGRESS = new Set(['uploading', 'checking', 'paused', 'uploaded']);

/** The server refused the stored file (its checks or the host's verdict): sending it again cannot help. */
function isRefused(file: UploadFileRecord): boolean {
  return file.state === 'failed' && file.error?.code === 'UPLOAD_REFUSED';
}

function renderThumbnail(view: UploaderView, file: UploadFileRecord, kind: FileKind, layout: ItemLayout) {
  const { t, intents } = view;
  const url = view.thumbnailUrl(file);
  const visual = url
    ? html`<img class="thumbnail-image" src=${url} alt="" loading="lazy" decoding="async" draggable="false" @error=${() => intents.thumbnailFailed(file.id)} />`
    : renderIcon(KIND_GLYPHS[kind], view.icons, 'icon thumbnail-glyph');
  const classes = `thumbnail ${url ? 'has-image' : ''} ${view.slot('file', 'thumbnail')}`;
  if (view.allowPreview && isPreviewable(kind) && layout === 'row') {
    return html`<button part="file-thumbnail file-preview-button" class=${classes} type="button" data-kind=${kind} data-preview-for=${file.id}
      aria-label=${t('aria.previewFile', { name: displayName(file.name) })} @click=${() => intents.openPreview(file.id)}>${visual}</button>`;
  }
  return html`<span part="file-thumbnail" class=${classes} data-kind=${kind}>${visual}
    ${
      layout === 'hero' && view.allowPreview && isPreviewable(kind)
        ? html`<button part="file-preview-button button" class="preview-button icon-button" type="button" data-preview-for=${file.id}
          aria-label=${t('aria.previewFile', { name: displayName(file.name) })} title=${t('action.preview')} @click=${() => intents.openPreview(file.id)}>
          ${renderIcon('ExpandIcon', view.icons)}</button>`
        : nothing
    }</span>`;
}

function iconButton(part: string, label: string, glyph: Parameters<typeof renderIcon>[0], view: UploaderView, action: () => void, text?: string) {
  return html`<button part="${part} button" class="icon-button ${text ? 'with-label' : ''}" type="button" aria-label=${label}
    title=${text ? nothing : label} @click=${action}>${renderIcon(glyph, view.icons)}${text ? html`<span class="label">${text}</span>` : nothing}</button>`;
}

function renderActions(view: UploaderView, file: UploadFileRecord) {
  const { t, intents } = view;
  const name = displayName(file.name);
  return html`
    <span part="file-actions" class="file-actions ${view.slot('file', 'actions')}">
      ${file.state === 'successful' ? html`<span part="file-done" class="file-done">${renderIcon('CheckIcon', view.icons)}</span>` : nothing}
      ${file.state === 'uploading' ? iconButton('file-pause', t('aria.pauseFile', { name }), 'PauseIcon', view, () => intents.pauseFile(file.id)) : nothing}
      ${
        file.state === 'paused' && file.pausedBy !== 'offline'
          ? iconButton('file-resume', t('aria.resumeFile', { name }), 'ResumeIcon', view, () => intents.resumeFile(file.id))
          : nothing
      }
      ${
        (file.state === 'failed' && !isRefused(file)) || file.state === 'canceled'
          ? iconButton('file-retry', t('aria.retryFile', { name }), 'RetryIcon', view, () => intents.retryFile(file.id), t('action.retry'))
          : nothing
      }
      ${
        view.canEdit(file)
          ? html`<button part="file-edit button" class="icon-button" type="button" data-edit-for=${file.id} aria-label=${t('aria.editFile', { name })}
            title=${t('action.edit')} @click=${() => intents.editFile(file.id)}>${renderIcon('EditIcon', view.icons)}</button>`
          : nothing
      }
      ${iconButton('file-remove', t('aria.removeFile', { name }), 'FileDeleteIcon', view, () => intents.removeFile(file.id))}
    </span>
  `;
}

function renderProgress(view: UploaderView, file: UploadFileRecord) {
  const percent = Math.round(file.percentage * 10) / 10;
  // A drive file is copied by the server, which reports no bytes until the copy is stored.
  const indeterminate = file.remote !== undefined && file.state === 'uploading';
  return html`
    <div part="file-progress" class="progress file-progress ${view.slot('file', 'progress')}" role="progressbar" aria-valuemin="0" aria-valuemax="100"
      aria-valuenow=${indeterminate ? nothing : Math.floor(file.percentage)} aria-valuetext=${indeterminate ? nothing : progressText(view, file)}
      aria-label=${view.t('aria.fileProgress', { name: displayName(file.name) })} ?data-indeterminate=${indeterminate}>
      <div class="progress-fill" ${progressFill(indeterminate ? undefined : percent)}></div>
    </div>
  `;
}

/** "2.4 MB/s · 12 seconds left" while the file uploads, once its rate estimate is stable. */
function renderRate(view: UploaderView, file: UploadFileRecord) {
  const texts = file.state === 'uploading' ? rateAndTimeLeft(view.translator, file) : undefined;
  if (!texts) return nothing;
  return html`<span part="file-rate" class="file-rate">${texts.rate}</span><span part="file-time-left" class="file-time-left">${texts.timeLeft}</span>`;
}

export function renderFileItem(view: UploaderView, file: UploadFileRecord, layout: ItemLayout, placement?: RowPlacement) {
  const { t, intents, translator } = view;
  const kind = fileKindOf(file.type, file.name);
  // Shown with its suspicious characters made visible, shortened in the middle, the real extension
  // always in view; the full name stays in the tooltip and the accessible name (see display-name.ts).
  const name = displayName(file.name);
  const shown = shortName(file.name);
  const sizeText = SHOWS_PROGRESS.has(file.state) && file.bytesUploaded > 0 ? progressText(view, file) : translator.formatBytes(file.size);
  const style = placement?.offset !== undefined ? styleMap({ insetBlockStart: `${placement.offset}px` }) : nothing;
  const hasMedia = layout === 'hero' && view.thumbnailUrl(file) !== undefined;
  const failure = file.state === 'failed' && file.error ? failureText(t, file.error, translator.lang) : undefined;
  // Rows of a virtualised list share one height: there the message stays on the details line
  // (the announcement says it in full); elsewhere it gets the row's full width below and wraps.
  const virtualRow = placement?.offset !== undefined;
  return html`
    <li part="file file-${file.state}" class="file file-${layout} ${hasMedia ? 'has-media' : ''} ${view.slot('file', 'root')}" data-state=${file.state} data-kind=${kind}
      data-file-id=${file.id} aria-posinset=${placement ? placement.index + 1 : nothing} aria-setsize=${placement ? placement.count : nothing} style=${style}>
      ${renderThumbnail(view, file, kind, layout)}
      <div class="file-main">
        <button part="file-name" class="file-name ${view.slot('file', 'name')}" type="button" title=${name}
          aria-label=${shown === name ? nothing : name} @click=${() => intents.clickFile(file.id)}><bdi class="shown-name" dir="auto">${renderShownName(file.name)}</bdi></button>
        <p part="file-details" class="file-details ${view.slot('file', 'details')}">
          ${layout === 'hero' && !view.mini ? html`<span part="file-kind">${t('file.kind', { kind })}</span>` : nothing}
          <span part="file-size" class="file-size">${sizeText}</span>
          ${renderRate(view, file)}
          <span part="file-status" class="file-status ${view.slot('file', 'status')}">${statusText(view, file)}</span>
          ${failure && virtualRow ? html`<span part="file-error" class="file-error ${view.slot('file', 'error')}" title=${failure}>${failure}</span>` : nothing}
        </p>
      </div>
      ${renderActions(view, file)}
      ${failure && !virtualRow ? html`<p part="file-error" class="file-error ${view.slot('file', 'error')}">${failure}</p>` : nothing}
      ${renderProgress(view, file)}
    </li>
  `;
}
