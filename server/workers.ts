/**
 * `svc-uploader/server/workers`: the same API as `svc-uploader/server`, built for Cloudflare
 * Workers (and other workerd hosts). Wrangler bundles with the `browser` condition, which makes
 * the AWS SDK pick its XML parser that needs `DOMParser`, absent from workerd: every multipart
 * call would fail. The published file of this entry is a bundle with the SDK inside and its
 * DOM-free parser in place (scripts/build-workers-entry.mjs); Workers need `nodejs_compat`.
 */
export * from './index.js';
