// Mounts the real upload handler (TypeScript source, loaded through tsx) on the web-test-runner
// server, so browser tests upload same-origin through /api/upload into the test storage.
import { tsImport } from 'tsx/esm/api';
import { toNodeHandler } from 'srvx/node';

/**
 * The browser suites were written for a client that waits for `POST /complete` before a single
 * upload counts (what every handler with a `verifyUpload` verdict gets); they keep testing that
 * flow. The default, background confirmation, is tested end to end in test/e2e/confirmed-uploads.
 */
export const AWAITED_CONFIRMATION = { confirmInBackground: false };

export function testStorageConfig() {
  const env = process.env;
  if (!env.S3_TEST_ENDPOINT) throw new Error('No test storage: run browser tests through `node scripts/with-storage.mjs` (npm test does).');
  return {
    type: 's3',
    bucket: env.S3_TEST_BUCKET,
    region: env.S3_TEST_REGION,
    endpoint: env.S3_TEST_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_TEST_ACCESS_KEY_ID, secretAccessKey: env.S3_TEST_SECRET_ACCESS_KEY },
  };
}

/** Loads a TypeScript module of the project from a test-support script. */
export function importSource(path) {
  return tsImport(path, import.meta.url);
}

/** Koa middleware that hands every request under `prefix` to a fetch-style handler. */
export function mountFetchHandler(prefix, handler) {
  const nodeHandler = toNodeHandler(handler);
  return async (context, next) => {
    if (context.path !== prefix && !context.path.startsWith(`${prefix}/`)) return next();
    context.respond = false;
    await nodeHandler(context.req, context.res);
  };
}

export async function createHandlerMiddleware(prefix) {
  const { createUploadHandler } = await importSource('../../server/index.ts');
  const handler = createUploadHandler({
    storage: testStorageConfig(),
    uploadTokenSecret: 'browser-tests-upload-token-secret',
    allowAnonymousUploads: true,
    completion: AWAITED_CONFIRMATION,
  });
  return mountFetchHandler(prefix, handler);
}
