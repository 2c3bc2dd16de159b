/**
 * Drive metrics and spans: with the fake providers' real HTTP APIs, a scrape shows provider calls
 * by provider, operation and outcome, sign-ins started, finished and refused (with why), transfers
 * in flight and refused for capacity; a trace shows each provider call as a child of its route.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createOpenTelemetryTracing } from '../../../server/opentelemetry.js';
import { createPrometheusMetrics, type PrometheusMetrics } from '../../../server/prometheus.js';
import { DownloadGate, startFakeDrives, type FakeDrives } from '../../support/fake-drives/index.js';
import { toJson } from '../../support/fake-drives/fake-provider.js';
import { getTestStorage } from '../../support/storage.js';
import { MIB } from '../support/upload-harness.js';
import { connectDrive, createDriveHandler, openCallback, startConsent, uniqueUser, type DriveHandler } from '../drives/support/drive-harness.js';
import { parseExposition, sumOf, type Sample } from './exposition.js';

const HANG_GUARD = { timeout: 120_000 };

describe('drive metrics', () => {
  let fakes: FakeDrives;
  let metrics: PrometheusMetrics;
  let drive: DriveHandler;
  const scrape = async (): Promise<Sample[]> => parseExposition(await metrics.registry.metrics());

  before(async () => {
    await getTestStorage();
    fakes = await startFakeDrives();
    metrics = createPrometheusMetrics();
    drive = await createDriveHandler(fakes, { drives: { maxConcurrentTransfers: 1 }, observers: [metrics] });
  });
  after(() => fakes.close());

  it('counts sign-ins started, finished and refused, with the reason of each refusal', async () => {
    const box = fakes.byId.box;
    await connectDrive(drive, box, uniqueUser());
    // The user declines at the consent page: the provider calls back with error=access_denied.
    const { callbackUrl } = await startConsent(drive, box, uniqueUser());
    const declined = new URL(callbackUrl);
    declined.searchParams.delete('code');
    declined.searchParams.set('error', 'access_denied');
    assert.equal((await openCallback(drive, declined, undefined)).status, 400);
    // A forwarded consent link finished in another browser.
    const forwarded = await startConsent(drive, box, uniqueUser());
    assert.equal((await openCallback(drive, forwarded.callbackUrl, undefined, { otherBrowser: true })).status, 400);

    const samples = await scrape();
    const signIns = (labels: Record<string, string>) => sumOf(samples, 'svc_uploader_drive_sign_ins_total', { provider: 'box', ...labels });
    assert.equal(signIns({ outcome: 'started' }), 3);
    assert.equal(signIns({ outcome: 'finished' }), 1);
    assert.equal(signIns({ outcome: 'refused', reason: 'provider_error' }), 1);
    assert.equal(signIns({ outcome: 'refused', reason: 'other_browser' }), 1);
    // The one code exchange is a token call that succeeded.
    assert.equal(sumOf(samples, 'svc_uploader_drive_provider_calls_total', { provider: 'box', operation: 'token', outcome: 'ok' }), 1);
  });

  it('counts provider calls by outcome, with their latency', async () => {
    const dropbox = fakes.byId.dropbox;
    const user = uniqueUser();
    await connectDrive(drive, dropbox, user);
    assert.equal((await drive.get('/files/dropbox', user)).status, 200);
    dropbox.answerOverride = { pathPrefix: '/2/files/list_folder', respond: () => toJson({ error_summary: 'internal' }, 503) };
    try {
      assert.equal((await drive.get('/files/dropbox', user)).status, 500);
    } finally {
      dropbox.answerOverride = undefined;
    }
    const samples = await scrape();
    const calls = (outcome: string) => sumOf(samples, 'svc_uploader_drive_provider_calls_total', { provider: 'dropbox', operation: 'api', outcome });
    assert.ok(calls('ok') >= 1, 'the listing that worked');
    assert.equal(calls('http_503'), 1);
    assert.equal(
      sumOf(samples, 'svc_uploader_drive_provider_call_duration_seconds_count', { provider: 'dropbox', operation: 'api' }),
      calls('ok') + calls('http_503'),
    );
  });

  it('shows a running transfer in flight, counts one refused for capacity, and none in flight after', HANG_GUARD, async () => {
    const oneDrive = fakes.byId.oneDrive;
    const user = uniqueUser();
    await connectDrive(drive, oneDrive, user);
    const gate = new DownloadGate(1 * MIB);
    const slow = oneDrive.tree.addFile('slow.bin', { size: 2 * MIB, seed: 4 }, { gate });
    const quick = oneDrive.tree.addFile('quick.txt', { bytes: new TextEncoder().encode('quick') });
    const first = drive.post('/files/one-drive/transfer', { fileId: slow.id }, user);
    await gate.reached;
    assert.equal(sumOf(await scrape(), 'svc_uploader_drive_transfers_in_flight', { provider: 'one-drive' }), 1);
    assert.equal((await drive.post('/files/one-drive/transfer', { fileId: quick.id }, user)).status, 503);
    gate.release();
    assert.equal((await first).status, 200);

    const samples = await scrape();
    assert.equal(sumOf(samples, 'svc_uploader_drive_transfers_in_flight', { provider: 'one-drive' }), 0);
    assert.equal(sumOf(samples, 'svc_uploader_drive_transfers_refused_total', { provider: 'one-drive' }), 1);
    assert.ok(sumOf(samples, 'svc_uploader_drive_provider_calls_total', { provider: 'one-drive', operation: 'download', outcome: 'ok' }) >= 1);
  });
});

describe('drive spans', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let fakes: FakeDrives;
  after(async () => {
    await fakes.close();
    await provider.shutdown();
  });

  it('makes each provider call a client span under its route, failed when the provider failed', async () => {
    fakes = await startFakeDrives();
    const tracing = createOpenTelemetryTracing({ tracer: provider.getTracer('svc-uploader-test') });
    const drive = await createDriveHandler(fakes, { observers: [tracing] });
    const google = fakes.byId.googleDrive;
    const user = uniqueUser();
    await connectDrive(drive, google, user);
    google.answerOverride = { pathPrefix: '/drive/v3/files', respond: () => toJson({ error: { message: 'backend error' } }, 500) };
    try {
      assert.equal((await drive.get('/files/google-drive', user)).status, 500);
    } finally {
      google.answerOverride = undefined;
    }
    const spans = exporter.getFinishedSpans();
    const listing = spans.find((span) => span.name === 'GET /files/:provider');
    const call = spans.find((span) => span.name === 'google-drive api');
    assert.ok(listing && call, `spans: ${spans.map((span) => span.name).join(', ')}`);
    assert.equal(call.parentSpanContext?.spanId, listing.spanContext().spanId);
    assert.equal(call.attributes['error.type'], 'http_500');
    const exchange = spans.find((span) => span.name === 'google-drive token');
    assert.ok(exchange, 'the code exchange is a span');
    const callback = spans.find((span) => span.name === 'GET /auth/:provider/cb');
    assert.ok(callback?.events.some((event) => event.name === 'sign-in finished'));
  });
});

describe('the Grafana dashboard and the alert examples', () => {
  it('query only metrics the handler registers', async () => {
    const { readFile } = await import('node:fs/promises');
    const registered = new Set(
      (await createPrometheusMetrics().registry.getMetricsAsJSON()).flatMap(({ name, type }) =>
        String(type) === 'histogram' ? [name, `${name}_bucket`, `${name}_count`, `${name}_sum`] : [name],
      ),
    );
    for (const file of ['examples/grafana/svc-uploader-dashboard.json', 'docs/operations.md']) {
      const named = new Set((await readFile(file, 'utf8')).match(/svc_uploader_[a-z_]+/g));
      assert.ok(named.size > 5, `${file} names metrics`);
      for (const name of named) if (!name.endsWith('_')) assert.ok(registered.has(name), `${file} queries ${name}, which is not registered`);
    }
  });
});
