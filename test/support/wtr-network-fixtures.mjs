// A scripted handler and storage in front of the real ones, for the engine's network tests:
// - POST /test-fixtures/network-plans                 registers a script; GET .../<id> reads its log
// - /test-fixtures/network/<id>/<route>               the real upload handler, except that a route's
//                                                     queued answers are played first (a canned answer,
//                                                     a hang, fields rewritten into the real answer,
//                                                     the real answer lost after the handler committed)
// - /test-fixtures/network-storage/<id>/<n>?target=   storage as seen through a scripted link: the
//                                                     queued answers of upload URL n, then the real
//                                                     presigned URL `target`
// Everything is same-origin with the test page, so the browser reads every header it is sent.
// The fault-injecting proxy scenarios (wtr-fault-proxy-fixtures.mjs) are mounted from here too.
import { AWAITED_CONFIRMATION, importSource, testStorageConfig } from './wtr-handler.mjs';
import { toNodeHandler } from 'srvx/node';
import faultProxyFixtures from './wtr-fault-proxy-fixtures.mjs';

const UPLOAD_TOKEN_SECRET = 'browser-tests-upload-token-secret';
/** A hang lasts at most this long, so nothing lingers after the client gave up. */
const HANG_MS = 20_000;

let realHandler;
async function handler() {
  if (!realHandler) {
    const { createUploadHandler } = await importSource('../../server/index.ts');
    realHandler = createUploadHandler({
      storage: testStorageConfig(),
      uploadTokenSecret: UPLOAD_TOKEN_SECRET,
      allowAnonymousUploads: true,
      completion: AWAITED_CONFIRMATION,
    });
  }
  return realHandler;
}

/**
 * A script: `handler[route]` and `storage[partNumber or 'file']` are lists of answers played in
 * order, one per request; when a list runs out the real thing answers.
 */
const plans = new Map();

function createPlan(spec) {
  const id = crypto.randomUUID();
  plans.set(id, {
    handler: Object.fromEntries(Object.entries(spec.handler ?? {}).map(([route, answers]) => [route, [...answers]])),
    storage: Object.fromEntries(Object.entries(spec.storage ?? {}).map(([target, answers]) => [target, [...answers]])),
    log: { handler: [], storage: [] },
  });
  return id;
}

/** A canned answer; `{plan}` in its body and headers stands for the plan id (for URLs back into the script). */
function cannedResponse(answer, id, request, log) {
  const text = typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
  const body = text.replaceAll('{plan}', id);
  if (answer.padBytes) return paddedResponse(answer, body, request, log);
  const headers = Object.fromEntries(Object.entries(answer.headers ?? {}).map(([name, value]) => [name, value.replaceAll('{plan}', id)]));
  return new Response(body, { status: answer.status ?? 200, headers });
}

const PAD_CHUNK = new TextEncoder().encode('x'.repeat(64 * 1024));

/**
 * An enormous answer: the body with `padBytes` bytes of `x` in place of `{pad}`, sent 64 KiB at a
 * time (a pause between chunks, so the client sees it arrive), without a Content-Length. The log
 * says whether the client read it all (`read all N bytes`) or gave up (`cancelled after N bytes`).
 */
function paddedResponse(answer, body, request, log) {
  const [head, tail = ''] = body.split('{pad}');
  const encoder = new TextEncoder();
  let padLeft = answer.padBytes;
  let sent = 0;
  let started = false;
  let done = false;
  const finish = (entry) => {
    if (done) return;
    done = true;
    log.push(entry);
  };
  request.signal?.addEventListener('abort', () => finish(`cancelled after ${sent} bytes`));
  const stream = new ReadableStream({
    async pull(controller) {
      if (done) return;
      if (!started) {
        started = true;
        sent += head.length;
        controller.enqueue(encoder.encode(head));
        return;
      }
      if (padLeft > 0) {
        await new Promise((resolve) => setTimeout(resolve, answer.paceMs ?? 2));
        const chunk = PAD_CHUNK.subarray(0, Math.min(padLeft, PAD_CHUNK.byteLength));
        padLeft -= chunk.byteLength;
        sent += chunk.byteLength;
        controller.enqueue(chunk);
        return;
      }
      sent += tail.length;
      controller.enqueue(encoder.encode(tail));
      controller.close();
      finish(`read all ${sent} bytes`);
    },
    cancel() {
      finish(`cancelled after ${sent} bytes`);
    },
  });
  return new Response(stream, { status: answer.status ?? 200, headers: answer.headers ?? {} });
}

function hang(request) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(new Response('late', { status: 503 })), HANG_MS);
    request.signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(new Response(null, { status: 499 }));
    });
  });
}

/** Points an answer's upload URL at the scripted storage link, keeping the real URL as its target. */
function throughStorageLink(answer, origin, id, slot) {
  if (typeof answer?.uploadUrl !== 'string') return answer;
  return { ...answer, uploadUrl: `${origin}/test-fixtures/network-storage/${id}/${slot}?target=${encodeURIComponent(answer.uploadUrl)}` };
}

/** The handler did its work; the connection breaks after the status line, before the body. */
function lostAnswer() {
  const body = new ReadableStream({
    pull(controller) {
      controller.error(new Error('connection lost'));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

async function scriptedHandler(request, plan, id, route) {
  const body = request.method === 'POST' ? await request.text() : undefined;
  const parsed = body ? JSON.parse(body) : {};
  const answer = plan.handler[route]?.shift();
  plan.log.handler.push(answer ? `${route} scripted` : route);
  if (answer?.hang) return hang(request);
  if (answer?.status !== undefined) return cannedResponse(answer, id, request, plan.log.handler);
  const inner = await handler();
  const response = await inner(new Request(request.url, { method: request.method, headers: request.headers, body }));
  if (!response.ok || !response.headers.get('content-type')?.includes('json')) return response;
  let json = await response.json();
  if (answer?.rewrite) json = { ...json, ...answer.rewrite };
  const origin = new URL(request.url).origin;
  if (route === 'presign') json = throughStorageLink(json, origin, id, 'file');
  if (route === 'multipart/sign-part') json = throughStorageLink(json, origin, id, String(parsed.partNumber));
  // Init signs the first parts too: their URLs go through the same scripted link as sign-part's.
  if (route === 'multipart/init' && Array.isArray(json.parts)) {
    json = { ...json, parts: json.parts.map((part) => throughStorageLink(part, origin, id, String(part.partNumber))) };
  }
  if (answer?.rewriteUploadUrl) json.uploadUrl = answer.rewriteUploadUrl;
  if (answer?.dropAnswer) return lostAnswer();
  return Response.json(json, { status: response.status });
}

async function scriptedStorage(request, plan, id, slot) {
  const target = new URL(request.url).searchParams.get('target');
  const answer = plan.storage[slot]?.shift();
  const body = await request.arrayBuffer();
  plan.log.storage.push(`${slot} ${answer ? 'scripted' : target ? 'stored' : 'accepted'} ${body.byteLength}`);
  if (answer?.hang) return hang(request);
  if (answer) return cannedResponse(answer, id, request, plan.log.storage);
  // No real URL behind it: a storage that takes anything, as S3 would answer a stored PUT.
  if (!target) return new Response(null, { status: 200, headers: { etag: '"accepted"' } });
  // Every header the presigned URL may sign goes through, as the browser sent it.
  const headers = {};
  for (const [name, value] of request.headers) {
    if (['content-type', 'content-md5', 'content-disposition', 'cache-control'].includes(name) || name.startsWith('x-amz-')) headers[name] = value;
  }
  const stored = await fetch(target, { method: 'PUT', body, headers });
  return new Response(await stored.arrayBuffer(), { status: stored.status, headers: { etag: stored.headers.get('etag') ?? '' } });
}

async function networkEndpoint(request) {
  const url = new URL(request.url);
  const [, , kind, id, ...rest] = url.pathname.split('/');
  if (kind === 'network-plans') {
    if (request.method === 'POST') return Response.json({ id: createPlan(await request.json()) });
    const plan = plans.get(id);
    return plan ? Response.json(plan.log) : Response.json({ error: 'Not found' }, { status: 404 });
  }
  const plan = plans.get(id);
  if (!plan) return Response.json({ error: 'Unknown plan' }, { status: 404 });
  if (kind === 'network-storage') return scriptedStorage(request, plan, id, rest[0]);
  return scriptedHandler(request, plan, id, rest.join('/'));
}

const nodeHandler = toNodeHandler(networkEndpoint);
const PREFIXES = ['/test-fixtures/network-plans', '/test-fixtures/network/', '/test-fixtures/network-storage/'];

async function networkMiddleware(context, next) {
  if (!PREFIXES.some((prefix) => context.path.startsWith(prefix))) return next();
  context.respond = false;
  await nodeHandler(context.req, context.res);
}

export default [networkMiddleware, ...faultProxyFixtures];
