/**
 * Metrics: a handler observed by `createPrometheusMetrics` counts what really happened over real
 * HTTP against real storage, and a scrape of `serve` shows it: requests by route and status,
 * latency histograms per route, uploads started/completed/refused/aborted per path, committed
 * bytes, and storage calls by operation and outcome.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Counter, Histogram, Registry } from 'prom-client';
import { createPrometheusMetrics, type PrometheusMetrics } from '../../../server/prometheus.js';
import { getTestStorage } from '../../support/storage.js';
import { createUploadHandler } from '../../../server/index.js';
import { closeAll, createTestHandler, MOUNT, TEST_SECRET, overHttp, randomContent, type Transport } from '../support/upload-harness.js';
import { parseExposition, sumOf, type Sample } from './exposition.js';
import { abortMultipart, MULTIPART_SIZE, refuseTooLarge, uploadMultipart, uploadSingle } from './upload-flows.js';

const SCRAPE_TOKEN = 'Bearer scrape-secret';
const MAX_FILE_SIZE = 64 * 1024 * 1024;

describe('Prometheus metrics', () => {
  let metrics: PrometheusMetrics;
  const transports: Transport[] = [];
  let observed: Transport;

  async function scrape(): Promise<Sample[]> {
    const response = await metrics.serve(new Request('http://metrics.test/metrics', { headers: { authorization: SCRAPE_TOKEN } }));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return parseExposition(await response.text());
  }

  before(async () => {
    await getTestStorage();
    metrics = createPrometheusMetrics({ authorize: (req) => req.headers.get('authorization') === SCRAPE_TOKEN });
    observed = await overHttp(await createTestHandler({ maxFileSize: MAX_FILE_SIZE, observers: [metrics] }));
    transports.push(observed);
  });
  after(() => closeAll(transports));

  it('counts a single upload, a multipart upload, a refused file and an aborted upload as they happened', async () => {
    const small = randomContent(1234);
    await uploadSingle(observed, small);
    await uploadMultipart(observed);
    await refuseTooLarge(observed, MAX_FILE_SIZE + 1);
    await abortMultipart(observed);

    const samples = await scrape();
    const uploads = (labels: Record<string, string>) => sumOf(samples, 'svc_uploader_uploads_total', labels);
    assert.equal(uploads({ path: 'single', outcome: 'started' }), 1);
    assert.equal(uploads({ path: 'single', outcome: 'completed' }), 1);
    assert.equal(uploads({ path: 'single', outcome: 'refused', reason: 'http_413' }), 1);
    assert.equal(uploads({ path: 'multipart', outcome: 'started' }), 2);
    assert.equal(uploads({ path: 'multipart', outcome: 'completed' }), 1);
    assert.equal(uploads({ path: 'multipart', outcome: 'aborted' }), 1);
    assert.equal(sumOf(samples, 'svc_uploader_committed_bytes_total', { path: 'single' }), small.length);
    assert.equal(sumOf(samples, 'svc_uploader_committed_bytes_total', { path: 'multipart' }), MULTIPART_SIZE);

    const requests = (route: string, status: string) => sumOf(samples, 'svc_uploader_requests_total', { route, method: 'POST', status });
    assert.equal(requests('/presign', '200'), 1);
    assert.equal(requests('/presign', '413'), 1);
    assert.equal(requests('/complete', '200'), 1);
    assert.equal(requests('/multipart/init', '200'), 2);
    assert.equal(requests('/multipart/sign-part', '200'), 2);
    assert.equal(requests('/multipart/complete', '200'), 1);
    assert.equal(requests('/multipart/abort', '200'), 1);
    for (const [route, count] of [
      ['/presign', 2],
      ['/complete', 1],
      ['/multipart/sign-part', 2],
    ] as const) {
      assert.equal(sumOf(samples, 'svc_uploader_request_duration_seconds_count', { route }), count, `${route} latency observations`);
      assert.equal(sumOf(samples, 'svc_uploader_request_duration_seconds_bucket', { route, le: '+Inf' }), count, `${route} +Inf bucket`);
    }

    const storage = (operation: string) => sumOf(samples, 'svc_uploader_storage_calls_total', { operation, outcome: 'ok' });
    assert.equal(storage('CreateMultipartUpload'), 2);
    assert.equal(storage('CompleteMultipartUpload'), 1);
    assert.equal(storage('AbortMultipartUpload'), 1);
    assert.ok(storage('HeadObject') >= 1, 'the single upload is checked in storage at /complete');
    assert.equal(sumOf(samples, 'svc_uploader_storage_call_duration_seconds_count', { operation: 'CreateMultipartUpload' }), 2);
  });

  it('a repeated completion counts the upload once', async () => {
    const before = sumOf(await scrape(), 'svc_uploader_uploads_total', { path: 'single', outcome: 'completed' });
    const presigned = await observed.post(`${MOUNT}/presign`, { name: 'twice.txt', type: 'text/plain', size: 3 });
    await fetch(presigned.body.uploadUrl, { method: 'PUT', body: 'abc', headers: presigned.body.uploadHeaders });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      assert.equal((await observed.post(`${MOUNT}/complete`, { token: presigned.body.completionToken })).status, 200);
    }
    assert.equal(sumOf(await scrape(), 'svc_uploader_uploads_total', { path: 'single', outcome: 'completed' }), before + 1);
  });

  it('labels a failed storage call with the error code storage answered', async () => {
    const storageConfig = (await getTestStorage()).storageConfig();
    const registry = new Registry();
    const broken = createPrometheusMetrics({ registry });
    const observedBroken = await overHttp(
      createUploadHandler({
        storage: { ...(storageConfig as { type: string; bucket: string; region: string }), bucket: 'svc-no-such-bucket-anywhere' },
        uploadTokenSecret: TEST_SECRET,
        allowAnonymousUploads: true,
        hooks: { onError: () => undefined },
        observers: [broken],
      }),
    );
    transports.push(observedBroken);
    const init = await observedBroken.post(`${MOUNT}/multipart/init`, { name: 'x.bin', type: 'application/octet-stream', size: MULTIPART_SIZE });
    assert.equal(init.status, 500);
    const samples = parseExposition(await registry.metrics());
    assert.equal(sumOf(samples, 'svc_uploader_storage_calls_total', { operation: 'CreateMultipartUpload', outcome: 'NoSuchBucket' }), 1);
    assert.equal(sumOf(samples, 'svc_uploader_requests_total', { route: '/multipart/init', status: '500' }), 1);
  });

  it('answers a scrape without the right credentials with 401 and no metrics', async () => {
    const response = await metrics.serve(new Request('http://metrics.test/metrics'));
    assert.equal(response.status, 401);
    assert.doesNotMatch(await response.text(), /svc_uploader_/);
  });

  it('never labels a series with a key, a file name or a request path', async () => {
    await observed.post(`${MOUNT}/no-such-route/secret-file-name.txt`, {});
    const text = await (await metrics.serve(new Request('http://metrics.test/', { headers: { authorization: SCRAPE_TOKEN } }))).text();
    assert.doesNotMatch(text, /secret-file-name|single-|multi-|uploads\//);
    assert.equal(sumOf(parseExposition(text), 'svc_uploader_requests_total', { route: 'unmatched', status: '404' }), 1);
  });

  it('counts methods a client invents as one `_OTHER` series, over HTTP and in a fetch runtime', async () => {
    const handler = await createTestHandler({ observers: [metrics] });
    const invented = Array.from({ length: 20 }, (_, index) => `INVENTED-${index}`);
    for (const method of invented) {
      const response = await handler(new Request(`http://upload.test${MOUNT}/presign`, { method }));
      assert.equal(response.status, 404);
    }
    const propfind = await observed.send(`${MOUNT}/presign`, { method: 'PROPFIND' });
    assert.equal(propfind.status, 404);

    const samples = await scrape();
    const methods = new Set(samples.filter((sample) => sample.name === 'svc_uploader_requests_total').map((sample) => sample.labels.method));
    assert.ok(![...methods].some((method) => method !== undefined && /INVENTED|PROPFIND/.test(method)), `methods seen: ${[...methods].join(', ')}`);
    assert.equal(sumOf(samples, 'svc_uploader_requests_total', { method: '_OTHER', status: '404' }), invented.length + 1);
  });
});

describe('Prometheus metrics as the registry reads them', () => {
  const presign = (handler: (req: Request) => Promise<Response>) =>
    handler(
      new Request(`http://upload.test${MOUNT}/presign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'note.txt', type: 'text/plain', size: 12 }),
      }),
    );

  it('counts each request once however often the registry is read, in a registry two handlers share', async () => {
    const registry = new Registry();
    const [first, second] = [createPrometheusMetrics({ registry }), createPrometheusMetrics({ registry })];
    const [one, two] = [await createTestHandler({ observers: [first] }), await createTestHandler({ observers: [second] })];
    const read = async () => {
      const samples = parseExposition(await registry.metrics());
      return {
        requests: sumOf(samples, 'svc_uploader_requests_total', { route: '/presign', method: 'POST', status: '200' }),
        timed: sumOf(samples, 'svc_uploader_request_duration_seconds_count', { route: '/presign', method: 'POST' }),
        started: sumOf(samples, 'svc_uploader_uploads_total', { path: 'single', outcome: 'started' }),
      };
    };
    for (const handler of [one, one, two]) assert.equal((await presign(handler)).status, 200);
    assert.deepEqual(await read(), { requests: 3, timed: 3, started: 3 });
    assert.deepEqual(await read(), { requests: 3, timed: 3, started: 3 }, 'a second read adds nothing');
    assert.equal((await presign(two)).status, 200);
    assert.deepEqual(await read(), { requests: 4, timed: 4, started: 4 });
    const json = await registry.getMetricsAsJSON();
    const requests = json.find((metric) => metric.name === 'svc_uploader_requests_total')!;
    assert.equal(requests.type, 'counter');
    assert.deepEqual(
      requests.values.map(({ labels, value }) => ({ labels, value })),
      [{ labels: { route: '/presign', method: 'POST', status: '200' }, value: 4 }],
    );
    assert.equal(json.find((metric) => metric.name === 'svc_uploader_request_duration_seconds')!.type, 'histogram');
  });

  it('puts a duration in the first bucket whose bound is not below it, cumulatively, with its sum', async () => {
    const metrics = createPrometheusMetrics();
    const observing = metrics.observeRequest({ req: new Request('http://upload.test/'), requestId: 'request-1' })!;
    for (const durationMs of [25, 30, 70_000]) observing.end!({ route: '/presign', method: 'POST', status: 200, durationMs });
    const samples = parseExposition(await metrics.registry.metrics());
    const bucket = (le: string) => sumOf(samples, 'svc_uploader_request_duration_seconds_bucket', { route: '/presign', le });
    assert.deepEqual(['0.01', '0.025', '0.05', '60', '+Inf'].map(bucket), [0, 1, 2, 2, 3]);
    const sum = sumOf(samples, 'svc_uploader_request_duration_seconds_sum', { route: '/presign' });
    assert.ok(Math.abs(sum - 70.055) < 1e-9, `sum ${sum}`);
    assert.equal(sumOf(samples, 'svc_uploader_request_duration_seconds_count', { route: '/presign' }), 3);
  });

  it('counts into a counter and a histogram the host registered under the same names', async () => {
    const registry = new Registry();
    const uploads = new Counter({ name: 'app_uploads_total', help: "the host's", labelNames: ['path', 'outcome', 'reason'], registers: [registry] });
    const latency = new Histogram({ name: 'app_request_duration_seconds', help: "the host's", labelNames: ['route', 'method'], registers: [registry] });
    const handler = await createTestHandler({ observers: [createPrometheusMetrics({ registry, prefix: 'app_' })] });
    assert.equal((await presign(handler)).status, 200);
    assert.equal((await uploads.get()).values.find((value) => value.labels.outcome === 'started')?.value, 1);
    const counts = (await latency.get()).values.filter((value) => value.metricName === 'app_request_duration_seconds_count');
    assert.deepEqual(
      counts.map(({ labels, value }) => ({ labels, value })),
      [{ labels: { route: '/presign', method: 'POST' }, value: 1 }],
    );
    assert.equal(sumOf(parseExposition(await registry.metrics()), 'app_requests_total', { route: '/presign', status: '200' }), 1);
  });
});
