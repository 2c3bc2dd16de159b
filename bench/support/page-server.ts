/**
 * Serves one page module to a benchmark's Chromium: the module bundled with esbuild (minified, as a
 * page would ship it) behind a blank HTML page on a loopback port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';

export interface PageServer {
  origin: string;
  close(): void;
}

export async function servePageModule(entry: URL): Promise<PageServer> {
  const bundle = await build({ entryPoints: [entry.pathname], bundle: true, format: 'esm', minify: true, write: false, logLevel: 'silent' });
  const script = bundle.outputFiles[0]!.text;
  const server = createServer((request, response) => {
    if (request.url === '/bench.js') response.writeHead(200, { 'content-type': 'application/javascript' }).end(script);
    else response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><meta charset="utf-8"><script type="module" src="/bench.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
