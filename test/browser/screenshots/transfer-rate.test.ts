/**
 * The look of an uploading row with its rate and time left (see states.test.ts for how baselines
 * are recorded and reviewed). The upload is real and held after its first part; only the
 * estimator's figures are pinned, since a measured rate differs on every run and would make the
 * picture differ too. The estimator itself is tested in test/browser/engine/transfer-rate.test.ts.
 */
import { expect } from '@open-wc/testing';
import { TransferRateEstimator } from '../../../engine/core/transfer-rate.js';
import { baselineAvailability, expectShot, removeStages, sampleFile, stage, until } from './helpers.js';

const MiB = 1024 * 1024;

describe('<svc-uploader> screenshots: transfer rate', () => {
  const realEstimate = TransferRateEstimator.prototype.estimate;

  before(async function () {
    const baselines = await baselineAvailability();
    if (!baselines.available && !baselines.updating) this.skip();
  });
  afterEach(() => {
    TransferRateEstimator.prototype.estimate = realEstimate;
    removeStages();
  });

  it('uploading: a row and the run with rate and time left', async () => {
    TransferRateEstimator.prototype.estimate = () => ({ bytesPerSecond: 2.4 * MiB, secondsRemaining: 12 });
    const gate = crypto.randomUUID();
    const resumable = '{"protocol":"multipart","thresholdBytes":1048576,"chunkSizeBytes":5242880,"maxConcurrentParts":1}';
    const element = await stage('uploading-rate', `<svc-uploader server-url="/element-fixtures/held/${gate}/1/api" resumable='${resumable}'></svc-uploader>`);
    await element.addFiles([sampleFile('notes.pdf', 184_000, 'application/pdf'), sampleFile('product-demo.mp4', 12 * MiB, 'video/mp4')]);
    void element.upload();
    await until(element, () => element.files[0]!.state === 'successful' && element.files[1]!.bytesUploaded === 5 * MiB, 'the video held after its first part');
    // The engine's state holds; its progress reaches the screen with the next paced render.
    await element.updateComplete;
    const row = element.shadowRoot!.querySelector('[part~="file-uploading"]')!;
    expect(row.querySelector('[part~="file-rate"]')!.textContent).to.equal('2.4 MB/s');
    expect(row.querySelector('[part~="file-time-left"]')!.textContent).to.equal('12 seconds left');
    expect(element.shadowRoot!.querySelector('[part~="overall-rate"]')!.textContent).to.equal('2.4 MB/s · 12 seconds left');
    await expectShot('uploading-rate', element);
    element.reset();
    await fetch(`/element-fixtures/gate/${gate}`, { method: 'POST' });
  });
});
