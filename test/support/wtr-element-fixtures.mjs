// Server-side fixtures for the <svc-uploader> element tests, mounted on the web-test-runner server:
// - /element-fixtures/files/<name>[?cors=1]  a small deterministic file; `cors=1` lets any origin
//                                             read it (the URL-import success case), without it a
//                                             cross-origin page is refused (the CORS case)
// - /element-fixtures/gate/<id>               POST opens gate <id>
// - /element-fixtures/gated/<id>/<route>      waits until gate <id> opens, then answers as the real
//                                             handler (`api/...`) or as a file (`file/<name>`)
// - /element-fixtures/held/<id>/<n>/api/<route> the real handler, except that multipart part
//                                             signatures after the first <n> wait for gate <id>:
//                                             an upload that stops part-way, at a known percentage
// - /element-fixtures/paced/<ms>/api/<route>  the real handler, except that each multipart part
//                                             signature is answered <ms> later: an upload at a
//                                             steady, known pace, one part at a time
// - /element-fixtures/failing/<route>         an upload handler whose every route answers 500
// - /element-fixtures/processing?key=...      a Server-Sent Events processing result
// `plugins` adds a test command that drives Playwright: choosing files (or a real folder) in a file
// input, as the operating system's picker would.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AWAITED_CONFIRMATION, importSource, mountFetchHandler, testStorageConfig } from './wtr-handler.mjs';

/** The bytes every fixture file serves: deterministic, so tests can compare. */
export function fixtureFileText(name) {
  return `svc-uploader fixture file ${name}\n`.repeat(8);
}

function serveFile(name, cors) {
  const headers = { 'content-type': 'text/plain', 'cache-control': 'no-store' };
  if (cors) Object.assign(headers, { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'content-disposition' });
  if (name === 'missing') return new Response('Not found', { status: 404, headers });
  return new Response(fixtureFileText(name), { headers });
}

function filesRoute(request) {
  const url = new URL(request.url);
  return serveFile(decodeURIComponent(url.pathname.split('/').pop()), url.searchParams.get('cors') === '1');
}

let uploadHandler;
async function realHandler() {
  if (!uploadHandler) {
    const { createUploadHandler } = await importSource('../../server/index.ts');
    uploadHandler = createUploadHandler({
      storage: testStorageConfig(),
      uploadTokenSecret: 'element-tests-upload-token-secret',
      allowAnonymousUploads: true,
      completion: AWAITED_CONFIRMATION,
    });
  }
  return uploadHandler;
}

/** Gates hold requests until a test opens them, so "while uploading" moments are not races. */
const gates = new Map();
function gate(id) {
  let entry = gates.get(id);
  if (!entry) {
    let open;
    const opened = new Promise((resolve) => {
      open = resolve;
    });
    entry = { opened, open };
    gates.set(id, entry);
  }
  return entry;
}

function gateRoute(request) {
  if (request.method !== 'POST') return new Response('POST to open', { status: 405 });
  gate(new URL(request.url).pathname.split('/').pop()).open();
  return Response.json({ open: true });
}

async function gatedRoute(request) {
  const url = new URL(request.url);
  const [, , , id, kind, ...rest] = url.pathname.split('/');
  // Bounded, so a test that never opens its gate does not leave a request hanging for ever.
  await Promise.race([gate(id).opened, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  if (kind === 'file') return serveFile(rest.join('/'), true);
  const handler = await realHandler();
  const body = request.method === 'POST' ? await request.text() : undefined;
  return handler(new Request(`${url.origin}/api/upload/${rest.join('/')}`, { method: request.method, headers: request.headers, body }));
}

/**
 * The held and paced routes act on /multipart/sign-part, so init signs no part ahead there (the
 * engine then signs every part itself, as with a handler that knows no `signParts`).
 */
async function bodyWithoutInitParts(request, route) {
  if (request.method !== 'POST') return undefined;
  const text = await request.text();
  if (route !== 'multipart/init') return text;
  const { signParts, ...rest } = JSON.parse(text);
  return JSON.stringify(rest);
}

const signedParts = new Map();
async function heldRoute(request) {
  const url = new URL(request.url);
  const [, , , id, limit, , ...rest] = url.pathname.split('/');
  const route = rest.join('/');
  if (route === 'multipart/sign-part') {
    const count = (signedParts.get(id) ?? 0) + 1;
    signedParts.set(id, count);
    if (count > Number(limit)) await Promise.race([gate(id).opened, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  }
  const handler = await realHandler();
  const body = await bodyWithoutInitParts(request, route);
  return handler(new Request(`${url.origin}/api/upload/${route}${url.search}`, { method: request.method, headers: request.headers, body }));
}

async function pacedRoute(request) {
  const url = new URL(request.url);
  const [, , , pauseMs, , ...rest] = url.pathname.split('/');
  const route = rest.join('/');
  if (route === 'multipart/sign-part') await new Promise((resolve) => setTimeout(resolve, Math.min(Number(pauseMs) || 0, 10_000)));
  const handler = await realHandler();
  const body = await bodyWithoutInitParts(request, route);
  return handler(new Request(`${url.origin}/api/upload/${route}${url.search}`, { method: request.method, headers: request.headers, body }));
}

async function failingRoute(request) {
  if (request.method === 'POST') await request.text();
  return Response.json({ error: 'Internal error', code: 'STORAGE_ERROR' }, { status: 500 });
}

function processingRoute(request) {
  const key = new URL(request.url).searchParams.get('key');
  const body = `event: complete\ndata: ${JSON.stringify({ key, status: 'complete', thumbnails: 2 })}\n\n`;
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
}

export default [
  mountFetchHandler('/element-fixtures/files', filesRoute),
  mountFetchHandler('/element-fixtures/gate', gateRoute),
  mountFetchHandler('/element-fixtures/gated', gatedRoute),
  mountFetchHandler('/element-fixtures/held', heldRoute),
  mountFetchHandler('/element-fixtures/paced', pacedRoute),
  mountFetchHandler('/element-fixtures/failing', failingRoute),
  mountFetchHandler('/element-fixtures/processing', processingRoute),
];

/** A folder on disk for the select-folder test: `album/` with a nested `album/raw/`. */
function createFolderFixture() {
  const root = mkdtempSync(join(tmpdir(), 'svc-element-folder-'));
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  const album = join(root, 'album');
  mkdirSync(join(album, 'raw'), { recursive: true });
  writeFileSync(join(album, 'cover.txt'), fixtureFileText('cover.txt'));
  writeFileSync(join(album, 'notes.txt'), fixtureFileText('notes.txt'));
  writeFileSync(join(album, 'raw', 'take-1.txt'), fixtureFileText('take-1.txt'));
  return album;
}

let folderFixture;
let diskFileFolder;

/**
 * `svc-disk-file`: a file that lives on disk, so the browser reads it from there when it uploads.
 * `choose` writes `name` with `text` and chooses it in `selector`; `change` rewrites it with
 * `text` (new size and time); `delete` removes it.
 */
async function diskFileCommand(page, { action, selector, name, text }) {
  if (!diskFileFolder) {
    diskFileFolder = mkdtempSync(join(tmpdir(), 'svc-element-disk-'));
    process.once('exit', () => rmSync(diskFileFolder, { recursive: true, force: true }));
  }
  const path = join(diskFileFolder, name.replaceAll('/', '_'));
  if (action === 'delete') rmSync(path, { force: true });
  else writeFileSync(path, text);
  if (action === 'choose') await page.locator(selector).setInputFiles(path);
  return true;
}

/** Test commands (`executeServerCommand`) that need Playwright's page. */
export const plugins = [
  {
    name: 'svc-element-commands',
    async executeCommand({ command, payload, session }) {
      if (command === 'svc-disk-file') return diskFileCommand(session.browser.getPage(session.id), payload);
      if (command !== 'svc-set-input-files') return undefined;
      const page = session.browser.getPage(session.id);
      const files = payload.folder
        ? (folderFixture ??= createFolderFixture())
        : payload.files.map(({ name, mimeType, base64 }) => ({ name, mimeType, buffer: Buffer.from(base64, 'base64') }));
      await page.locator(payload.selector).setInputFiles(files);
      return true;
    },
  },
];
