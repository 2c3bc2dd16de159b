/**
 * Property-based fuzzing of every route: generated methods, paths, headers, Origins, bodies and
 * tokens. Whatever arrives, the handler answers below 500 with a contract body, leaks no stack
 * or provider text, and answers a refused request within 50 ms of CPU time (input is refused
 * before any storage or provider call, so only parsing cost counts; support/cpu-time.ts says why
 * CPU time and not the wall clock). The seed is fixed (override with
 * FUZZ_SEED); fast-check prints the seed and the shrunk counterexample on a failure.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { UploadHandler } from '../../server/index.js';
import { measureCpuTime } from './support/cpu-time.js';
import { createTestHandler, MOUNT, signTokenPayload } from './support/upload-harness.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = 150;
const TIME_LIMIT_MS = 50;
const ORIGIN = 'http://uploads.test';
const APP = 'https://app.example.com';

const LEAKS = /\bat \S+:\d+|\.ts\b|node_modules|SyntaxError|Unexpected token|JSON at position|NoSuch|<\?xml|RequestId|stack|Error:/i;
/** Every failure message the contract lets a client see. */
const CONTRACT_MESSAGES = new RegExp(
  `^(${[
    'Invalid JSON body',
    'Invalid file metadata',
    'Unauthorized',
    'Unauthenticated',
    'Uploads are closed: .*',
    'Upload rejected',
    'File too large',
    'File type not allowed',
    'Not found',
    'Invalid upload token',
    'Upload token does not belong to the current user',
    'Upload token was issued for different storage',
    'Upload resume window has expired',
    'Invalid part number',
    'Invalid parts list',
    'Cross-site request refused',
    'Missing fileId',
    'Unknown provider: .*',
    '.* not configured',
    'Missing code or state',
    'Invalid or expired state',
    'OAuth error: .*',
    'Invalid cursor',
    'Request URL too long',
    'Invalid fileName',
    'Request body timeout',
    'Invalid fileId',
    'Invalid folderId',
    'Upload not found',
  ].join('|')})$`,
  's',
);

const ROUTES: readonly [string, string][] = [
  ['POST', '/presign'],
  ['POST', '/multipart/init'],
  ['POST', '/multipart/sign-part'],
  ['POST', '/multipart/complete'],
  ['POST', '/multipart/abort'],
  ['POST', '/multipart/resume'],
  ['POST', '/complete'],
  ['GET', '/health'],
  ['GET', '/auth/google-drive'],
  ['GET', '/auth/dropbox/cb'],
  ['GET', '/files/box'],
  ['POST', '/files/one-drive/transfer'],
  ['OPTIONS', '/presign'],
];

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 });
/** A long run of one character inside other text: what makes a backtracking regex quadratic. */
const longRun = fc
  .tuple(printable, fc.constantFrom('_', '/', ' ', '.', '%', ';', '=', '\\', 'a', '-', ','), fc.integer({ min: 500, max: 70_000 }), printable)
  .map(([head, character, count, tail]) => head + character.repeat(count) + tail);
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: longRun },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
);
const headerText = fc.oneof({ weight: 4, arbitrary: printable }, { weight: 1, arbitrary: longRun });

const mimeType = fc.oneof(
  fc.constantFrom('image/png', 'image/svg+xml', 'text/html', '', 'image/png, text/html', 'image/png;a=b, text/html', 'text/plain; charset=utf-8', 'IMAGE/PNG'),
  text,
);
const size = fc.oneof(fc.integer({ min: -10, max: 2000 }), fc.constantFrom(5 * 1024 ** 4 + 1, 1e308, Number.MAX_SAFE_INTEGER, 0.5, -0), fc.jsonValue());
const fileBody = fc.record(
  { name: fc.oneof(text, fc.jsonValue()), type: fc.oneof(mimeType, fc.jsonValue()), size, metadata: fc.jsonValue(), chunkSizeBytes: fc.jsonValue() },
  { requiredKeys: [] },
);

function tokenArbitrary(): fc.Arbitrary<unknown> {
  const claims = fc.record(
    { k: text, u: text, uid: fc.oneof(text, fc.constant(null)), smin: size, smax: size, exp: fc.jsonValue(), iat: fc.jsonValue() },
    { requiredKeys: [] },
  );
  return fc.oneof(
    text,
    fc.jsonValue(),
    claims.map((payload) => signTokenPayload(payload, 'not-the-server-secret-at-all')),
    fc.tuple(fc.base64String(), fc.base64String()).map(([left, right]) => `${left}.${right}`),
  );
}
const tokenBody = fc.record(
  {
    token: tokenArbitrary(),
    partNumber: fc.oneof(fc.integer(), fc.jsonValue()),
    parts: fc.oneof(fc.jsonValue(), fc.array(fc.record({ partNumber: fc.jsonValue(), eTag: fc.jsonValue() }), { maxLength: 5 })),
  },
  { requiredKeys: [] },
);
const transferBody = fc.record({ fileId: fc.oneof(text, fc.jsonValue()), fileName: fc.oneof(text, fc.jsonValue()), size, mimeType }, { requiredKeys: [] });
const rawBody = fc.oneof(text, fc.constantFrom('', '{', 'null', '[]', '{"name":', '\uFEFF{}', 'fileId=abc&x=1'));
const body = fc.oneof(
  fileBody.map((value) => JSON.stringify(value)),
  tokenBody.map((value) => JSON.stringify(value)),
  transferBody.map((value) => JSON.stringify(value)),
  rawBody,
);

const pathSegment = fc.oneof(fc.webSegment(), text.map(encodeURIComponent), fc.constantFrom('..', '.', '%', '%ZZ', '%2F', 'google-drive', 'not-a-provider'));
const path = fc.oneof(
  fc.constantFrom(...ROUTES.map(([, route]) => route)).map((route) => `${MOUNT}${route}`),
  fc
    .tuple(fc.constantFrom(...ROUTES.map(([, route]) => route)), fc.array(pathSegment, { maxLength: 3 }), fc.integer({ min: 0, max: 3 }))
    .map(([route, prefix, slashes]) => `/${prefix.join('/')}${route}${'/'.repeat(slashes)}`),
  fc
    .tuple(fc.constantFrom('/auth/', '/files/'), pathSegment, fc.constantFrom('', '/cb', '/transfer'))
    .map(([head, slug, tail]) => `${MOUNT}${head}${slug}${tail}`),
  fc.array(pathSegment, { minLength: 1, maxLength: 5 }).map((segments) => `/${segments.join('/')}`),
  fc
    .tuple(fc.constantFrom(...ROUTES.map(([, route]) => route)), fc.integer({ min: 1000, max: 70_000 }), fc.boolean())
    .map(([route, slashes, inside]) => (inside ? `${MOUNT}/x${'/'.repeat(slashes)}y${route}` : `${MOUNT}${route}${'/'.repeat(slashes)}`)),
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(fc.constantFrom('code', 'state', 'error', 'returnTo', 'folderId', 'search', 'cursor'), text, { maxKeys: 4 })
    .map((entries) => `?${new URLSearchParams(entries)}`),
);
const method = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('POST', 'GET') },
  { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
);
const headers = fc.record(
  {
    origin: fc.oneof(fc.constantFrom(ORIGIN, APP, 'https://evil.example.net', 'null', '*'), headerText),
    'sec-fetch-site': fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none'),
    'content-type': fc.oneof(
      fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'),
      headerText,
    ),
    cookie: headerText,
    authorization: headerText,
    'x-user': headerText,
    'x-forwarded-proto': headerText,
    'x-forwarded-host': headerText,
    forwarded: headerText,
  },
  { requiredKeys: [] },
);
const request = fc.record({ method, path, query, headers, body });
interface GeneratedRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string;
}

function toRequest(generated: GeneratedRequest): Request {
  const hasBody = generated.method !== 'GET' && generated.method !== 'HEAD';
  return new Request(`${ORIGIN}${generated.path}${generated.query}`, {
    method: generated.method,
    headers: generated.headers,
    ...(hasBody ? { body: generated.body } : {}),
  });
}

describe('fuzzed requests on every route', () => {
  let handler: UploadHandler;
  const opened: string[] = [];

  before(async () => {
    handler = await createTestHandler({
      allowAnonymousUploads: undefined,
      getUserId: (req) => req.headers.get('x-user') || null,
      maxFileSize: 10 * 1024 ** 3,
      allowedTypes: ['image/*', 'text/plain'],
      cors: { allowedOrigins: [APP] },
      providers: {
        googleDrive: { clientId: 'g', clientSecret: 'g' },
        dropbox: { clientId: 'd', clientSecret: 'd' },
        box: { clientId: 'b', clientSecret: 'b' },
        oneDrive: { clientId: 'o', clientSecret: 'o' },
      },
      tokenStore: { get: async () => null, set: async () => undefined, delete: async () => undefined },
      hooks: { onError: () => undefined },
    });
    // Warm-up, so the first measured request does not pay for module loading and JIT.
    for (const [routeMethod, route] of ROUTES)
      await handler(new Request(`${ORIGIN}${MOUNT}${route}`, { method: routeMethod, ...(routeMethod === 'POST' ? { body: '{}' } : {}) }));
  });
  after(async () => {
    for (const token of opened)
      await handler(new Request(`${ORIGIN}${MOUNT}/multipart/abort`, { method: 'POST', body: JSON.stringify({ token }), headers: { 'x-user': 'fuzz' } }));
  });

  /** The cheapest of up to three tries: a slow parser is slow every time, a garbage collection is not. */
  async function answer(generated: GeneratedRequest): Promise<{ response: Response; milliseconds: number }> {
    let best: { response: Response; milliseconds: number } | undefined;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const { result: response, milliseconds } = await measureCpuTime(() => handler(toRequest(generated)));
      if (!best || milliseconds < best.milliseconds) best = { response, milliseconds };
      if (milliseconds <= TIME_LIMIT_MS || response.status < 400) break;
    }
    return best!;
  }

  async function assertContractAnswer(generated: GeneratedRequest): Promise<void> {
    const { response, milliseconds } = await answer(generated);
    const label = `${generated.method} ${generated.path.slice(0, 120)}`;
    assert.ok(response.status < 500, `${label}: status ${response.status}`);
    assert.ok(response.headers.get('x-svc-request-id'), `${label}: request id`);
    if (generated.method === 'HEAD')
      return assert.ok(response.status < 400 || milliseconds < TIME_LIMIT_MS, `${label}: refused in ${milliseconds.toFixed(1)} ms of CPU time`);
    const textBody = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    if (response.status >= 400) {
      assert.ok(milliseconds < TIME_LIMIT_MS, `${label}: refused in ${milliseconds.toFixed(1)} ms of CPU time`);
      assert.match(contentType, /application\/json/, `${label}: JSON failure body`);
      const parsed = JSON.parse(textBody) as Record<string, unknown>;
      if (parsed.reauth === true) return assert.deepEqual(Object.keys(parsed).sort(), ['provider', 'reauth']);
      assert.ok(
        Object.keys(parsed).every((field) => field === 'error' || field === 'code'),
        `${label}: ${textBody.slice(0, 200)}`,
      );
      assert.equal(typeof parsed.error, 'string');
      assert.match(parsed.error as string, CONTRACT_MESSAGES, `${label}: contract message`);
      if (!(parsed.error as string).startsWith('OAuth error: ') && !(parsed.error as string).startsWith('Unknown provider: ')) {
        assert.doesNotMatch(textBody, LEAKS, label);
      }
    } else if (contentType.includes('json') && textBody !== '') {
      const parsed = JSON.parse(textBody) as Record<string, unknown>;
      if (typeof parsed.token === 'string' && typeof parsed.uploadId === 'string') opened.push(parsed.token);
    }
  }

  it('answers every generated request below 500, with a contract body, refusals within 50 ms', async () => {
    await fc.assert(fc.asyncProperty(request as fc.Arbitrary<GeneratedRequest>, assertContractAnswer), { seed: SEED, numRuns: RUNS * 4 });
  });

  for (const [routeMethod, route] of ROUTES) {
    it(`${routeMethod} ${route}: generated headers and bodies`, async () => {
      const onRoute = fc.record({ method: fc.constant(routeMethod), path: fc.constant(`${MOUNT}${route}`), query, headers, body });
      await fc.assert(fc.asyncProperty(onRoute, assertContractAnswer), { seed: SEED, numRuns: RUNS });
    });
  }
});
