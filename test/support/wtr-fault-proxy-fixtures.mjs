// Fault-injection scenarios for the engine's browser tests (see fault-proxy.mjs):
// - POST   /test-fixtures/fault-proxy             `{storage: rules, handler: {dropAnswer: [route],
//                                                 checksumAlgorithm}, digestBodies}` starts a proxy in
//                                                 front of the test storage and a real handler whose
//                                                 storage endpoint is that proxy (`digestBodies`: the
//                                                 proxy digests every PUT body it passes)
// - GET    /test-fixtures/fault-proxy/<id>?name=  what the proxy saw (and each request's headers,
//                                                 CompleteMultipartUpload bodies and PUT digests),
//                                                 rules that never fired, and the
//                                                 bucket's objects and open multipart uploads whose
//                                                 key contains `name`
// - DELETE /test-fixtures/fault-proxy/<id>        stops the proxy
// - /test-fixtures/proxied/<id>/...               that handler; a route listed in `dropAnswer` does
//                                                 its work, then its answer is lost on the way back
// A scenario's handler counts its hooks (`hooks` in the state: every onFileUploaded with its key);
// `handler.verdict` adds a verifyUpload: `eicar` refuses a file holding the EICAR test string
// (UpupError 403 `MALWARE_FOUND`), `{delayMs}` accepts after that long.
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startFaultProxy } from './fault-proxy.mjs';
import { AWAITED_CONFIRMATION, importSource, mountFetchHandler, testStorageConfig } from './wtr-handler.mjs';

const scenarios = new Map();
let storageClient;

function client() {
  const storage = testStorageConfig();
  storageClient ??= new S3Client({ region: storage.region, endpoint: storage.endpoint, forcePathStyle: true, credentials: storage.credentials });
  return storageClient;
}

async function bucketState(name) {
  const { bucket } = testStorageConfig();
  const objects = [];
  let token;
  do {
    const page = await client().send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key.includes(name)) objects.push({ key: object.Key, size: object.Size });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  const uploads = await client().send(new ListMultipartUploadsCommand({ Bucket: bucket }));
  const openUploads = (uploads.Uploads ?? []).filter((upload) => upload.Key.includes(name)).map((upload) => ({ key: upload.Key, uploadId: upload.UploadId }));
  return { objects, openUploads };
}

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** A verifyUpload for the scenario: a scanner that refuses the EICAR test file, or a slow check that accepts. */
async function createVerdict(verdict, hookCalls) {
  const { UpupError } = await importSource('../../server/index.ts');
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  return async ({ key, storage }) => {
    hookCalls.push({ hook: 'verifyUpload', key });
    if (verdict === 'eicar') {
      const object = await client().send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
      if ((await object.Body.transformToString('latin1')).includes(EICAR)) {
        throw new UpupError('Malware found: EICAR test file', 'MALWARE_FOUND', { status: 403 });
      }
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));
    return true;
  };
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

async function createScenario(spec) {
  const id = crypto.randomUUID();
  const storage = testStorageConfig();
  const proxy = await startFaultProxy(storage.endpoint, spec.storage ?? [], { digestBodies: spec.digestBodies === true });
  const { createUploadHandler } = await importSource('../../server/index.ts');
  const hookCalls = [];
  const handler = createUploadHandler({
    storage: { ...storage, endpoint: proxy.endpoint, ...(spec.handler?.checksumAlgorithm ? { checksumAlgorithm: spec.handler.checksumAlgorithm } : {}) },
    uploadTokenSecret: 'browser-tests-upload-token-secret',
    allowAnonymousUploads: true,
    completion: AWAITED_CONFIRMATION,
    hooks: {
      onFileUploaded: ({ key, uploadId, source }) => {
        hookCalls.push({ hook: 'onFileUploaded', key, uploadId, source });
      },
      ...(spec.handler?.verdict ? { verifyUpload: await createVerdict(spec.handler.verdict, hookCalls) } : {}),
    },
  });
  const dropAnswer = [...(spec.handler?.dropAnswer ?? [])];
  const handlerLog = [];
  scenarios.set(id, { proxy, handler, dropAnswer, handlerLog, hookCalls });
  // A scenario a test forgot to stop closes itself.
  setTimeout(() => stopScenario(id), 5 * 60_000).unref();
  return id;
}

async function stopScenario(id) {
  const scenario = scenarios.get(id);
  scenarios.delete(id);
  await scenario?.proxy.close();
}

async function scenarioEndpoint(request) {
  const url = new URL(request.url);
  const id = url.pathname.split('/')[3];
  if (request.method === 'POST') return Response.json({ id: await createScenario(await request.json()) });
  const scenario = scenarios.get(id);
  if (!scenario) return Response.json({ error: 'Unknown scenario' }, { status: 404 });
  if (request.method === 'DELETE') {
    await stopScenario(id);
    return new Response(null, { status: 204 });
  }
  const name = url.searchParams.get('name') ?? '';
  return Response.json({
    proxy: scenario.proxy.log,
    proxyHeaders: scenario.proxy.headers,
    proxyBodies: scenario.proxy.bodies,
    proxyDigests: scenario.proxy.digests,
    handler: scenario.handlerLog,
    hooks: scenario.hookCalls,
    unfired: [...scenario.proxy.unfired(), ...scenario.dropAnswer.map((route) => `${route} drop-answer`)],
    ...(await bucketState(name)),
  });
}

async function proxiedHandler(request) {
  const url = new URL(request.url);
  const scenario = scenarios.get(url.pathname.split('/')[3]);
  if (!scenario) return Response.json({ error: 'Unknown scenario' }, { status: 404 });
  const route = url.pathname.split('/').slice(4).join('/');
  const response = await scenario.handler(request);
  const drop = scenario.dropAnswer.indexOf(route);
  scenario.handlerLog.push(`${route} ${response.status}${drop >= 0 ? ' lost' : ''}`);
  if (drop < 0) return response;
  scenario.dropAnswer.splice(drop, 1);
  await response.arrayBuffer();
  return lostAnswer();
}

export default [mountFetchHandler('/test-fixtures/fault-proxy', scenarioEndpoint), mountFetchHandler('/test-fixtures/proxied', proxiedHandler)];
