/**
 * Public browser entry of svc-uploader: registers `<svc-uploader>` and exports the element class,
 * its event table and types, and the headless upload engine.
 *
 * ```html
 * <script type="module">import 'svc-uploader';</script>
 * <svc-uploader server-url="/api/upload" max-files="5"></svc-uploader>
 * ```
 */
import './svc-uploader/define.js';

export { SvcUploader } from './svc-uploader/svc-uploader.js';
export { SVC_UPLOADER_TAG } from './svc-uploader/define.js';
export { svcUploaderEvents } from './svc-uploader/events.js';
export type { EventDefinition, SvcUploaderEventDetail, SvcUploaderEventMap, SvcUploaderEventName } from './svc-uploader/events.js';
export type * from './svc-uploader/event-details.js';
export { uploaderProps } from './svc-uploader/properties.js';
export type { PropDefinition, UploaderPropName } from './svc-uploader/properties.js';
export { DEFAULT_SOURCES, UPLOAD_SOURCES } from './svc-uploader/types.js';
export type * from './svc-uploader/types.js';
export { registerPanel } from './svc-uploader/sources/panel-loaders.js';
export type { SourcePanel, SourcePanelContext, SourcePanelFactory } from './svc-uploader/sources/source-panel.js';

export * from './engine/index.js';
