/** Run controls and the run's outcome: Upload, overall progress, pause/resume/cancel, summary, Done. */
import { html, nothing } from 'lit';
import { renderIcon } from './icons.js';
import { countByState, type UploaderView } from './view-model.js';

function renderOverallProgress(view: UploaderView) {
  const { t, translator } = view;
  return html`
    <div part="overall" class="overall">
      <progress part="overall-progress" class="overall-progress" max="1" .value=${view.progress}
        aria-label=${t('aria.overallProgress')} aria-valuetext=${t('progress.percent', { percent: translator.formatPercent(view.progress) })}></progress>
      <span part="overall-percent" class="overall-percent">${translator.formatPercent(view.progress)}</span>
    </div>
  `;
}

function renderSummary(view: UploaderView) {
  const { t } = view;
  const { successful, failed } = countByState(view.files);
  if (view.quietCompletion && failed === 0) {
    return html`<p part="quiet-complete" class="quiet-complete" role="status">✓ <span>${t('summary.quiet')}</span></p>`;
  }
  const outcome = failed === 0 ? 'success' : successful === 0 ? 'failure' : 'partial';
  return html`
    <div part="summary" class="summary">
      <p part="summary-title" class="summary-title">${t('summary.title', { outcome })}</p>
      ${successful > 0 ? html`<p part="summary-uploaded">${t('summary.uploaded', { count: successful })}</p>` : nothing}
      ${failed > 0 ? html`<p part="summary-failed">${t('summary.failed', { count: failed })}</p>` : nothing}
    </div>
  `;
}

export function renderActions(view: UploaderView) {
  const { t, intents, status } = view;
  if (status === 'idle') return nothing;
  const { queued, failed } = countByState(view.files);
  const settled = status === 'complete' || status === 'failed';
  const canAddMore = view.files.length < view.maxFiles && view.sources.includes('local') && !view.isProcessing;
  return html`
    ${status === 'uploading' || status === 'paused' ? renderOverallProgress(view) : nothing}
    ${settled && queued === 0 ? renderSummary(view) : nothing}
    <div part="actions" class="actions">
      ${canAddMore && !settled
        ? html`<button part="add-more-button button" type="button" @click=${intents.openFilePicker}>
            ${renderIcon('ContainerAddMoreIcon', view.icons)}<span>${t('fileList.addMore')}</span></button>`
        : nothing}
      ${queued > 0 && status !== 'uploading' && status !== 'paused'
        ? html`<button part="upload-button button button-primary" type="button" ?disabled=${view.isProcessing} @click=${intents.upload}>
            ${t('action.upload', { count: queued })}</button>`
        : nothing}
      ${status === 'uploading' ? html`<button part="pause-button button" type="button" @click=${intents.pause}>${t('action.pauseAll')}</button>` : nothing}
      ${status === 'paused' ? html`<button part="resume-button button button-primary" type="button" @click=${intents.resume}>${t('action.resumeAll')}</button>` : nothing}
      ${status === 'uploading' || status === 'paused'
        ? html`<button part="cancel-button button" type="button" @click=${intents.cancel}>${t('action.cancelAll')}</button>`
        : nothing}
      ${settled && failed > 0 ? html`<button part="retry-all-button button" type="button" @click=${intents.retryAll}>${t('action.retryAll')}</button>` : nothing}
      ${settled && queued === 0 && !(view.quietCompletion && failed === 0)
        ? html`<button part="done-button button button-primary" type="button" @click=${intents.done}>${t('action.done')}</button>`
        : nothing}
    </div>
  `;
}
