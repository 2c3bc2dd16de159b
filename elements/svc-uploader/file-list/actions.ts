/** Run controls and the run's outcome: overall progress, Upload, pause/resume/cancel, summary, Done. */
import { html, nothing } from 'lit';
import { renderIcon } from '../shell/icons.js';
import { rateAndTimeLeft } from '../engine-views/transfer-rate-text.js';
import type { UploaderView } from '../view-model.js';
import { progressFill } from './progress-fill.js';

function renderOverallProgress(view: UploaderView) {
  const { t, translator } = view;
  const { successful } = view.counts;
  const percent = translator.formatPercent(view.progress);
  const rate = view.status === 'uploading' ? rateAndTimeLeft(translator, view.runEstimate) : undefined;
  return html`
    <div part="overall" class="overall ${view.slot('overallProgress', 'root')}">
      <div class="overall-text">
        <span part="overall-label" class="overall-label ${view.slot('overallProgress', 'label')}">
          ${t('progress.overall', { total: view.files.length, uploaded: successful })}</span>
        ${rate ? html`<span part="overall-rate" class="overall-rate">${rate.rate} · ${rate.timeLeft}</span>` : nothing}
        <span part="overall-percent" class="overall-percent">${percent}</span>
      </div>
      <div part="overall-progress" class="progress overall-progress ${view.slot('overallProgress', 'bar')}" role="progressbar"
        aria-valuemin="0" aria-valuemax="100" aria-valuenow=${Math.floor(view.progress * 100)}
        aria-label=${t('aria.overallProgress')} aria-valuetext=${t('progress.percent', { percent })}>
        <div class="progress-fill" ${progressFill(Math.round(view.progress * 1000) / 10)}></div>
      </div>
    </div>
  `;
}

function renderSummary(view: UploaderView) {
  const { t, translator } = view;
  const { successful, failed, storedBytes } = view.counts;
  if (view.quietCompletion && failed === 0) {
    return html`<p part="quiet-complete" class="quiet-complete" role="status">${renderIcon('CheckIcon', view.icons, 'icon quiet-check')}<span>${t('summary.quiet')}</span></p>`;
  }
  const outcome = failed === 0 ? 'success' : successful === 0 ? 'failure' : 'partial';
  return html`
    <div part="summary" class="summary ${view.slot('summary', 'root')}" data-outcome=${outcome}>
      <span class="summary-badge">${renderIcon(outcome === 'success' ? 'CheckIcon' : 'AlertIcon', view.icons)}</span>
      <div class="summary-text">
        <p part="summary-title" class="summary-title ${view.slot('summary', 'title')}">${t('summary.title', { outcome })}</p>
        <p class="summary-lines">
          ${successful > 0 ? html`<span part="summary-uploaded">${t('summary.uploaded', { count: successful })}</span>` : nothing}
          ${successful > 0 ? html`<span part="summary-size">${translator.formatBytes(storedBytes)}</span>` : nothing}
          ${failed > 0 ? html`<span part="summary-failed" class="summary-failed">${t('summary.failed', { count: failed })}</span>` : nothing}
        </p>
      </div>
    </div>
  `;
}

function button(view: UploaderView, part: string, label: string, action: () => void, primary = false, disabled = false) {
  const classes = `${primary ? 'button-primary' : ''} ${view.slot('actions', 'button')} ${primary ? view.slot('actions', 'primaryButton') : ''}`;
  return html`<button part="${part} button${primary ? ' button-primary' : ''}" class=${classes} type="button" ?disabled=${disabled}
    @click=${action}>${label}</button>`;
}

export function renderActions(view: UploaderView) {
  const { t, intents, status } = view;
  if (status === 'idle') return nothing;
  const { queued, failed, retryable } = view.counts;
  const running = status === 'uploading' || status === 'paused';
  const settled = status === 'complete' || status === 'failed';
  const quiet = view.quietCompletion && failed === 0;
  return html`
    ${running ? renderOverallProgress(view) : nothing}
    ${settled && queued === 0 ? renderSummary(view) : nothing}
    <div part="actions" class="actions ${view.slot('actions', 'root')}">
      ${status === 'uploading' ? button(view, 'pause-button', t('action.pauseAll'), intents.pause) : nothing}
      ${status === 'paused' ? button(view, 'resume-button', t('action.resumeAll'), intents.resume, true) : nothing}
      ${running ? button(view, 'cancel-button', t('action.cancelAll'), intents.cancel) : nothing}
      ${settled && retryable > 0 ? button(view, 'retry-all-button', t('action.retryAll'), intents.retryAll) : nothing}
      ${queued > 0 && !running ? button(view, 'upload-button', t('action.upload', { count: queued }), intents.upload, true, view.isProcessing) : nothing}
      ${settled && queued === 0 && !quiet ? button(view, 'done-button', t('action.done'), intents.done, true) : nothing}
    </div>
  `;
}
