// Starts the runtime suite's handler on one runtime, as a child process that prints
// `listening <url>`; resolves with that URL and a stop function.
// @ts-check
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @typedef {import('./install.mjs').InstalledRuntime} InstalledRuntime */
/** @typedef {import('./bundle.mjs').RuntimeBundles} RuntimeBundles */
/**
 * @typedef {object} RunningServer
 * @property {string} url
 * @property {() => Promise<void>} stop
 * @property {() => string} output
 */

const here = (/** @type {string} */ file) => fileURLToPath(new URL(file, import.meta.url));
const READY_TIMEOUT_MS = 60_000;

/**
 * The binary of an installed runtime, or the module to import (Miniflare).
 * @param {InstalledRuntime | undefined} runtime
 * @param {'binary' | 'module'} kind
 * @returns {string}
 */
function installed(runtime, kind) {
  if (runtime && kind in runtime) return /** @type {Record<typeof kind, string>} */ (runtime)[kind];
  throw new Error(`the runtime has no ${kind}: ${JSON.stringify(runtime)}`);
}

/**
 * The command line of each runtime's server; `runtimes` is ensureRuntimes()'s answer.
 * @param {string} name
 * @param {Record<string, InstalledRuntime>} runtimes
 * @param {RuntimeBundles} bundles
 * @param {object} settings
 * @returns {[string, string[]]}
 */
export function serverCommand(name, runtimes, bundles, settings) {
  const json = JSON.stringify(settings);
  switch (name) {
    case 'node20':
    case 'node22':
    case 'node24':
    case 'node26':
      return [installed(runtimes[name], 'binary'), [here('serve-node.mjs'), bundles.nodeLike, json]];
    case 'bun':
      return [installed(runtimes.bun, 'binary'), [here('serve-bun.mjs'), bundles.nodeLike, json]];
    // The permissions docs/server.md gives Deno users; reading is only for importing the bundle by path.
    case 'deno':
      return [
        installed(runtimes.deno, 'binary'),
        [
          'run',
          '--allow-net',
          '--allow-env',
          '--allow-sys=osRelease',
          `--allow-read=${dirname(bundles.nodeLike)}`,
          '--no-prompt',
          here('serve-deno.mjs'),
          bundles.nodeLike,
          json,
        ],
      ];
    // The Workers entry needs no compatibility flag; most Workers projects turn on nodejs_compat.
    case 'workerd':
      return [
        installed(runtimes.node24, 'binary'),
        [here('serve-workerd.mjs'), installed(runtimes.miniflare, 'module'), bundles.worker, json, 'nodejs_compat'],
      ];
    case 'workerd-no-flags':
      return [installed(runtimes.node24, 'binary'), [here('serve-workerd.mjs'), installed(runtimes.miniflare, 'module'), bundles.worker, json, '']];
    default:
      throw new Error(`unknown runtime ${name}`);
  }
}

/**
 * `env` is laid over this process's environment; a variable set to `undefined` is removed.
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string | undefined>} [env]
 * @returns {Promise<RunningServer>}
 */
export function startServer(command, args, env = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', ...env } });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const fail = (/** @type {string} */ reason) => {
      void stop();
      reject(new Error(`${reason}\n${output.slice(-4000)}`));
    };
    const timer = setTimeout(() => fail(`no "listening" line within ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS);
    const read = (/** @type {Buffer} */ chunk) => {
      output += chunk;
      const match = /^listening (\S+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], stop, output: () => output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(`server exited with ${code} before listening`);
    });
  });
}
