import { expect } from '@open-wc/testing';
import { mount, parts, randomFile, recordEvents, unmountAll } from './helpers.js';

const MiB = 1024 * 1024;

describe('<svc-uploader> progress rendering', () => {
  afterEach(unmountAll);

  it('re-renders for upload progress at most ten times a second, and shows the end at once', async () => {
    const element = await mount(`<svc-uploader server-url="/api/upload"
      resumable='{"protocol":"multipart","thresholdBytes":1048576,"chunkSizeBytes":5242880,"maxConcurrentParts":3,"persist":false}'></svc-uploader>`);
    await element.addFiles([randomFile('a.bin', 64 * MiB), randomFile('b.bin', 64 * MiB)]);
    await element.updateComplete;
    const events = recordEvents(element, ['svc-upload-progress', 'svc-file-state-change', 'svc-status-change']);
    const renderTimes: number[] = [];
    const observer = new MutationObserver(() => renderTimes.push(performance.now()));
    observer.observe(element.shadowRoot!, { subtree: true, childList: true, attributes: true, characterData: true });

    await element.upload();
    await element.updateComplete;
    observer.disconnect();

    expect(parts(element, 'file-status').map((status) => status.textContent)).to.deep.equal(['Uploaded', 'Uploaded']);
    const progressEvents = events.filter((event) => event.type === 'svc-upload-progress').length;
    // A change other than progress (a state, the status, a progress milestone read to screen
    // readers: four at most) renders at once, so it may follow the previous render closely.
    const otherChanges = events.length - progressEvents + 4;
    const gaps = renderTimes.slice(1).map((time, index) => time - renderTimes[index]!);
    // 100 ms between renders, less a little for the render itself.
    const quickRenders = gaps.filter((gap) => gap < 90).length;
    const summary = `${renderTimes.length} renders, ${quickRenders} within 90 ms of the previous, ${progressEvents} progress events, ${otherChanges} other changes`;
    // Enough progress that rendering each report would show: without the pacing, about one render
    // per event, most within 90 ms of the one before (how many events arrive depends on the
    // machine's speed, so the bar is a margin over the other changes, not a fixed count).
    expect(progressEvents, summary).to.be.greaterThan(1.5 * otherChanges);
    expect(quickRenders, summary).to.be.at.most(otherChanges);
  });
});
