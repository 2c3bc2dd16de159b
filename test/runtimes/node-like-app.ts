/**
 * What the Node, Bun and Deno servers of the runtime suite import, bundled once for all of them:
 * the handler built from the suite's configuration and the Node listener adapter.
 */
import { createUploadHandler } from '../../server/index.js';
import { toNodeListener } from '../../server/node.js';
import { runtimeSuiteConfig, type RuntimeSuiteSettings } from './suite-config.js';

export { toNodeListener };

export function createSuiteHandler(settings: RuntimeSuiteSettings) {
  return createUploadHandler(runtimeSuiteConfig(settings));
}
