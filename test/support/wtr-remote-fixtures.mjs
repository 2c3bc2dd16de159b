// Hostile remote servers for the browser tests of remote content, mounted on the web-test-runner
// server. Every answer allows any origin (CORS), as a remote a user links to might.
// - /remote-fixtures/flood/<id>[?declare=1]  up to 300 MB of zeros, streamed on demand; `declare=1`
//                                            states the full Content-Length up front
// - /remote-fixtures/sent/<id>               JSON {bytes}: how much of flood <id> was produced
// - /remote-fixtures/stall/<name>            answers headers, then never sends a byte
// - /remote-fixtures/slow/<name>?delay=<ms>  a 1 × 1 PNG, answered after `delay` ms (at most 10 s)
// - /remote-fixtures/file/<name>?as=<kind>&type=<content-type>
//                                            `as=html` an HTML page, `as=png` a real PNG
// - /remote-fixtures/tus-escape/...          a tus server whose upload URL holds a malformed
//                                            percent escape (`%E0%A4%A`)
// - /remote-fixtures/tus-elsewhere           a tus server whose creation answers an upload URL on
//                                            a plain-http host elsewhere
// - /remote-fixtures/processing?mode=<mode>  Server-Sent Events: `progress-only` sends only
//                                            messages without a status, then a completion event;
//                                            `verbose-error` a failure of 100,000 characters
// - /remote-fixtures/drive/files/<provider>  a drive listing with malformed entries among good ones
// - /remote-fixtures/image-bomb.png          a valid 20,000 × 20,000 px PNG of about 400 KB
// - /remote-fixtures/hostile-drive/<mode>-<id>/...  a broken or compromised handler's drive routes:
//                                            `stall` never answers, `flood` answers a 300 MB
//                                            listing (produced bytes under <id> at /sent/<id>),
//                                            `verbose` a 500 whose `error` has 100,000 characters
import { imageBomb } from './image-bomb.mjs';
import { mountFetchHandler } from './wtr-handler.mjs';

const CORS = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
const FLOOD_BYTES = 300 * 1024 * 1024;
const CHUNK = new Uint8Array(64 * 1024);

const produced = new Map();

function floodRoute(request) {
  const url = new URL(request.url);
  const id = url.pathname.split('/').pop();
  produced.set(id, 0);
  const body = new ReadableStream(
    {
      pull(controller) {
        const sent = produced.get(id);
        if (sent >= FLOOD_BYTES) return controller.close();
        produced.set(id, sent + CHUNK.byteLength);
        controller.enqueue(CHUNK.slice());
      },
    },
    { highWaterMark: 0 },
  );
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

/** A server slow to answer: nothing at all for `delay` ms, then a whole 1 × 1 PNG. */
async function slowRoute(request) {
  const delay = Math.min(Number(new URL(request.url).searchParams.get('delay')) || 0, 10_000);
  await new Promise((resolve) => setTimeout(resolve, delay));
  return new Response(TINY_PNG, { headers: { ...CORS, 'content-type': 'image/png' } });
}

/**
 * The smallest tus server that finishes an upload: creation answers an upload URL whose last
 * segment holds a malformed percent escape; every PATCH is accepted whole.
 */
async function tusEscapeRoute(request) {
  const headers = { 'tus-resumable': '1.0.0', 'cache-control': 'no-store' };
  if (request.method === 'POST') {
    return new Response(null, { status: 201, headers: { ...headers, location: '/remote-fixtures/tus-escape/files/report%E0%A4%A' } });
  }
  if (request.method === 'PATCH') {
    const received = (await request.arrayBuffer()).byteLength;
    const offset = Number(request.headers.get('upload-offset') ?? 0) + received;
    return new Response(null, { status: 204, headers: { ...headers, 'upload-offset': String(offset) } });
  }
  return new Response(null, { status: 405, headers });
}

function tusElsewhereRoute(request) {
  const headers = { 'tus-resumable': '1.0.0', 'cache-control': 'no-store' };
  if (request.method !== 'POST') return new Response(null, { status: 405, headers });
  return new Response(null, { status: 201, headers: { ...headers, location: 'http://storage.example.test/files/elsewhere' } });
}

/**
 * `progress-only`: status-less progress messages (JSON and plain text), then the result event.
 * `verbose-error`: a failure whose `error` is an object of 100,000 characters.
 */
function processingRoute(request) {
  const url = new URL(request.url);
  const key = url.searchParams.get('key');
  const body =
    url.searchParams.get('mode') === 'verbose-error'
      ? `data: ${JSON.stringify({ status: 'failed', error: { detail: 'x'.repeat(100_000) } })}\n\n`
      : [
          `data: ${JSON.stringify({ progress: 10, key })}\n\n`,
          'data: 50%\n\n',
          `event: complete\ndata: ${JSON.stringify({ key, variants: ['small'] })}\n\n`,
        ].join('');
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
}

/** A listing whose provider answered entries of the wrong shape among well-formed ones. */
function driveListingRoute() {
  const files = [
    { id: 'good-file', name: 'report.pdf', isFolder: false, size: 1200, mimeType: 'application/pdf' },
    { id: 'good-folder', name: 'Photos', isFolder: true },
    { id: 7, name: 'numeric id', isFolder: false },
    { id: 'object-name', name: { text: 'object name' }, isFolder: false },
    { id: 'size-text', name: 'size as text', isFolder: false, size: '12' },
    { id: 'flag-text', name: 'folder flag as text', isFolder: 'yes' },
    { id: 'mime-number', name: 'numeric type', isFolder: false, mimeType: 5 },
    { id: 'huge-name', name: 'x'.repeat(5000), isFolder: false },
    null,
    'just a string',
  ];
  return Response.json({ files, nextCursor: 12 }, { headers: { 'cache-control': 'no-store' } });
}

function hostileDriveRoute(request) {
  const [mode, ...rest] = new URL(request.url).pathname.split('/')[3].split('-');
  const id = rest.join('-');
  if (mode === 'stall') {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(new Response(null, { status: 503 })), 60_000);
      request.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve(new Response(null, { status: 499 }));
      });
    });
  }
  if (mode === 'verbose') return Response.json({ error: 'x'.repeat(100_000), code: 'y'.repeat(1000) }, { status: 500 });
  produced.set(id, 0);
  const head = new TextEncoder().encode('{"files":[],"padding":"');
  const pad = new Uint8Array(CHUNK.byteLength).fill(0x78);
  const body = new ReadableStream(
    {
      pull(controller) {
        const sent = produced.get(id);
        if (sent >= FLOOD_BYTES) return controller.close();
        produced.set(id, sent + CHUNK.byteLength);
        controller.enqueue(sent === 0 ? head : pad.slice());
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

async function imageBombRoute() {
  return new Response(await imageBomb(), { headers: { ...CORS, 'content-type': 'image/png' } });
}

export default [
  mountFetchHandler('/remote-fixtures/flood', floodRoute),
  mountFetchHandler('/remote-fixtures/sent', sentRoute),
  mountFetchHandler('/remote-fixtures/stall', stallRoute),
  mountFetchHandler('/remote-fixtures/slow', slowRoute),
  mountFetchHandler('/remote-fixtures/file', fileRoute),
  mountFetchHandler('/remote-fixtures/tus-escape', tusEscapeRoute),
  mountFetchHandler('/remote-fixtures/tus-elsewhere', tusElsewhereRoute),
  mountFetchHandler('/remote-fixtures/processing', processingRoute),
  mountFetchHandler('/remote-fixtures/drive/files/google-drive', driveListingRoute),
  mountFetchHandler('/remote-fixtures/image-bomb.png', imageBombRoute),
  mountFetchHandler('/remote-fixtures/hostile-drive', hostileDriveRoute),
];
