import { expect } from '@open-wc/testing';
import { createTranslator } from '../../../elements/i18n/index.js';
import { formatByteRate } from '../../../elements/i18n/format-numbers.js';
import { Announcer } from '../../../elements/svc-uploader/engine-views/announcer.js';
import type { UploadFileRecord } from '../../../engine/index.js';
import de from '../../../locales/de.js';
import { animationsSettled, maybePart, mount, nextEvent, part, randomFile, recordEvents, unmountAll, until } from './helpers.js';

const MiB = 1024 * 1024;
/**
 * Multipart in 5 MiB parts, one in flight, each signature answered 1.5 s late: a steady pace of a
 * few MiB/s. The engine signs one part ahead, so parts go out in pairs, one pair per 1.5 s; six
 * parts then span about 3 s, past the 2 s the estimate waits for.
 */
const PACED = `server-url="/element-fixtures/paced/1500/api"
  resumable='{"protocol":"multipart","thresholdBytes":5242880,"chunkSizeBytes":5242880,"maxConcurrentParts":1}'`;

const RATE = /^\d+(\.\d)? (B|kB|KB|MB|GB)\/s$/;
const TIME_LEFT = /^\d+ (second|seconds|minute|minutes) left$/;

function text(element: HTMLElement & { shadowRoot: ShadowRoot | null }, name: string): string | undefined {
  return element.shadowRoot!.querySelector(`[part~="${name}"]`)?.textContent?.trim().replace(/\s+/g, ' ');
}

describe('<svc-uploader> transfer rate and time left', () => {
  afterEach(unmountAll);

  it("shows each uploading row's rate and time left, and the run's, once the estimate is stable; a pause hides them", async () => {
    const element = await mount(`<svc-uploader ${PACED}></svc-uploader>`);
    const fileEvents = recordEvents(element, ['svc-file-upload-progress']);
    const runEvents = recordEvents(element, ['svc-upload-progress']);
    await element.addFiles([randomFile('paced.bin', 8 * 5 * MiB)]);
    void element.upload();

    await until(element, () => maybePart(element, 'file-rate') !== null, "the row's rate");
    const record = element.files[0]! as UploadFileRecord;
    expect(record.state).to.equal('uploading');
    expect(record.bytesPerSecond).to.be.above(0);
    // What the row shows is the record's figure, in the page's language.
    expect(text(element, 'file-rate')).to.equal(formatByteRate(record.bytesPerSecond!, 'en'));
    expect(text(element, 'file-rate')).to.match(RATE);
    expect(text(element, 'file-time-left')).to.match(TIME_LEFT);
    await until(element, () => maybePart(element, 'overall-rate') !== null, "the run's rate");
    const [runRate, runTimeLeft] = text(element, 'overall-rate')!.split(' · ');
    expect(runRate).to.match(RATE);
    expect(runTimeLeft).to.match(TIME_LEFT);

    // The first reports carry no estimate; later ones carry both fields, consistent with each other.
    expect(fileEvents[0]!.detail).not.to.have.property('bytesPerSecond');
    expect(runEvents[0]!.detail).not.to.have.property('bytesPerSecond');
    const estimated = fileEvents.map((event) => event.detail).filter((detail) => detail.bytesPerSecond !== undefined);
    expect(estimated.length).to.be.above(0);
    for (const detail of estimated) {
      expect(detail.secondsRemaining).to.be.closeTo((detail.bytesTotal - detail.bytesUploaded) / detail.bytesPerSecond!, 1e-6);
    }
    const runEstimated = runEvents.map((event) => event.detail).find((detail) => detail.bytesPerSecond !== undefined)!;
    expect(runEstimated.secondsRemaining).to.be.closeTo((runEstimated.bytesTotal - runEstimated.bytesUploaded) / runEstimated.bytesPerSecond!, 1e-6);
    expect(element.engine!.progress.bytesPerSecond).to.be.above(0);

    const paused = nextEvent(element, 'svc-upload-pause');
    part(element, 'pause-button').click();
    await paused;
    await element.updateComplete;
    expect(maybePart(element, 'file-rate'), 'rate after the pause').to.equal(null);
    expect(element.files[0]!.bytesPerSecond).to.equal(undefined);

    // After the resume the estimate starts over: the run's, measured from the moment the file is
    // on its way again, and the file's, from its first bytes after the resume. The file's first
    // part may arrive more than two seconds after the resume (a basis for the run's figure), so the
    // run's estimate is read as the file sets off again, when the run's progress was just reported.
    const underWayAgain = nextEvent(element, 'svc-file-state-change', (event) => ['processing', 'checking', 'uploading'].includes(event.detail.state));
    const resumedProgress = nextEvent(element, 'svc-file-upload-progress');
    void element.resume();
    await underWayAgain;
    expect(element.engine!.progress.bytesPerSecond).to.equal(undefined);
    expect((await resumedProgress).detail).not.to.have.property('bytesPerSecond');

    const done = nextEvent(element, 'svc-files-upload-complete');
    await done;
    await element.updateComplete;
    expect(element.files[0]!.state).to.equal('successful');
    expect(maybePart(element, 'file-rate'), 'rate after completion').to.equal(null);
    expect(maybePart(element, 'overall-rate'), 'run rate after completion').to.equal(null);
  });

  it('passes the automated accessibility checks (axe) with the rate and time left on screen', async () => {
    const element = await mount(`<svc-uploader ${PACED}></svc-uploader>`);
    await element.addFiles([randomFile('checked.bin', 6 * 5 * MiB), randomFile('second.bin', 3000)]);
    void element.upload();
    await until(element, () => maybePart(element, 'file-rate') !== null && maybePart(element, 'overall-rate') !== null, 'the rates');
    await animationsSettled(element);
    await expect(element).to.be.accessible();
    element.reset();
  });

  it('speaks the page\'s language: a German row reads "MB/s" and "Noch … Sekunden"', async () => {
    const element = await mount(`<svc-uploader ${PACED}></svc-uploader>`);
    element.i18n = { bundle: de };
    await element.addFiles([randomFile('langsam.bin', 6 * 5 * MiB)]);
    void element.upload();
    await until(element, () => maybePart(element, 'file-time-left') !== null, "the row's time left");
    expect(text(element, 'file-rate')).to.match(/^\d+(,\d)? (kB|MB|GB)\/s$/);
    expect(text(element, 'file-time-left')).to.match(/^Noch \d+ (Sekunde|Sekunden|Minute|Minuten)$/);
    element.reset();
  });
});

describe('live region: time left', () => {
  it("announces the run's time left when it first appears, then at most every 10 seconds", async () => {
    let now = 0;
    const announcer = new Announcer(() => now);
    const translator = createTranslator();
    await translator.load();
    const progress = (percentage: number, secondsRemaining?: number) =>
      announcer.onEvent(
        'svc-upload-progress',
        { bytesUploaded: percentage, bytesTotal: 100, percentage, ...(secondsRemaining === undefined ? {} : { bytesPerSecond: 1, secondsRemaining }) },
        translator,
      );

    announcer.onEvent('svc-upload-start', { files: [] }, translator);
    expect(progress(1), 'no estimate yet').to.equal(false);
    now = 2000;
    expect(progress(2, 41.2)).to.equal(true);
    expect(announcer.text).to.equal('42 seconds left');
    for (now = 2500; now < 12_000; now += 500) expect(progress(3, 40), `at ${now} ms`).to.equal(false);
    now = 12_000;
    expect(progress(4, 150)).to.equal(true);
    expect(announcer.text).to.equal('3 minutes left');
    // A milestone is news of its own and goes first.
    now = 12_500;
    expect(progress(25, 100)).to.equal(true);
    expect(announcer.text).to.equal('Upload 25% complete');
    now = 21_000;
    expect(progress(26, 90)).to.equal(false);
    now = 22_000;
    expect(progress(27, 7200)).to.equal(true);
    expect(announcer.text).to.equal('2 hours left');
  });
});
