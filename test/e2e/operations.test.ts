// Operators' view of a real run: two handler instances, each with its own metrics listener, a
// real Prometheus scraping both, and Chromium uploading through the built engine (a small file,
// a multipart file and a file the handler refuses). Prometheus's HTTP API must then show the
// counts of what was done and a latency histogram per route; the OpenTelemetry SDK's in-memory
// exporter must hold one trace per upload, continuing the traceparent the engine sent.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Browser, Page } from 'playwright';
import { serve } from 'srvx';
import { createUploadHandler } from '../../server/index.js';
import { createOpenTelemetryTracing } from '../../server/opentelemetry.js';
import { createPrometheusMetrics } from '../../server/prometheus.js';
import { startStaticServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { findPrometheusBlocker, startPrometheus, type PrometheusServer } from '../support/prometheus.js';
import { getTestStorage } from '../support/storage.js';

const SCRAPE_TOKEN = 'prometheus-scrape-token';
const MULTIPART_SIZE = 6 * 1024 * 1024;
const SCRAPED_TIMEOUT_MS = 60_000;
const blocker = findPrometheusBlocker();

const PAGE = `<!doctype html><meta charset="utf-8"><title>operations</title>
<script type="module">
  import { UploadEngine } from '/engine.js';
  window.uploadFile = async (name, type, size, traceparent) => {
    const engine = new UploadEngine({ serverUrl: '/api/upload', resumable: { protocol: 'multipart' }, traceparent: () => traceparent });
    const bytes = new Uint8Array(size);
    for (let offset = 0; offset < size; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, Math.min(size, offset + 65536)));
    await engine.addFiles([new File([bytes], name, { type })]);
    const summary = await engine.start();
    // A small file counts at its PUT and is confirmed behind it: wait until the handler answered.
    while (Object.keys(localStorage).some((key) => key.startsWith('svc-uploader:confirm:'))) await new Promise((resolve) => setTimeout(resolve, 20));
    return { successful: summary.successful, failed: summary.failed };
  };
  window.ready = true;
</script>`;

interface Instance {
  app: AppServer;
  metricsAddress: string;
  close(): Promise<void>;
}

function newTraceparent() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { header: `00-${traceId}-${spanId}-01`, traceId, spanId };
}

describe('operations: Prometheus scrapes two instances, traces follow uploads', { skip: blocker ?? false }, () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const instances: Instance[] = [];
  let prometheus: PrometheusServer;
  let browser: Browser;

  async function startInstance(): Promise<Instance> {
    const storage = await getTestStorage();
    const metrics = createPrometheusMetrics({ authorize: (req) => req.headers.get('authorization') === `Bearer ${SCRAPE_TOKEN}` });
    const handler = createUploadHandler({
      storage: storage.storageConfig(),
      uploadTokenSecret: 'end-to-end-tests-upload-token-secret',
      allowAnonymousUploads: true,
      allowedTypes: ['text/plain', 'application/octet-stream'],
      observers: [metrics, createOpenTelemetryTracing({ tracer: provider.getTracer('svc-uploader-e2e') })],
    });
    const app = await startStaticServer('dist/browser', (request) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith('/api/upload/')) return handler(request);
      if (pathname === '/') return new Response(PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      return new Response('Not found', { status: 404 });
    });
    // The metrics listener is apart from the app: nothing public serves them.
    const metricsServer = serve({ port: 0, hostname: '127.0.0.1', silent: true, fetch: (request) => metrics.serve(request) });
    await metricsServer.ready();
    return {
      app,
      metricsAddress: new URL(metricsServer.url!).host,
      close: async () => {
        await app.close();
        await metricsServer.close(true);
      },
    };
  }

  before(async () => {
    instances.push(await startInstance(), await startInstance());
    prometheus = await startPrometheus(
      instances.map((instance) => instance.metricsAddress),
      SCRAPE_TOKEN,
    );
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await prometheus?.stop();
    await Promise.all(instances.map((instance) => instance.close()));
    await provider.shutdown();
  });

  async function openPage(instance: Instance): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(instance.app.url);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    return page;
  }

  const uploadIn = (page: Page, name: string, type: string, size: number, traceparent: string) =>
    page.evaluate(
      ([name, type, size, traceparent]) =>
        (window as unknown as { uploadFile(...args: unknown[]): Promise<{ successful: number; failed: number }> }).uploadFile(name, type, size, traceparent),
      [name, type, size, traceparent] as const,
    );

  /** Waits until Prometheus has scraped every instance after `since` (ms), healthy. */
  async function waitForScrapesAfter(since: number): Promise<void> {
    const deadline = Date.now() + SCRAPED_TIMEOUT_MS;
    for (;;) {
      const targets = await prometheus.targets();
      const fresh = instances.every((instance) => {
        const target = targets.get(instance.metricsAddress);
        return target !== undefined && target.health === 'up' && target.lastScrapeMs > since;
      });
      if (fresh) return;
      if (Date.now() > deadline) throw new Error(`targets not scraped since ${new Date(since).toISOString()}: ${JSON.stringify([...targets])}`);
      await sleep(250);
    }
  }

  async function valueOf(expression: string): Promise<number> {
    const [sample] = await prometheus.query(expression);
    return sample?.value ?? 0;
  }

  it('the counts Prometheus scraped from both instances match what the browser did; each route has a latency histogram', async () => {
    const [first, second] = instances as [Instance, Instance];
    const pageOne = await openPage(first);
    const traces = { small: newTraceparent(), multipart: newTraceparent(), refused: newTraceparent() };

    // The engine confirms the single upload itself (POST /complete), in the same trace.
    assert.deepEqual(await uploadIn(pageOne, 'small.txt', 'text/plain', 2048, traces.small.header), { successful: 1, failed: 0 });

    const pageTwo = await openPage(second);
    assert.deepEqual(await uploadIn(pageTwo, 'large.bin', 'application/octet-stream', MULTIPART_SIZE, traces.multipart.header), { successful: 1, failed: 0 });
    assert.deepEqual(await uploadIn(pageTwo, 'picture.png', 'image/png', 1024, traces.refused.header), { successful: 0, failed: 1 });
    await waitForScrapesAfter(Date.now());

    assert.equal(await valueOf('count(up{job="svc-uploader"} == 1)'), 2, 'both instances are scraped');
    const uploads = (selector: string) => valueOf(`sum(svc_uploader_uploads_total{${selector}})`);
    assert.equal(await uploads('path="single",outcome="started"'), 1);
    assert.equal(await uploads('path="single",outcome="completed"'), 1);
    assert.equal(await uploads('path="single",outcome="refused",reason="http_415"'), 1);
    assert.equal(await uploads('path="multipart",outcome="started"'), 1);
    assert.equal(await uploads('path="multipart",outcome="completed"'), 1);
    assert.equal(await valueOf('sum(svc_uploader_committed_bytes_total)'), 2048 + MULTIPART_SIZE);
    // Per instance: the small file went through the first, the others through the second.
    assert.equal(await valueOf(`sum(svc_uploader_uploads_total{instance="${first.metricsAddress}",outcome="completed"})`), 1);
    assert.equal(await valueOf(`sum(svc_uploader_uploads_total{instance="${second.metricsAddress}",outcome="completed"})`), 1);

    // /multipart/init answers with the first part URLs, so a two-part file needs no sign-part.
    const expectedRequests: Record<string, number> = { '/presign': 2, '/complete': 1, '/multipart/init': 1, '/multipart/complete': 1 };
    for (const [route, count] of Object.entries(expectedRequests)) {
      assert.equal(await valueOf(`sum(svc_uploader_requests_total{route="${route}",method="POST"})`), count, `${route} requests`);
      assert.equal(await valueOf(`sum(svc_uploader_request_duration_seconds_count{route="${route}"})`), count, `${route} latency observations`);
      assert.equal(await valueOf(`sum(svc_uploader_request_duration_seconds_bucket{route="${route}",le="+Inf"})`), count, `${route} histogram`);
      const quantile = await valueOf(`histogram_quantile(0.99, sum by (le) (svc_uploader_request_duration_seconds_bucket{route="${route}"}))`);
      assert.ok(Number.isFinite(quantile) && quantile > 0, `${route} p99 is computable (${quantile})`);
    }
    assert.equal(await valueOf('sum(svc_uploader_requests_total{route="/presign",status="415"})'), 1);
    assert.equal(await valueOf('sum(svc_uploader_storage_calls_total{operation="CreateMultipartUpload",outcome="ok"})'), 1);
    assert.equal(await valueOf('sum(svc_uploader_storage_calls_total{operation="CompleteMultipartUpload",outcome="ok"})'), 1);

    // One trace per upload, continuing the traceparent the engine sent.
    const spans = exporter.getFinishedSpans();
    for (const [label, trace, routes] of [
      ['small', traces.small, ['POST /presign', 'POST /complete']],
      ['multipart', traces.multipart, ['POST /multipart/init', 'POST /multipart/complete']],
      ['refused', traces.refused, ['POST /presign']],
    ] as const) {
      const inTrace = spans.filter((span) => span.spanContext().traceId === trace.traceId);
      const names = inTrace.map((span) => span.name);
      for (const route of routes) assert.ok(names.includes(route), `${label}: ${route} in ${names.join(', ')}`);
      for (const span of inTrace.filter((span) => span.name.startsWith('POST ')))
        assert.equal(span.parentSpanContext?.spanId, trace.spanId, `${label}: ${span.name}`);
    }
    const multipartStorage = spans.filter((span) => span.spanContext().traceId === traces.multipart.traceId && span.name.startsWith('S3.'));
    for (const operation of ['S3.CreateMultipartUpload', 'S3.CompleteMultipartUpload']) {
      assert.ok(
        multipartStorage.some((span) => span.name === operation),
        `${operation} in the upload's trace`,
      );
    }
    await pageOne.close();
    await pageTwo.close();
  });
});
