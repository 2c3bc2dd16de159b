// Example apps with their own dependencies (examples/nuxt, examples/nitro) are installed the way a
// user installs them: `npm ci` from the example's own lockfile, and svc-uploader from the packed
// tarball. The `npm ci` part is slow (hundreds of packages), so it runs once per lockfile into the
// user's cache (`$XDG_CACHE_HOME/svc-uploader/examples`, else `~/.cache/svc-uploader/examples`;
// `SVC_EXAMPLES_CACHE` overrides), and every clone on the machine, CI's fresh one included, reuses it.
// Each run then gets a fresh app folder inside that install, which Node and the bundlers reach by
// walking up to its node_modules.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { run } from './run-command.js';

const repository = resolve('.');

export const EXAMPLES_CACHE = resolve(
  process.env.SVC_EXAMPLES_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc-uploader', 'examples'),
);

/** Build output and local installs that are never copied from an example folder. */
const NOT_SOURCE = new Set(['node_modules', 'package-lock.json', '.nuxt', '.output', '.nitro', '.data', '.svelte-kit', 'build', '.angular', 'dist']);

/**
 * The example's package.json and lockfile without the `svc-uploader: file:../..` link, which points
 * into the repository and is replaced by the packed tarball in each app folder.
 */
function dependenciesWithoutLibrary(folder: string) {
  const manifest = JSON.parse(readFileSync(join('examples', folder, 'package.json'), 'utf8'));
  const lockfile = JSON.parse(readFileSync(join('examples', folder, 'package-lock.json'), 'utf8'));
  delete manifest.dependencies['svc-uploader'];
  delete lockfile.packages[''].dependencies['svc-uploader'];
  delete lockfile.packages['node_modules/svc-uploader'];
  delete lockfile.packages['../..'];
  return { manifest, lockfile };
}

/** `npm ci` of examples/<folder> into the cache, keyed by its lockfile (see installLockedDependencies). */
export async function installExampleDependencies(folder: string): Promise<string> {
  const { manifest, lockfile } = dependenciesWithoutLibrary(folder);
  return installLockedDependencies(folder, `examples/${folder}`, manifest, lockfile);
}

/**
 * `npm ci` of a package.json and its lockfile into the cache as `<name>-<hash of both>`, unless
 * already there; returns the install folder. A run that finds no install writes into a private
 * folder and renames it into place, so two runs at once never share a half-written node_modules.
 * `source` names where the two files come from, in the log.
 */
export async function installLockedDependencies(name: string, source: string, manifest: object, lockfile: object): Promise<string> {
  const key = createHash('sha256')
    .update(JSON.stringify([manifest, lockfile]))
    .digest('hex')
    .slice(0, 16);
  const target = join(EXAMPLES_CACHE, `${name}-${key}`);
  if (existsSync(join(target, '.installed'))) return target;

  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  writeFileSync(join(partial, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(partial, 'package-lock.json'), JSON.stringify(lockfile, null, 2));
  const started = Date.now();
  await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], partial);
  writeFileSync(join(partial, '.installed'), `${new Date().toISOString()}\n`);
  try {
    renameSync(partial, target);
  } catch {
    // Another run finished the same install first; use that one.
    rmSync(partial, { recursive: true, force: true });
  }
  console.log(`${source}: npm ci into ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Installs for older lockfiles of the same example are dead weight (hundreds of MB each), once no
  // run has used them for a day: another clone on the machine (a branch with another lockfile)
  // may be running its tests in one right now. Each run creates its app folder inside the install,
  // which moves the install's modification time.
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const entry of readdirSync(EXAMPLES_CACHE)) {
    const path = join(EXAMPLES_CACHE, entry);
    if (entry.startsWith(`${name}-`) && entry !== basename(target) && !entry.includes('.partial-') && statSync(path).mtimeMs < dayAgo) {
      rmSync(path, { recursive: true, force: true });
    }
  }
  return target;
}

/** App folders a run left behind when it was killed before its clean-up (older than a day). */
export function removeAbandonedApps(install: string): void {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const entry of readdirSync(install)) {
    const path = join(install, entry);
    if (entry.startsWith('app-') && statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true });
  }
}

/** Packs the repository (dist/ must be built) into `destination`; returns the tarball's path. */
export async function packLibrary(destination: string): Promise<string> {
  const packed = JSON.parse(await run('npm', ['pack', '--json', '--pack-destination', destination], repository)) as Array<{ filename: string }>;
  return join(destination, packed[0]!.filename);
}

/**
 * A fresh copy of examples/<folder> inside its cached install, with svc-uploader (and its own
 * dependencies) installed from `tarball` into the copy's node_modules. Remove it when done.
 */
export async function createExampleApp(folder: string, tarball: string): Promise<string> {
  const install = await installExampleDependencies(folder);
  removeAbandonedApps(install);
  const app = mkdtempSync(join(install, 'app-'));
  // npm installs into the nearest folder with a package.json: an empty one keeps it from
  // reinstalling the example's dependencies, which the cached install already provides.
  writeFileSync(join(app, 'package.json'), '{"private": true, "type": "module"}\n');
  await run('npm', ['install', '--no-save', '--no-package-lock', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], app);
  cpSync(join('examples', folder), app, { recursive: true, filter: (source) => !NOT_SOURCE.has(basename(source)) });
  return app;
}
