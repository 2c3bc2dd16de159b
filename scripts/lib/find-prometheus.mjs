// Prometheus, the real scraper of the metrics suite. Found on the PATH (or PROMETHEUS); as root on
// Debian/Ubuntu, Debian's `prometheus` is installed on demand, like HAProxy and Ceph. Only the
// binary is used: the suite starts it itself with its own config and data folder, never the
// packaged service.
// @ts-check
import { execFileSync } from 'node:child_process';
import { canInstallDebianPackages, commandExists, installDebianPackages } from './debian.mjs';

function findInstalledPrometheus() {
  if (process.env.PROMETHEUS) return process.env.PROMETHEUS;
  if (!commandExists('prometheus')) return undefined;
  return execFileSync('sh', ['-c', 'command -v prometheus'], { encoding: 'utf8' }).trim();
}

/** The prometheus executable, installing it when that needs no one's consent; `undefined` when absent. */
export function findPrometheus() {
  const installed = findInstalledPrometheus();
  if (installed) return installed;
  if (!canInstallDebianPackages()) return undefined;
  installDebianPackages(['prometheus']);
  return findInstalledPrometheus();
}
