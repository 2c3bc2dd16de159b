/**
 * `svc-uploader/element`: everything the package root exports (the element class, its prop and
 * event tables and types, the localization and theming runtimes, the headless engine) without
 * registering any tag. For an app that picks its own tag name, or registers only when it decides:
 *
 * ```ts
 * import { SvcUploader, registerDrivePanels } from 'svc-uploader/element';
 * registerDrivePanels(); // only if `sources` lists a drive
 * customElements.define('acme-uploader', SvcUploader);
 * ```
 */
export * from './element-api.js';
export * from '../engine/index.js';
