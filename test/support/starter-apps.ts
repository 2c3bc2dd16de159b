// Apps made like each framework's official starter (create-vite's templates, nuxt/starter, sv create),
// with svc-uploader installed from the packed tarball, for tests that run a framework's own tools on
// what a new user gets. test/starters/<kit>/ holds one kit per framework: a package.json pinning the
// framework's packages exactly, its lockfile, and the starter apps that share them (vue: a Vite app
// and a Nuxt app; svelte: a Vite app and a SvelteKit app; react; plain: TypeScript alone). The kit
// is installed with `npm ci` once per lockfile into the examples cache (example-install.ts). Each
// run installs the tarball once (installPackedLibrary) and copies that node_modules, with the apps,
// into a fresh folder inside each kit's install, so every app resolves svc-uploader from its own
// folder and the framework's packages from the kit's.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { installLockedDependencies, removeAbandonedApps } from './example-install.js';
import { run } from './run-command.js';

/** Build output and installs that are never copied from a starter app. */
const NOT_SOURCE = new Set(['node_modules', '.nuxt', '.output', '.svelte-kit']);

export interface StarterApps {
  /** The folder of one starter app of the kit, e.g. `app('vite-app')`. */
  app(name: string): string;
  /** A script of a package the kit installed, e.g. `tool('vue-tsc/bin/vue-tsc.js')`. */
  tool(path: string): string;
  remove(): void;
}

/**
 * `npm install <tarball>` into `folder` (created), as a user's project gets it: svc-uploader and
 * its own dependencies in `folder/node_modules`. Returns `folder`.
 */
export async function installPackedLibrary(tarball: string, folder: string): Promise<string> {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), '{"private": true, "type": "module"}\n');
  await run('npm', ['install', '--no-save', '--no-package-lock', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], folder);
  return folder;
}

/**
 * Installs test/starters/<kit> (cached) and copies its apps into a fresh folder inside the install,
 * with the node_modules of `library` (from installPackedLibrary) beside them.
 */
export async function createStarterApps(kit: string, library: string): Promise<StarterApps> {
  const source = join('test', 'starters', kit);
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as object;
  const lockfile = JSON.parse(readFileSync(join(source, 'package-lock.json'), 'utf8')) as object;
  const install = await installLockedDependencies(`starter-${kit}`, source, manifest, lockfile);
  removeAbandonedApps(install);
  const folder = mkdtempSync(join(install, 'app-'));
  cpSync(join(library, 'node_modules'), join(folder, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    cpSync(join(source, entry.name), join(folder, entry.name), { recursive: true, filter: (path) => !NOT_SOURCE.has(basename(path)) });
  }
  return {
    app: (name) => join(folder, name),
    tool: (path) => join(install, 'node_modules', path),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

export interface CheckerRun {
  exitCode: number;
  output: string;
}

/** A checker that has not finished by then is stuck (the slowest, nuxt typecheck, takes under a minute here). */
const CHECKER_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Runs a checker's script with `node` in `cwd`; resolves with its exit code and output, whatever they
 * are (a checker that finds errors exits non-zero, which the caller asserts on).
 */
export function runChecker(node: string, script: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CheckerRun> {
  return new Promise((resolve) => {
    const options = { cwd, timeout: CHECKER_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', ...env } };
    execFile(node, [script, ...args], options, (error, stdout, stderr) => {
      const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ exitCode, output: `${stdout}${stderr}` });
    });
  });
}

/** One error a checker reported: `src/App.vue:13 Type 'string' is not assignable to type 'number'.` */
export type Diagnostic = string;

/**
 * The errors in tsc's plain output (`--pretty false`, which vue-tsc and `nuxt typecheck` print
 * too): `src/App.vue(13,18): error TS2322: message`, with paths relative to `cwd`.
 */
export function tscErrors(output: string, cwd: string): Diagnostic[] {
  return [...output.matchAll(/^(.+?)\((\d+),\d+\): error TS\d+: (.+)$/gm)].map(
    ([, file, line, message]) => `${relative(cwd, join(cwd, file!))}:${line} ${message}`,
  );
}

/** The errors in svelte-check's `--output machine` lines: `<time> ERROR "src/App.svelte" 10:15 "message"`. */
export function svelteCheckErrors(output: string): Diagnostic[] {
  return [...output.matchAll(/^\d+ ERROR "(.+?)" (\d+):\d+ "(.+)"$/gm)].map(([, file, line, message]) => `${file}:${line} ${message}`);
}

/** The 1-based line of `file` that contains `text` (exactly one must). */
export function lineOf(file: string, text: string): number {
  const lines = readFileSync(file, 'utf8').split('\n');
  const found = lines.flatMap((line, index) => (line.includes(text) ? [index + 1] : []));
  if (found.length !== 1) throw new Error(`${file} has ${found.length} lines with ${JSON.stringify(text)}, not one`);
  return found[0]!;
}
