#!/usr/bin/env node
// `npm run storage:up`: starts the test storage on its own (the same choice as the test harness:
// S3_TEST_ENDPOINT, else a local Ceph RGW, else the s3rver development store), prints the
// environment that points tests at it, and keeps it running until Ctrl-C. Paste the printed lines
// into another shell and every `node scripts/with-storage.mjs ...` there reuses this storage instead
// of starting its own.
import { startTestStorage, toTestEnv } from './test-storage.mjs';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const quote = (value) => `'${String(value).replaceAll("'", "'\\''")}'`;

const storage = await startTestStorage({ lane: process.env.SVC_STORAGE_LANE || 'auto' });
console.error(`[svc-uploader] test storage: ${storage.kind} at ${storage.endpoint}, bucket ${storage.bucket}; Ctrl-C stops it`);
for (const [name, value] of Object.entries(toTestEnv(storage))) {
  if (value !== undefined) console.log(`export ${name}=${quote(value)}`);
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await storage.stop().catch((error) => console.error(`[svc-uploader] storage stop: ${error.message}`));
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
// Keeps the process (and so the storage) alive until a signal arrives.
setInterval(() => undefined, 2 ** 31 - 1);
