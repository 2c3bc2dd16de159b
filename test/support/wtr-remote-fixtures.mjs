// Hostile remote servers for the browser tests of remote content, mounted on the web-test-runner
// server. Every answer allows any origin (CORS), as a remote a user links to might.
// - /remote-fixtures/flood/<id>[?declare=1]  up to 300 MB of zeros, streamed on demand; `declare=1`
//                                            states the full Content-Length up front
// - /remote-fixtures/sent/<id>               JSON {bytes}: how much of flood <id> was produced
// - /remote-fixtures/stall/<name>            answers headers, then never sends a byte
// - /remote-fixtures/file/<name>?as=<kind>&type=<content-type>
//                                            `as=html` an HTML page, `as=png` a real PNG
// - /remote-fixtures/tus-escape/...          a tus server whose upload URL holds a malformed
//                                            percent escape (`%E0%A4%A`)
// - /remote-fixtures/processing?mode=<mode>  Server-Sent Events: `progress-only` sends only
//                                            messages without a status, then a completion event
// - /remote-fixtures/drive/files/<provider>  a drive listing with malformed entries among good ones
import { mountFetchHandler } from './wtr-handler.mjs';

const CORS = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
const FLOOD_BYTES = 300 * 1024 * 1024;
const CHUNK = new Uint8Array(64 * 1024);

const produced = new Map();

function floodRoute(request) {
  const url = new URL(request.url);
  const id = url.pathname.split('/').pop();
  produced.set(id, 0);
  const body = new ReadableStream({
    pull(controller) {
      const sent = produced.get(id);
      if (sent >= FLOOD_BYTES) return controller.close();
      produced.set(id, sent + CHUNK.byteLength);
      controller.enqueue(CHUNK.slice());
    },
  }, { highWaterMark: 0 });
  const headers = { ...CORS, 'content-type': 'application/octet-stream' };
  if (url.searchParams.get('declare') === '1') headers['content-length'] = String(FLOOD_BYTES);
  return new Response(body, { headers });
}

function sentRoute(request) {
  const id = new URL(request.url).pathname.split('/').pop();
  return Response.json({ bytes: produced.get(id) ?? 0 }, { headers: CORS });
}

function stallRoute() {
  let timer;
  const body = new ReadableStream({
    start(controller) {
      // Closed eventually, so an abandoned request does not hold the server for ever.
      timer = setTimeout(() => controller.close(), 60_000);
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  return new Response(body, { headers: { ...CORS, 'content-type': 'image/png' } });
}

/** A 1 × 1 PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function fileRoute(request) {
  const url = new URL(request.url);
  const kind = url.searchParams.get('as');
  const body = kind === 'png' ? TINY_PNG : '<!doctype html><html><body><script>alert(1)</script></body></html>';
  const type = url.searchParams.get('type') ?? (kind === 'png' ? 'image/png' : 'text/html');
  return new Response(body, { headers: { ...CORS, 'content-type': type } });
}

export default [
  mountFetchHandler('/remote-fixtures/flood', floodRoute),
  mountFetchHandler('/remote-fixtures/sent', sentRoute),
  mountFetchHandler('/remote-fixtures/stall', stallRoute),
  mountFetchHandler('/remote-fixtures/file', fileRoute),
];
