// Serves the runtime suite's handler with `Bun.serve`, the fetch handler passed as is.
// Usage: bun serve-bun.mjs <bundle> <settings-json>; prints `listening <url>` when ready.
const [bundle, settings] = Bun.argv.slice(2);
const { createSuiteHandler } = await import(bundle);
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: createSuiteHandler(JSON.parse(settings)) });
console.log(`listening http://127.0.0.1:${server.port}`);
