// Serves the runtime suite's handler with `node:http` and the package's Node listener.
// Usage: node serve-node.mjs <bundle> <settings-json>; prints `listening <url>` when ready.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const [bundle, settings] = process.argv.slice(2);
const { createSuiteHandler, toNodeListener } = await import(pathToFileURL(bundle).href);
const server = createServer(toNodeListener(createSuiteHandler(JSON.parse(settings))));
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
