// Server-side fixtures for the engine's browser tests, mounted on the web-test-runner server:
// - /test-fixtures/client-token    a client-mode token endpoint built on s3GeneratePresignedUrl
// - /test-fixtures/plans           registers a fault plan; GET /test-fixtures/plans/<id> reads its log
// - /test-fixtures/faulty/<id>/... the real upload handler behind a fault plan (failed, stalled or
//                                  expired answers on chosen requests; everything else untouched).
//                                  Its faults act on /multipart/sign-part, so unless the plan says
//                                  `initSignsParts` it drops init's `signParts`, answering as a
//                                  handler that signs no part at init does. `loseUpload` aborts the
//                                  upload in storage just before a chosen request reaches the handler.
// - /test-fixtures/broken-part     a storage stand-in that answers 503 (target of planned failures)
// - /test-fixtures/stalled-part    accepts a part and never answers (partTimeoutMs watchdog)
// - /test-fixtures/tus             a real @tus/server with a file store in a temporary folder
// - /test-fixtures/processing      a Server-Sent Events processing stream (?mode=ok|error|silent)
// - /test-fixtures/header-spellings the real handler whose /presign answer names Content-Type in
//                                  two spellings (as servers old and new spell it) plus Content-Length
// It also serves tus-js-client's browser build as one ES module: the test server resolves the
// package's Node entry and does not convert its CommonJS dependencies, which bundlers (Vite) do.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Server as TusServer } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { AWAITED_CONFIRMATION, importSource, mountFetchHandler, testStorageConfig } from './wtr-handler.mjs';

const UPLOAD_TOKEN_SECRET = 'browser-tests-upload-token-secret';
let serverModule;
function server() {
  serverModule ??= importSource('../../server/index.ts');
  return serverModule;
}

async function clientTokenEndpoint(request) {
  if (request.method !== 'POST') return Response.json({ error: 'Not found' }, { status: 404 });
  const { s3GeneratePresignedUrl } = await server();
  const storage = testStorageConfig();
  const body = await request.json();
  try {
    const result = await s3GeneratePresignedUrl({
      bucketName: storage.bucket,
      provider: body.provider ?? 'aws',
      origin: request.headers.get('origin') ?? new URL(request.url).origin,
      fileParams: { name: body.name, type: body.type, size: body.size },
      customProps: body.customProps,
      s3ClientConfig: { region: storage.region, credentials: storage.credentials, endpoint: storage.endpoint, forcePathStyle: true },
    });
    return Response.json(result);
  } catch (error) {
    return Response.json({ error: error.message, code: error.code }, { status: error.status ?? 500 });
  }
}

/** Fault plans: how many times a request kind misbehaves, and what the handler saw. */
const plans = new Map();

function createPlan(spec) {
  const id = crypto.randomUUID();
  plans.set(id, {
    failParts: { ...spec.failParts },
    stallParts: { ...spec.stallParts },
    expire: { ...spec.expire },
    fail: { ...spec.fail },
    signDelayMs: spec.signDelayMs ?? 0,
    signExpiresIn: spec.signExpiresIn,
    initSignsParts: spec.initSignsParts === true,
    initExpiresIn: spec.initExpiresIn,
    initPartsMalformed: spec.initPartsMalformed === true,
    loseUpload: { ...spec.loseUpload },
    log: {
      signedParts: [],
      initParts: [],
      resumes: 0,
      completes: 0,
      aborts: 0,
      expiredAnswers: 0,
      failedAnswers: 0,
      bodies: {},
      lostUploads: 0,
      lastToken: undefined,
      statuses: [],
    },
  });
  return id;
}

async function plansEndpoint(request) {
  const url = new URL(request.url);
  if (request.method === 'POST') return Response.json({ id: createPlan(await request.json()) });
  const plan = plans.get(url.pathname.split('/').pop());
  return plan ? Response.json(plan.log) : Response.json({ error: 'Not found' }, { status: 404 });
}

let innerHandler;
async function faultyHandler(request) {
  const { createUploadHandler } = await server();
  innerHandler ??= createUploadHandler({
    storage: testStorageConfig(),
    uploadTokenSecret: UPLOAD_TOKEN_SECRET,
    allowAnonymousUploads: true,
    completion: AWAITED_CONFIRMATION,
  });
  const url = new URL(request.url);
  const plan = plans.get(url.pathname.split('/')[3]);
  if (!plan) return Response.json({ error: 'Unknown fault plan' }, { status: 404 });
  const route = url.pathname.split('/').slice(4).join('/');
  const sent = request.method === 'POST' ? await request.text() : undefined;
  let body = sent;
  if (route === 'multipart/init' && !plan.initSignsParts) {
    const { signParts, ...rest } = JSON.parse(sent);
    body = JSON.stringify(rest);
  }
  const forward = () => innerHandler(new Request(request.url, { method: request.method, headers: request.headers, body }));
  if (sent) {
    // As the client sent it (signParts included).
    const parsed = JSON.parse(sent);
    plan.log.bodies[route] = parsed;
    if (typeof parsed.token === 'string') plan.log.lastToken = parsed.token;
  }
  if ((plan.fail[route] ?? 0) > 0) {
    plan.fail[route] -= 1;
    plan.log.failedAnswers += 1;
    return Response.json({ error: 'Internal error', code: 'STORAGE_ERROR' }, { status: 500 });
  }
  if (route === 'multipart/resume') plan.log.resumes += 1;
  if (route === 'multipart/complete') plan.log.completes += 1;
  if (route === 'multipart/abort') plan.log.aborts += 1;
  if ((plan.expire[route] ?? 0) > 0) {
    plan.expire[route] -= 1;
    plan.log.expiredAnswers += 1;
    return Response.json({ error: 'Invalid upload token', code: 'expired' }, { status: 403 });
  }
  const lossKey = route === 'multipart/sign-part' ? `${route}:${JSON.parse(body).partNumber}` : route;
  if ((plan.loseUpload[lossKey] ?? 0) > 0) {
    // Storage loses the upload (expired, aborted, swept by a lifecycle rule) just before this request.
    plan.loseUpload[lossKey] -= 1;
    plan.log.lostUploads += 1;
    const abortUrl = request.url.replace(/\/multipart\/[a-z-]+$/, '/multipart/abort');
    const token = JSON.stringify({ token: JSON.parse(body).token });
    await innerHandler(new Request(abortUrl, { method: 'POST', headers: request.headers, body: token }));
  }
  if (route === 'multipart/sign-part') {
    const { partNumber } = JSON.parse(body);
    plan.log.signedParts.push(partNumber);
    const origin = url.origin;
    if ((plan.failParts[partNumber] ?? 0) > 0) {
      plan.failParts[partNumber] -= 1;
      return Response.json({ uploadUrl: `${origin}/test-fixtures/broken-part`, expiresIn: 3600 });
    }
    if ((plan.stallParts[partNumber] ?? 0) > 0) {
      plan.stallParts[partNumber] -= 1;
      return Response.json({ uploadUrl: `${origin}/test-fixtures/stalled-part`, expiresIn: 3600 });
    }
    if (plan.signDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, plan.signDelayMs));
    if (plan.signExpiresIn !== undefined) {
      const signed = await (await forward()).json();
      plan.log.statuses.push(`${route} 200`);
      return Response.json({ ...signed, expiresIn: plan.signExpiresIn });
    }
  }
  const response = await forward();
  plan.log.statuses.push(`${route} ${response.status}`);
  if (route === 'multipart/init' && response.status === 200) {
    const answer = await response.json();
    const parts = answer.parts ?? [];
    plan.log.initParts.push(...parts.map((part) => part.partNumber));
    if (plan.initExpiresIn !== undefined) answer.parts = parts.map((part) => ({ ...part, expiresIn: plan.initExpiresIn }));
    // Real URLs under a part number the file does not have: the whole list must be ignored.
    if (plan.initPartsMalformed) answer.parts = parts.map((part, index) => ({ ...part, partNumber: index === 0 ? 0 : part.partNumber }));
    return Response.json(answer);
  }
  return response;
}

async function brokenPart(request) {
  await request.arrayBuffer();
  return new Response('<Error><Code>ServiceUnavailable</Code></Error>', { status: 503, headers: { 'content-type': 'application/xml' } });
}

async function stalledPart(request) {
  await request.arrayBuffer();
  // Never answers in time: the client's watchdog must give up first. Bounded so nothing lingers.
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  return new Response('late', { status: 503 });
}

const tusUploads = mkdtempSync(join(tmpdir(), 'svc-tus-'));
// The tus fixture's uploads (megabytes a run) go with the test run instead of piling up in /tmp.
process.once('exit', () => rmSync(tusUploads, { recursive: true, force: true }));

const tusServer = new TusServer({
  path: '/test-fixtures/tus',
  datastore: new FileStore({ directory: tusUploads }),
});

/** SSE stream: `ok` sends a completion event, `error` a failure, `silent` only keep-alive comments. */
function processingStream(request) {
  const url = new URL(request.url);
  const mode = url.searchParams.get('mode') ?? 'ok';
  const key = url.searchParams.get('key');
  const encoder = new TextEncoder();
  let timer;
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`: waiting for ${key}\n\n`));
      controller.enqueue(encoder.encode(`data: ${JSON.stringify({ status: 'processing', key })}\n\n`));
      if (mode === 'ok') {
        controller.enqueue(encoder.encode(`event: complete\ndata: ${JSON.stringify({ key, variants: ['small', 'large'] })}\n\n`));
      } else if (mode === 'error') {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify({ status: 'failed', error: 'transcoder crashed' })}\n\n`));
      }
      let beats = 0;
      timer = setInterval(() => {
        beats += 1;
        if (beats > 30) {
          clearInterval(timer);
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(': keep-alive\n\n'));
      }, 1000);
    },
    cancel() {
      clearInterval(timer);
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
}

let spellingHandler;
/** The handler's /presign answer with `uploadHeaders` spelled every way a server might spell them. */
async function headerSpellings(request) {
  const { createUploadHandler } = await server();
  spellingHandler ??= createUploadHandler({
    storage: testStorageConfig(),
    uploadTokenSecret: UPLOAD_TOKEN_SECRET,
    allowAnonymousUploads: true,
    completion: AWAITED_CONFIRMATION,
  });
  const response = await spellingHandler(request);
  if (!new URL(request.url).pathname.endsWith('/presign') || response.status !== 200) return response;
  const body = await response.json();
  const { 'Content-Type': type, ...signed } = body.uploadHeaders;
  return Response.json({ ...body, uploadHeaders: { ...signed, 'content-type': type, 'Content-Type': type, 'content-length': '1' } });
}

const TUS_NODE_ENTRY = '/node_modules/tus-js-client/lib.esm/node/index.js';
let tusBrowserBundle;

async function serveTusBrowserBuild(context, next) {
  if (!context.path.endsWith(TUS_NODE_ENTRY)) return next();
  tusBrowserBundle ??= build({
    entryPoints: [fileURLToPath(new URL('../../node_modules/tus-js-client/lib.esm/browser/index.js', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0].text);
  context.type = 'application/javascript';
  context.body = await tusBrowserBundle;
}

export default [
  serveTusBrowserBuild,
  mountFetchHandler('/test-fixtures/client-token', clientTokenEndpoint),
  mountFetchHandler('/test-fixtures/plans', plansEndpoint),
  mountFetchHandler('/test-fixtures/faulty', faultyHandler),
  mountFetchHandler('/test-fixtures/broken-part', brokenPart),
  mountFetchHandler('/test-fixtures/stalled-part', stalledPart),
  mountFetchHandler('/test-fixtures/tus', (request) => tusServer.handleWeb(request)),
  mountFetchHandler('/test-fixtures/processing', processingStream),
  mountFetchHandler('/test-fixtures/header-spellings', headerSpellings),
];
