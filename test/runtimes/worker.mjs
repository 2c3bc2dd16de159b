// The Worker of the runtime suite, written as docs/server.md tells a Cloudflare Workers user to
// write it: the `svc-uploader/server/workers` entry, settings from the Worker's bindings, bundled
// the way Wrangler does by default and run by workerd (with `nodejs_compat` and without flags).
import { createUploadHandler } from 'svc-uploader/server/workers';
import { runtimeSuiteConfig } from './suite-config.ts';

let handler;

export default {
  fetch(request, env) {
    handler ??= createUploadHandler(runtimeSuiteConfig(env.SUITE_SETTINGS));
    return handler(request);
  },
};
