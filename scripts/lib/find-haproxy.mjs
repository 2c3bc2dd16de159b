// HAProxy, the load balancer in front of several handler instances in the scale-out suite and
// benchmark. Found on the PATH (or HAPROXY); as root on Debian/Ubuntu, Debian's `haproxy` is
// installed on demand, like Chromium and Ceph.
// @ts-check
import { execFileSync } from 'node:child_process';
import { canInstallDebianPackages, commandExists, installDebianPackages } from './debian.mjs';

function findInstalledHaproxy() {
  if (process.env.HAPROXY) return process.env.HAPROXY;
  if (!commandExists('haproxy')) return undefined;
  return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
}

/** The haproxy executable, installing it when that needs no one's consent; `undefined` when absent. */
export function findHaproxy() {
  const installed = findInstalledHaproxy();
  if (installed) return installed;
  if (!canInstallDebianPackages()) return undefined;
  installDebianPackages(['haproxy']);
  return findInstalledHaproxy();
}
