/**
 * The "Link" source: type or paste a URL, the browser downloads it (with a Cancel button while it
 * runs) and the file joins the list. Failures stay on screen with a reason the user can act on.
 */
import { html, nothing } from 'lit';
import type { MessageKey } from '../../i18n/types.js';
import type { SourcePanel, SourcePanelContext } from './source-panel.js';
import { toBytes } from '../../../engine/core/sizes.js';
import { ENGINE_DEFAULTS } from '../../../engine/core/engine-defaults.js';
import { isUrlImportError, parseImportUrl, type UrlImportErrorCode, type UrlImportLimits } from './url-import.js';

/** Which message explains each failure to the user. */
const ERROR_MESSAGES: Record<UrlImportErrorCode, MessageKey> = {
  URL_INVALID: 'url.invalid',
  URL_CORS_BLOCKED: 'url.corsBlocked',
  URL_NETWORK_ERROR: 'url.networkError',
  URL_HTTP_ERROR: 'url.httpError',
  URL_TOO_LARGE: 'url.tooLarge',
  URL_TIMEOUT: 'url.timeout',
  URL_TYPE_MISMATCH: 'url.typeMismatch',
  URL_ABORTED: 'url.failed',
};

/** The engine's `maxFileSize` (a larger download is pointless) and `urlImportTimeout`. */
function importLimits(context: SourcePanelContext): UrlImportLimits {
  const { maxFileSize, urlImportTimeout } = context.engine().options;
  let maxBytes = 1024 ** 3;
  try {
    if (maxFileSize) maxBytes = toBytes(maxFileSize);
  } catch {
    // The engine refused this value already; its own default applies.
  }
  // The engine refuses a value that is not a finite number; below 1 counts as 1, as there.
  const idleTimeoutMs = urlImportTimeout === undefined ? ENGINE_DEFAULTS.urlImportTimeout : Math.max(1, Math.floor(urlImportTimeout));
  return { maxBytes, idleTimeoutMs };
}

export function createUrlPanel(context: SourcePanelContext): SourcePanel {
  let value = '';
  let loading: AbortController | undefined;
  let error: { code: UrlImportErrorCode; status?: number; origin?: string; maxBytes?: number } | undefined;

  const update = () => context.requestUpdate();

  async function submit(event: Event) {
    event.preventDefault();
    if (loading) return;
    error = undefined;
    let url: URL;
    try {
      url = parseImportUrl(value);
    } catch {
      error = { code: 'URL_INVALID' };
      update();
      return;
    }
    if (!context.notify('svc-url-import', { url: url.href })) return update();
    const controller = new AbortController();
    const limits = importLimits(context);
    loading = controller;
    update();
    try {
      // The download and its checks load with the first import, not with the page.
      const { fetchUrlAsFile } = await import('./url-download.js');
      const file = await fetchUrlAsFile(url.href, controller.signal, limits);
      if (controller.signal.aborted) return;
      loading = undefined;
      value = '';
      await context.deliver({ source: 'url', file, url: url.href });
    } catch (failure) {
      if (loading !== controller) return;
      loading = undefined;
      if (!isUrlImportError(failure) || failure.code === 'URL_ABORTED') return update();
      error = { code: failure.code, status: failure.status, origin: url.origin, maxBytes: limits.maxBytes };
      context.fail({ source: 'url', code: failure.code, message: failure.message, url: url.href, status: failure.status });
    }
    update();
  }

  function abort() {
    if (!loading) return;
    const controller = loading;
    loading = undefined;
    controller.abort();
    context.notify('svc-url-import-abort', { url: value });
    update();
  }

  return {
    source: 'url',
    render() {
      const { t } = context;
      return html`
        <form part="url-form" class="url-form" novalidate @submit=${submit}>
          <label part="url-label" for="url-input">${t('url.label')}</label>
          <div part="url-row" class="url-row">
            <input
              part="url-input"
              id="url-input"
              type="url"
              inputmode="url"
              autocomplete="url"
              spellcheck="false"
              placeholder=${t('url.placeholder')}
              .value=${value}
              ?disabled=${Boolean(loading)}
              aria-invalid=${error ? 'true' : 'false'}
              aria-describedby=${error ? 'url-error' : nothing}
              @input=${(event: InputEvent) => {
                value = (event.target as HTMLInputElement).value;
              }}
            />
            ${
              loading
                ? html`<button part="url-cancel button" type="button" @click=${abort}>${t('view.cancel')}</button>`
                : html`<button part="url-submit button button-primary" type="submit">${t('url.submit')}</button>`
            }
          </div>
          ${loading ? html`<p part="url-status" role="status">${t('url.importing')}</p>` : nothing}
          ${
            error
              ? html`<p part="url-error" id="url-error" class="error" role="alert">${t(ERROR_MESSAGES[error.code], { origin: error.origin ?? '', status: error.status ?? '', size: context.formatBytes(error.maxBytes ?? 0) })}</p>`
              : nothing
          }
        </form>
      `;
    },
    dispose() {
      loading?.abort();
      loading = undefined;
    },
  };
}
