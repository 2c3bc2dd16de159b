/**
 * The server entries as hosts run them: the modules `node scripts/build.mjs` compiled into dist/,
 * not the TypeScript sources (which tsx compiles with extra wrappers around every function a
 * request creates, a cost no host pays).
 */
import { access } from 'node:fs/promises';

type ServerEntry = typeof import('../../server/index.js');
type TracingEntry = typeof import('../../server/opentelemetry.js');
type MetricsEntry = typeof import('../../server/prometheus.js');
type NodeEntry = typeof import('../../server/node.js');

const BUILT = new URL('../../dist/server/', import.meta.url);

export async function importBuiltServer(): Promise<Pick<ServerEntry, 'createUploadHandler'> & TracingEntry & MetricsEntry & NodeEntry> {
  try {
    await access(new URL('index.js', BUILT));
  } catch {
    throw new Error('bench: dist/server/ is missing; run `node scripts/build.mjs` first');
  }
  const [server, tracing, metrics, node] = await Promise.all([
    import(new URL('index.js', BUILT).href) as Promise<ServerEntry>,
    import(new URL('opentelemetry.js', BUILT).href) as Promise<TracingEntry>,
    import(new URL('prometheus.js', BUILT).href) as Promise<MetricsEntry>,
    import(new URL('node.js', BUILT).href) as Promise<NodeEntry>,
  ]);
  return { createUploadHandler: server.createUploadHandler, ...tracing, ...metrics, ...node };
}
