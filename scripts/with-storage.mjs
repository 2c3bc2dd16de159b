#!/usr/bin/env node
// Runs a command with test storage started for it: `node scripts/with-storage.mjs <command...>`.
// When S3_TEST_KIND is already set (an outer run started storage), the command simply inherits it.
import { spawn } from 'node:child_process';
import { ensureLtsNode } from './lib/lts-node.mjs';
import { startTestStorage, toTestEnv } from './storage/test-storage.mjs';

await ensureLtsNode();

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-storage.mjs <command> [args...]');
  process.exit(2);
}

const storage = process.env.S3_TEST_KIND ? null : await startTestStorage({ lane: process.env.SVC_STORAGE_LANE || 'auto' });
const env = storage ? { ...process.env, ...toTestEnv(storage) } : process.env;
if (storage) console.error(`[svc-uploader] test storage: ${storage.kind} at ${storage.endpoint}, bucket ${storage.bucket}`);

const child = spawn(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
const stop = async () => {
  await storage?.stop().catch((error) => console.error(`[svc-uploader] storage stop: ${error.message}`));
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', async (code, signal) => {
  await stop();
  process.exit(code ?? (signal ? 1 : 0));
});
