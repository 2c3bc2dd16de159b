// Element and engine tests in a real Chromium. The real upload handler is mounted on the test
// server at /api/upload, backed by the storage that scripts/with-storage.mjs started.
import { existsSync } from 'node:fs';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { findBrowser, BROWSER_ARGS } from './scripts/lib/find-browser.mjs';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { createHandlerMiddleware } from './test/support/wtr-handler.mjs';
import { countReporter } from './test/support/wtr-count-reporter.mjs';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Optional fixture middlewares (tus server, token endpoint, CORS origins...) that suites add. */
async function loadFixtures(...paths) {
  const lists = await Promise.all(paths.filter((path) => existsSync(new URL(path, import.meta.url))).map(async (path) => (await import(path)).default ?? []));
  return lists.flat();
}

/** Optional test-command plugins (`export const plugins`) of the same fixture modules. */
async function loadFixturePlugins(...paths) {
  const lists = await Promise.all(paths.filter((path) => existsSync(new URL(path, import.meta.url))).map(async (path) => (await import(path)).plugins ?? []));
  return lists.flat();
}

/**
 * A module worker is started by URL (`new URL('./image-worker.js', import.meta.url)`), which the
 * test server's import rewriting never sees: such a request for a `.js` file that exists only as
 * `.ts` source gets the source, compiled like every other module.
 */
function serveWorkerSources() {
  return (context, next) => {
    const path = context.path;
    if ((path.startsWith('/elements/') || path.startsWith('/engine/')) && path.endsWith('.js')) {
      const source = new URL(`.${path.slice(0, -3)}.ts`, import.meta.url);
      if (!existsSync(new URL(`.${path}`, import.meta.url)) && existsSync(source)) context.path = `${path.slice(0, -3)}.ts`;
    }
    return next();
  };
}

const FIXTURE_MODULES = [
  './test/support/wtr-fixtures.mjs',
  './test/support/wtr-network-fixtures.mjs',
  './test/support/wtr-element-fixtures.mjs',
  './test/support/wtr-drive-fixtures.mjs',
  './test/support/wtr-screenshot-commands.mjs',
  './test/support/wtr-remote-fixtures.mjs',
  './test/support/wtr-refusal-fixtures.mjs',
  './test/support/wtr-hostile-media-fixtures.mjs',
];

export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 1,
  // Watchdogs, not measurements: on a loaded 2-core machine starting Chromium, or an upload test
  // that waits on real storage, can take several times its usual time.
  browserStartTimeout: 2 * 60_000,
  testsStartTimeout: 2 * 60_000,
  testsFinishTimeout: 10 * 60_000,
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: new URL('./tsconfig.json', import.meta.url).pathname }),
    ...(await loadFixturePlugins(...FIXTURE_MODULES)),
  ],
  middleware: [serveWorkerSources(), await createHandlerMiddleware('/api/upload'), ...(await loadFixtures(...FIXTURE_MODULES))],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: findBrowser(), headless: true, args: BROWSER_ARGS },
    }),
  ],
  reporters: [
    defaultReporter(),
    summaryReporter({ flatten: false }),
    ...(process.env.SVC_TEST_COUNTS_FILE ? [countReporter(process.env.SVC_TEST_COUNTS_FILE)] : []),
  ],
  testFramework: { config: { timeout: 120_000 } },
};
