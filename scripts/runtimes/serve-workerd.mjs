// Serves the runtime suite's Worker in workerd through Miniflare, with the compatibility settings
// docs/server.md gives Workers users. Miniflare wants Node >= 22, so the suite runs this file on
// one of the Node lines it installed.
// Usage: node serve-workerd.mjs <miniflare-module> <worker-bundle> <settings-json> [flags];
// `flags` is a comma-separated list of compatibility flags (`nodejs_compat`, or empty for none).
// Prints `listening <url>` when ready.
import { pathToFileURL } from 'node:url';

/** The newest date this workerd (1.20260730) accepts; later dates refuse to start. */
export const WORKERS_COMPATIBILITY_DATE = '2026-07-30';

const [miniflareModule, worker, settings, flags = ''] = process.argv.slice(2);
const { Miniflare } = await import(pathToFileURL(miniflareModule).href);
const miniflare = new Miniflare({
  modules: true,
  scriptPath: worker,
  compatibilityDate: WORKERS_COMPATIBILITY_DATE,
  compatibilityFlags: flags.split(',').filter(Boolean),
  bindings: { SUITE_SETTINGS: JSON.parse(settings) },
  host: '127.0.0.1',
  port: 0,
});
const url = await miniflare.ready;
console.log(`listening ${url.origin}`);
const stop = async () => {
  await miniflare.dispose();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
