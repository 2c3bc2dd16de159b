// nginx, the TLS-terminating reverse proxy of the behind-proxies end-to-end suite. Found on the
// PATH, in /usr/sbin (not on a non-root PATH) or at NGINX; as root on Debian/Ubuntu, Debian's
// `nginx` is installed on demand, like Chromium, Ceph and HAProxy. The suite runs it with its own
// configuration, never the system one.
// @ts-check
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { canInstallDebianPackages, commandExists, installDebianPackages } from './debian.mjs';

function findInstalledNginx() {
  if (process.env.NGINX) return process.env.NGINX;
  if (commandExists('nginx')) return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined;
}

/** The nginx executable, installing it when that needs no one's consent; `undefined` when absent. */
export function findNginx() {
  const installed = findInstalledNginx();
  if (installed) return installed;
  if (!canInstallDebianPackages()) return undefined;
  installDebianPackages(['nginx']);
  return findInstalledNginx();
}
