/** Every shipped bundle, keyed by the module name a page imports (`svc-uploader/locales/<code>`). */
export { allLocales as shippedLocales } from '../../../locales/all.js';
