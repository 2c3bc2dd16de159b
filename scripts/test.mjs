#!/usr/bin/env node
// `npm test`: static checks (type-check, lint, dead code, import cycles, generated files), build,
// then every suite against one shared test storage: server tests
// on Node, element and engine tests in a real Chromium, end-to-end tests driving the built demo,
// and the runtime suite (the handler served by Node 20/22/24/26, Bun, Deno and workerd).
// Ends with one line `N passed, N failed` that sums every suite, after the name of each failed test.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLtsNode } from './lib/lts-node.mjs';
import { startTestStorage, toTestEnv } from './storage/test-storage.mjs';

await ensureLtsNode();

const only = new Set(process.argv.slice(2));
const wants = (suite) => only.size === 0 || only.has(suite);
const totals = { passed: 0, failed: 0, skipped: 0 };
/** `suite: test` for every failure, repeated at the end where a truncated log still shows it. */
const failures = [];
const work = mkdtempSync(join(tmpdir(), 'svc-test-'));
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Runs a command, echoing its output; resolves with its exit code and everything it printed. */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** A gate that is not a test (type-check, build) counts as one failure when it fails. */
async function gate(title, command, args) {
  console.log(`\n=== ${title} ===`);
  const { code } = await run(command, args);
  if (code !== 0) {
    totals.failed += 1;
    failures.push(title);
  }
  return code === 0;
}

/**
 * Static checks, two at a time (the machine's two cores), each printed whole once it ends so the
 * outputs do not interleave. A failed one is named with the command that runs it alone.
 */
async function staticChecks(checks) {
  const queue = [...checks];
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const started = Date.now();
      const { code, output } = await runQuietly(check.command, check.args);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n=== ${check.title} (${seconds} s) ===\n${output.trimEnd()}`);
      if (code !== 0) {
        console.log(`\n${check.title} failed: run \`${check.alone}\` to see and fix it alone.`);
        totals.failed += 1;
        failures.push(check.title);
      }
    }
  };
  await Promise.all([worker(), worker()]);
}

/** Runs a command and resolves with its exit code and everything it printed, printing nothing. */
function runQuietly(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const STATIC_CHECKS = [
  { title: 'type-check (tsc --noEmit)', alone: 'npm run typecheck', command: process.execPath, args: ['node_modules/typescript/bin/tsc', '--noEmit'] },
  {
    title: 'formatting (Prettier)',
    alone: 'npm run format:check',
    command: process.execPath,
    args: ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.'],
  },
  {
    title: 'lint (ESLint: style, Lit and custom-element rules, import directions)',
    alone: 'npm run lint',
    command: process.execPath,
    args: ['node_modules/eslint/bin/eslint.js', '.'],
  },
  {
    title: 'unused files, dependencies and exports (knip)',
    alone: 'npm run knip',
    command: process.execPath,
    args: ['node_modules/knip/bin/knip.js', '--no-progress'],
  },
  {
    title: 'exports only tests use are tagged @internal (knip --production)',
    alone: 'npm run knip',
    command: process.execPath,
    args: ['node_modules/knip/bin/knip.js', '--no-progress', '--production', '--exports'],
  },
  {
    title: 'no import cycles, type-only ones included (madge)',
    alone: 'npm run cycles',
    command: process.execPath,
    args: [
      'node_modules/madge/bin/cli.js',
      '--circular',
      '--no-spinner',
      '--ts-config',
      'tsconfig.json',
      '--extensions',
      'ts',
      'elements',
      'engine',
      'protocol',
      'server',
      'locales',
      'styles',
    ],
  },
  {
    title: 'generated API docs are up to date',
    alone: 'node --import tsx scripts/generate-element-docs.ts',
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/generate-element-docs.ts', '--check'],
  },
  {
    title: 'generated element manifest and typings are up to date',
    alone: 'node --import tsx scripts/generate-element-manifest.ts',
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/generate-element-manifest.ts', '--check'],
  },
];

/** Reads node:test's spec summary (`ℹ pass N`...). */
function addNodeTestCounts(output, code) {
  const read = (label) => Number(output.match(new RegExp(`^ℹ ${label} (\\d+)$`, 'm'))?.[1] ?? 0);
  const counts = { passed: read('pass'), failed: read('fail') + read('cancelled'), skipped: read('skipped') + read('todo') };
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

/** The failed tests node:test's spec reporter lists after `✖ failing tests:`: where, which, and why. */
function nodeTestFailures(output) {
  const lines = (output.split(/^✖ failing tests:$/m)[1] ?? '').split('\n');
  const found = [];
  lines.forEach((line, index) => {
    const where = line.match(/^test at (.+?):\d+:\d+$/)?.[1];
    const name = lines[index + 1]?.match(/^✖ (.+?)(?: \([\d.]+m?s\))?$/)?.[1];
    if (where && name) found.push(`${where}: ${name}: ${lines[index + 2]?.trim() ?? ''}`);
  });
  return found;
}

function add(counts, suite, names = []) {
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  if (counts.failed > 0) failures.push(...(names.length > 0 ? names : ['(see its output above)']).map((name) => `${suite}: ${name}`));
}

/** Test files under a folder (node --test expands globs only from Node 21 on). */
function findTestFiles(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

async function nodeSuite(title, folder, env) {
  console.log(`\n=== ${title} ===`);
  const files = findTestFiles(folder);
  const { code, output } = await run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=1', ...files], env);
  add(addNodeTestCounts(output, code), title, nodeTestFailures(output));
}

async function browserSuite(env) {
  console.log('\n=== browser tests (web-test-runner, Chromium) ===');
  const countsFile = join(work, 'wtr-counts.json');
  const { code } = await run(process.execPath, ['node_modules/@web/test-runner/dist/bin.js'], { ...env, SVC_TEST_COUNTS_FILE: countsFile });
  const counts = existsSync(countsFile) ? JSON.parse(readFileSync(countsFile, 'utf8')) : { passed: 0, failed: 1, skipped: 0 };
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  add(counts, 'browser', counts.failures);
}

let storage;
try {
  if (wants('static') || wants('typecheck')) {
    const started = Date.now();
    await staticChecks(STATIC_CHECKS);
    console.log(`\nstatic checks: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const built = !wants('e2e') || (await gate('build', process.execPath, ['scripts/build.mjs']));
  if (['server', 'browser', 'e2e', 'runtimes'].some(wants)) {
    storage = await startTestStorage({ lane: process.env.SVC_STORAGE_LANE || (process.env.CI ? 'rgw' : 'auto') });
    console.log(`\ntest storage: ${storage.kind} at ${storage.endpoint} (bucket ${storage.bucket})`);
    const env = { ...process.env, ...toTestEnv(storage) };
    if (wants('server')) await nodeSuite('server tests (Node)', 'test/server', env);
    if (wants('browser')) await browserSuite(env);
    if (wants('e2e') && built) await nodeSuite('end-to-end tests (Playwright, built demo)', 'test/e2e', env);
    if (wants('runtimes')) {
      // Installs the runtimes into the user cache (~/.cache/svc-uploader/runtimes) on first use (about a minute), then reuses them.
      const started = Date.now();
      await nodeSuite('runtime suite (Node 20/22/24/26, Bun, Deno, workerd)', 'test/runtimes', env);
      console.log(`runtime suite: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }
} catch (error) {
  console.error(error);
  totals.failed += 1;
  failures.push(`test script: ${error.message}`);
} finally {
  await storage?.stop().catch((error) => console.error(`storage stop: ${error.message}`));
  rmSync(work, { recursive: true, force: true });
}

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((name) => `  ${name}`).join('\n')}`);
if (totals.skipped > 0) console.log(`\n${totals.skipped} skipped`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
// A run that executed no test at all is a failure too, unless only the gates were asked for.
const ranNoTest = totals.passed === 0 && !(only.size > 0 && [...only].every((suite) => suite === 'static' || suite === 'typecheck'));
process.exit(totals.failed > 0 || ranNoTest ? 1 : 0);
