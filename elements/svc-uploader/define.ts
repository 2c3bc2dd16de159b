/**
 * Registers `<svc-uploader>`. Guarded, so a page that loads the bundle twice (two apps, or a
 * module and a script tag) keeps the first definition instead of throwing.
 */
import { SvcUploader } from './svc-uploader.js';

export const SVC_UPLOADER_TAG = 'svc-uploader';

if (!customElements.get(SVC_UPLOADER_TAG)) customElements.define(SVC_UPLOADER_TAG, SvcUploader);

declare global {
  interface HTMLElementTagNameMap {
    'svc-uploader': SvcUploader;
  }
}
