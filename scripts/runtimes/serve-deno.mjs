// Serves the runtime suite's handler with `Deno.serve`, the fetch handler passed as is.
// Usage: deno run --allow-net --allow-env --allow-read serve-deno.mjs <bundle> <settings-json>;
// prints `listening <url>` when ready.
const [bundle, settings] = Deno.args;
const { createSuiteHandler } = await import(new URL(`file://${bundle}`).href);
Deno.serve(
  { port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(`listening http://127.0.0.1:${port}`) },
  createSuiteHandler(JSON.parse(settings)),
);
