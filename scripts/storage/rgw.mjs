// Starts and stops a throwaway Ceph RADOS Gateway: a real S3 implementation that enforces SigV4
// on presigned URLs, which lightweight fakes do not.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { findFreePort } from '../lib/free-port.mjs';
import { canInstallDebianPackages, commandExists, installDebianPackages } from '../lib/debian.mjs';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const CEPH_PACKAGES = ['ceph-mon', 'ceph-osd', 'radosgw', 'curl'];

export function isRgwInstalled() {
  return ['ceph-mon', 'ceph-osd', 'radosgw', 'radosgw-admin', 'monmaptool', 'curl'].every(commandExists);
}

/** Installs Ceph from Debian when possible; returns whether RGW can run here. */
export function ensureRgwInstalled() {
  if (isRgwInstalled()) return true;
  if (!canInstallDebianPackages()) return false;
  installDebianPackages(CEPH_PACKAGES);
  return isRgwInstalled();
}

/**
 * Starts a single-node cluster on random loopback ports in a temp dir.
 * @returns {Promise<{endpoint: string, region: string, accessKeyId: string, secretAccessKey: string, stop: () => Promise<void>}>}
 */
export async function startRgw() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-rgw-'));
  const rgwPort = await findFreePort();
  let monPort = await findFreePort();
  while (monPort === rgwPort) monPort = await findFreePort();
  const accessKeyId = `SVC${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString('hex');
  const env = { ...process.env, RGW_PORT: String(rgwPort), MON_PORT: String(monPort), ACCESS_KEY: accessKeyId, SECRET_KEY: secretAccessKey };
  try {
    await run('bash', [join(here, 'ceph-rgw-up.sh'), dir], { env, timeout: 180_000 });
  } catch (error) {
    throw new Error(`Ceph RGW did not start (logs in ${dir}/log): ${error.stderr || error.message}`);
  }
  let stopped = false;
  return {
    endpoint: `http://127.0.0.1:${rgwPort}`,
    region: 'us-east-1',
    accessKeyId,
    secretAccessKey,
    async stop() {
      if (stopped) return;
      stopped = true;
      await run('bash', [join(here, 'ceph-rgw-down.sh'), dir], { timeout: 30_000 });
    },
  };
}
