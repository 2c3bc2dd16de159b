/**
 * `import 'svc-uploader/define'`: registers `<svc-uploader>` and its drive sources. Guarded, so a
 * page that loads the bundle twice (two apps, or a module and a script tag) keeps the first
 * definition instead of throwing; and a page that already registered the class under a tag of its
 * own (a constructor can hold only one tag) keeps that one.
 */
import { registerDrivePanels } from './drives/register-drive-panels.js';
import { SvcUploader } from './svc-uploader.js';
import { SVC_UPLOADER_TAG } from './tag-name.js';

export { SVC_UPLOADER_TAG };

// Registered here, in a module bundlers keep for its side effects; the panels themselves load lazily.
registerDrivePanels();

const taken = customElements.get(SVC_UPLOADER_TAG) !== undefined || customElements.getName?.(SvcUploader) != null;
if (!taken) customElements.define(SVC_UPLOADER_TAG, SvcUploader);

declare global {
  interface HTMLElementTagNameMap {
    'svc-uploader': SvcUploader;
  }
}
