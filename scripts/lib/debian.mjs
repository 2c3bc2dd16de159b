// @ts-check
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** True when packages can be installed with apt-get without asking anyone: root on Debian/Ubuntu. */
export function canInstallDebianPackages() {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(osRelease);
}

let aptListsUpdated = false;

/**
 * Installs Debian packages (no recommends); output goes to stderr so test output stays readable.
 * @param {string[]} packages
 */
export function installDebianPackages(packages) {
  /** @type {import('node:child_process').ExecFileSyncOptions} */
  const options = { stdio: ['ignore', process.stderr, process.stderr], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  console.error(`[svc-uploader] installing ${packages.join(' ')} with apt-get (one-time set-up)`);
  if (!aptListsUpdated) {
    execFileSync('apt-get', ['update', '-qq'], options);
    aptListsUpdated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], options);
}

/**
 * Whether `name` is a command on PATH.
 * @param {string} name
 */
export function commandExists(name) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
