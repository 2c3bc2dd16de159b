#!/usr/bin/env node
// `npm start`: builds, starts the embedded development store (files kept in .data/store so they
// survive restarts) unless S3_BUCKET points at a real bucket, and serves the demo page.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureLtsNode } from './lib/lts-node.mjs';
import { startDevStore } from './storage/dev-store.mjs';

await ensureLtsNode();

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
const { startDemoServer, storageFromEnvironment } = await import('../examples/demo/server.mjs');

let storage = storageFromEnvironment();
let devStore;
if (!storage) {
  const bucket = 'uploads';
  devStore = await startDevStore({ directory: join(process.cwd(), '.data', 'store'), port: Number(process.env.STORE_PORT || 0), buckets: [bucket] });
  storage = {
    type: 's3',
    bucket,
    region: devStore.region,
    endpoint: devStore.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: devStore.accessKeyId, secretAccessKey: devStore.secretAccessKey },
  };
  console.log(`development store (s3rver, no signature checks) at ${devStore.endpoint}, files in .data/store`);
}

const demo = await startDemoServer({
  storage,
  port: Number(process.env.PORT || 3000),
  hostname: process.env.HOST || '127.0.0.1',
  uploadTokenSecret: process.env.UPLOAD_TOKEN_SECRET,
});
console.log(`\nsvc-uploader demo: ${demo.url}\n`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await demo.close();
    await devStore?.stop();
    process.exit(0);
  });
}
