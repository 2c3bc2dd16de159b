// Every shipped locale bundle, keyed by the module name a page imports (`svc-uploader/locales/<code>`).
export { allLocales as localeBundles } from '../locales/all.js';
