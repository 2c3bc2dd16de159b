/**
 * Banners and messages around the list: offline, busy, restored uploads, branding. The refused
 * files' notice is in rejections.ts: only the engine refuses files, so it comes with the engine.
 */
import { html, nothing } from 'lit';
import { renderIcon } from './icons.js';
import type { UploaderView } from '../view-model.js';

export function renderOfflineBanner(view: UploaderView) {
  if (view.online) return nothing;
  return html`<p part="offline-banner" class="banner banner-offline ${view.slot('notices', 'offline')}" role="status">
    ${renderIcon('OfflineIcon', view.icons, 'icon banner-icon')}<span>${view.t(view.networkAware ? 'offline.banner' : 'offline.bannerNoResume')}</span></p>`;
}

export function renderBusy(view: UploaderView) {
  if (!view.isProcessing) return nothing;
  return html`<p part="busy" class="banner busy ${view.slot('notices', 'busy')}" role="status">
    ${renderIcon('LoaderIcon', view.icons, 'icon spinner')}<span>${view.t('uploader.busy')}</span></p>`;
}

/** After a back/forward navigation restored the form: the stored files it will still submit, until the user removes them. */
export function renderRestoredUploads(view: UploaderView) {
  if (view.restoredUploads === 0) return nothing;
  return html`<p part="restored-uploads" class="hint"><span>${view.t('summary.uploaded', { count: view.restoredUploads })}</span>
    <button part="restored-uploads-remove button" class="restored-uploads-remove" type="button" @click=${view.intents.forgetRestoredUploads}>${view.t('action.remove')}</button></p>`;
}

export function renderBranding(view: UploaderView) {
  if (!view.showBranding) return nothing;
  return html`<p part="branding" class="branding ${view.slot('uploader', 'branding')}">${renderIcon('UploadIcon', view.icons, 'icon branding-mark')}<span>${view.t('uploader.branding')}</span></p>`;
}
