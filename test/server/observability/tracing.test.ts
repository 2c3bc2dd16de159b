/**
 * Traces: with `createOpenTelemetryTracing` and the OpenTelemetry SDK's in-memory exporter, each
 * upload is one trace: the caller's `traceparent` is continued by a span per route, and every
 * storage call is a child span of its route's span.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createOpenTelemetryTracing } from '../../../server/opentelemetry.js';
import { getTestStorage } from '../../support/storage.js';
import { closeAll, createTestHandler, MOUNT, overHttp, randomContent, type Transport } from '../support/upload-harness.js';
import { refuseTooLarge, uploadMultipart, uploadSingle } from './upload-flows.js';

const MAX_FILE_SIZE = 64 * 1024 * 1024;

function newTraceparent(): { header: string; traceId: string; spanId: string } {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { header: `00-${traceId}-${spanId}-01`, traceId, spanId };
}

describe('OpenTelemetry traces', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let transport: Transport;

  before(async () => {
    await getTestStorage();
    const tracing = createOpenTelemetryTracing({ tracer: provider.getTracer('svc-uploader-test') });
    transport = await overHttp(await createTestHandler({ maxFileSize: MAX_FILE_SIZE, observers: [tracing] }));
  });
  after(async () => {
    await closeAll([transport]);
    await provider.shutdown();
  });

  const spansOf = (traceId: string): ReadableSpan[] => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

  it('a single upload is one trace: the browser span is the parent of /presign and /complete, HeadObject is a child of /complete', async () => {
    const browser = newTraceparent();
    const key = await uploadSingle(transport, randomContent(100), { traceparent: browser.header });
    const spans = spansOf(browser.traceId);
    const presign = spans.find((span) => span.name === 'POST /presign');
    const complete = spans.find((span) => span.name === 'POST /complete');
    assert.ok(presign && complete, `route spans in ${spans.map((span) => span.name).join(', ')}`);
    assert.equal(parentOf(presign), browser.spanId);
    assert.equal(parentOf(complete), browser.spanId);
    assert.equal(presign.attributes['http.route'], '/presign');
    assert.equal(presign.attributes['http.response.status_code'], 200);
    assert.match(String(presign.attributes['svc_uploader.request_id']), /^[0-9a-f-]{36}$/);
    const head = spans.find((span) => span.name === 'S3.HeadObject');
    assert.ok(head, 'the completion checks the object in storage');
    assert.equal(parentOf(head), complete.spanContext().spanId);
    assert.ok(complete.events.some((event) => event.name === 'upload completed' && event.attributes?.['svc_uploader.upload.path'] === 'single'));
    assert.ok(!JSON.stringify(spans.map((span) => span.attributes)).includes(key), 'no object key in any attribute');
  });

  it('a multipart upload is one trace with its routes and storage calls under them', async () => {
    const browser = newTraceparent();
    await uploadMultipart(transport, { traceparent: browser.header });
    const spans = spansOf(browser.traceId);
    const names = spans.map((span) => span.name);
    for (const name of [
      'POST /multipart/init',
      'POST /multipart/sign-part',
      'POST /multipart/complete',
      'S3.CreateMultipartUpload',
      'S3.CompleteMultipartUpload',
    ]) {
      assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    }
    const routeSpanIds = new Set(spans.filter((span) => span.name.startsWith('POST ')).map((span) => span.spanContext().spanId));
    for (const span of spans) {
      if (span.name.startsWith('POST ')) assert.equal(parentOf(span), browser.spanId, span.name);
      else assert.ok(routeSpanIds.has(parentOf(span)!), `${span.name} hangs under a route span`);
    }
  });

  it('a refused file is a trace of its own with the refusal on the span', async () => {
    const browser = newTraceparent();
    await refuseTooLarge(transport, MAX_FILE_SIZE + 1, { traceparent: browser.header });
    const [presign] = spansOf(browser.traceId);
    assert.equal(presign?.name, 'POST /presign');
    assert.equal(presign.attributes['http.response.status_code'], 413);
    assert.ok(presign.events.some((event) => event.name === 'upload refused' && event.attributes?.['svc_uploader.upload.reason'] === 'http_413'));
  });

  it('starts a new trace for a request without a traceparent or with a malformed one', async () => {
    const variants: Record<string, string>[] = [{}, { traceparent: '00-zzzz-not-a-trace-01' }, { traceparent: `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01` }];
    for (const headers of variants) {
      exporter.reset();
      const response = await transport.post(`${MOUNT}/presign`, { name: 'x.txt', type: 'text/plain', size: 1 }, headers);
      assert.equal(response.status, 200);
      const [span] = exporter.getFinishedSpans();
      assert.equal(span?.name, 'POST /presign');
      assert.equal(parentOf(span), undefined);
      assert.notEqual(span.spanContext().traceId, '0'.repeat(32));
    }
  });
});
