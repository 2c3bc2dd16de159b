/** The file list: one row per file with name, size, progress, status and its actions. */
import { html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { UploadFileRecord } from '../../engine/types.js';
import { renderIcon } from './icons.js';
import type { UploaderView } from './view-model.js';

function statusText(view: UploaderView, file: UploadFileRecord): string {
  const { t } = view;
  if (file.state === 'paused' && file.pausedBy === 'offline') return t('status.pausedOffline');
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

function renderRow(view: UploaderView, file: UploadFileRecord) {
  const { t, intents } = view;
  const canRetry = file.state === 'failed' || file.state === 'canceled';
  return html`
    <li part="file file-${file.state}" class="file" data-state=${file.state} data-file-id=${file.id}>
      <button part="file-name" class="file-name" type="button" title=${file.name} @click=${() => intents.clickFile(file.id)}>${file.name}</button>
      <span part="file-size" class="file-size">${view.translator.formatBytes(file.size)}</span>
      <progress part="file-progress" class="file-progress" max="100" .value=${file.percentage}
        aria-label=${t('aria.fileProgress', { name: file.name })} aria-valuetext=${progressText(view, file)}></progress>
      <span part="file-status" class="file-status">${statusText(view, file)}</span>
      <span part="file-actions" class="file-actions">
        ${canRetry
          ? html`<button part="file-retry button" type="button" aria-label=${t('aria.retryFile', { name: file.name })} @click=${() => intents.retryFile(file.id)}>
              ${renderIcon('RetryIcon', view.icons)}<span class="label">${t('action.retry')}</span></button>`
          : nothing}
        <button part="file-remove button" type="button" aria-label=${t('aria.removeFile', { name: file.name })} @click=${() => intents.removeFile(file.id)}>
          ${renderIcon('FileDeleteIcon', view.icons)}</button>
      </span>
      ${file.state === 'failed' && file.error
        ? html`<span part="file-error" class="file-error error">${t(`failure.${file.error.code}`)}</span>`
        : nothing}
    </li>
  `;
}

export function renderFileList(view: UploaderView) {
  if (view.files.length === 0) return nothing;
  const { t } = view;
  return html`
    <section part="file-list-section" class="file-list-section">
      <h2 part="file-count" class="file-count">${t('fileList.count', { count: view.files.length })}</h2>
      <ul part="file-list" class="file-list" aria-label=${t('fileList.label')}>
        ${repeat(view.files, (file) => file.id, (file) => renderRow(view, file))}
      </ul>
    </section>
  `;
}
