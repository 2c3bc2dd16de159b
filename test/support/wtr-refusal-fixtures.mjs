// The real upload handler configured to refuse uploads in each way the contract names, for the
// element's refusal messages, mounted on the web-test-runner server:
// - /refusal-fixtures/gate/...          `auth` returns false: 401 Unauthorized
// - /refusal-fixtures/no-auth/...       no auth path configured: 403 AUTH_REQUIRED
// - /refusal-fixtures/cross-site/...    an older browser (no Sec-Fetch-Site) behind a proxy that rewrites
//                                       Host, and `publicUrl` another origin: the page's Origin is
//                                       on no host the handler knows, 403
// - /refusal-fixtures/small/...         `maxFileSize` 1,000 bytes: 413
// - /refusal-fixtures/images-only/...   `allowedTypes` image/*: 415
// - /refusal-fixtures/busy/...          a proxy in front of the handler answering 503 with Retry-After: 7
// - /refusal-fixtures/no-cors-bucket/...  a handler whose bucket has no CORS rules: the browser's
//                                       PUT to storage is refused by its preflight
// - /refusal-fixtures/wrong-secret/...  a handler signing with a wrong storage secret: storage 403
// - /refusal-fixtures/short-window/...  `multipartResumeWindowSeconds` 1, so an upload token lives at
//                                       most a second, and an init answer that reaches the browser
//                                       2.5 s late (a slow link): the first sign-part finds the token
//                                       expired and the resume window closed, 403 `expired`
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { AWAITED_CONFIRMATION, importSource, mountFetchHandler, testStorageConfig } from './wtr-handler.mjs';

const SECRET = 'refusal-tests-upload-token-secret';
/** Longer than the 1 s resume window, with room for the seconds the token's times are rounded to. */
const SLOW_INIT_ANSWER_MS = 2500;

/** A second bucket, created without CORS rules, as a freshly made bucket is. */
async function createBucketWithoutCors() {
  const config = testStorageConfig();
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: config.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = `svc-no-cors-${randomBytes(4).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return bucket;
}

/**
 * The request as an older browser sends it (no Sec-Fetch-* headers) through a proxy that points
 * Host at the handler's own address: only the Origin is left, and it names no known host.
 */
function asOlderBrowserBehindProxy(handler) {
  return async (request) => {
    const headers = new Headers(request.headers);
    for (const name of ['sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest', 'sec-fetch-user']) headers.delete(name);
    headers.set('host', 'uploads.internal:3000');
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.text() : undefined;
    return handler(new Request(`http://uploads.internal:3000${url.pathname}${url.search}`, { method: request.method, headers, body }));
  };
}

let started;
function handlers() {
  started ??= (async () => {
    const { createUploadHandler } = await importSource('../../server/index.ts');
    const storage = testStorageConfig();
    const open = { storage, uploadTokenSecret: SECRET, allowAnonymousUploads: true, completion: AWAITED_CONFIRMATION };
    const real = createUploadHandler(open);
    const shortWindow = createUploadHandler({ ...open, multipartResumeWindowSeconds: 1 });
    return {
      gate: createUploadHandler({ ...open, auth: () => false }),
      'no-auth': createUploadHandler({ storage, uploadTokenSecret: SECRET }),
      'cross-site': asOlderBrowserBehindProxy(createUploadHandler({ ...open, publicUrl: 'https://uploads.elsewhere.example' })),
      small: createUploadHandler({ ...open, maxFileSize: 1000 }),
      'images-only': createUploadHandler({ ...open, allowedTypes: ['image/*'] }),
      busy: async (request) => {
        if (request.method !== 'POST') return real(request);
        await request.text();
        return Response.json({ error: 'Service busy' }, { status: 503, headers: { 'retry-after': '7' } });
      },
      'no-cors-bucket': createUploadHandler({ ...open, storage: { ...storage, bucket: await createBucketWithoutCors() } }),
      'short-window': async (request) => {
        const answer = await shortWindow(request);
        if (new URL(request.url).pathname.endsWith('/multipart/init')) await new Promise((resolve) => setTimeout(resolve, SLOW_INIT_ANSWER_MS));
        return answer;
      },
      'wrong-secret': createUploadHandler({
        ...open,
        storage: { ...storage, credentials: { ...storage.credentials, secretAccessKey: 'not-the-storage-secret' } },
      }),
    };
  })();
  return started;
}

async function refusalRoute(request) {
  const url = new URL(request.url);
  const [, , variant, ...rest] = url.pathname.split('/');
  const handler = (await handlers())[variant];
  if (!handler) return Response.json({ error: `No refusal fixture ${variant}` }, { status: 404 });
  const body = request.method === 'POST' ? await request.text() : undefined;
  return handler(new Request(`${url.origin}/api/upload/${rest.join('/')}${url.search}`, { method: request.method, headers: request.headers, body }));
}

export default [mountFetchHandler('/refusal-fixtures', refusalRoute)];
