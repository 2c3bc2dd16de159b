/** Banners and messages around the list: offline, busy, rejected files, branding. */
import { html, nothing } from 'lit';
import type { FileRejection } from '../../engine/types.js';
import { renderIcon } from './icons.js';
import type { UploaderView } from './view-model.js';

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

/** A refusal in words, with its limit formatted for the locale. */
export function rejectionText(view: UploaderView, rejection: FileRejection): string {
  const { t, translator } = view;
  const limit = rejection.limit;
  const size = typeof limit === 'number' ? translator.formatBytes(limit) : '';
  return t(`rejection.${rejection.reason}`, {
    name: rejection.file.name,
    maxSize: size,
    minSize: size,
    maxFiles: typeof limit === 'number' ? limit : view.maxFiles,
    // The list as the host wrote it (`images or .pdf`), not the expanded preset tokens.
    types: view.allowedTypesText || (typeof limit === 'string' ? limit : ''),
  });
}

export function renderRejections(view: UploaderView) {
  if (view.rejections.length === 0) return nothing;
  return html`
    <div part="rejections" class="rejections ${view.slot('notices', 'rejections')}" role="alert">
      ${renderIcon('AlertIcon', view.icons, 'icon banner-icon')}
      <ul part="rejection-list" class="rejection-list">
        ${view.rejections.map((rejection) => html`<li part="rejection" data-reason=${rejection.reason}>${rejectionText(view, rejection)}</li>`)}
      </ul>
      <button part="rejections-dismiss button" class="rejections-dismiss" type="button" @click=${view.intents.dismissRejections}>${view.t('rejection.dismiss')}</button>
    </div>
  `;
}

export function renderBranding(view: UploaderView) {
  if (!view.showBranding) return nothing;
  return html`<p part="branding" class="branding ${view.slot('uploader', 'branding')}">${renderIcon('UploadIcon', view.icons, 'icon branding-mark')}<span>${view.t('uploader.branding')}</span></p>`;
}
