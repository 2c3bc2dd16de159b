import { expect } from '@open-wc/testing';
import { html, render, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { createTranslator } from '../../../elements/i18n/index.js';
import { Announcer } from '../../../elements/svc-uploader/engine-views/announcer.js';
import { RenderPacer } from '../../../elements/svc-uploader/render-pacer.js';
import { fileListStyles } from '../../../elements/svc-uploader/file-list/file-list-styles.js';
import { progressFill } from '../../../elements/svc-uploader/file-list/progress-fill.js';
import { uploaderStyles } from '../../../elements/svc-uploader/shell/uploader-styles.js';
import {
  animationsSettled,
  maybePart,
  mount,
  nextEvent,
  part,
  parts,
  randomFile,
  recordEvents,
  textFile,
  unmountAll,
  until,
  type SvcUploader,
} from './helpers.js';

const MiB = 1024 * 1024;

describe('<svc-uploader> progress rendering', () => {
  afterEach(unmountAll);

  it('re-renders for upload progress alone at most four times a second, and shows the end at once', async () => {
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
    // readers: four at most) renders 100 ms after the previous render, progress alone 250 ms
    // after: a render sooner than that shows such a change (the margins are for the clock).
    const otherChanges = events.length - progressEvents + 4;
    const gaps = renderTimes.slice(1).map((time, index) => time - renderTimes[index]!);
    const quickRenders = gaps.filter((gap) => gap < 90).length;
    const sooner = gaps.filter((gap) => gap < 240).length;
    const summary = `${renderTimes.length} renders, ${quickRenders} within 90 ms of the previous and ${sooner} within 240 ms, ${progressEvents} progress events, ${otherChanges} other changes`;
    // Enough progress that rendering each report would show: without the pacing, about one render
    // per event, most within 90 ms of the one before (how many events arrive depends on the
    // machine's speed, so the bar is a margin over the other changes, not a fixed count).
    expect(progressEvents, summary).to.be.greaterThan(1.5 * otherChanges);
    expect(quickRenders, summary).to.be.at.most(otherChanges);
    expect(sooner, summary).to.be.at.most(otherChanges);
  });

  it('renders the state changes of a run at most ten times a second, and shows its end once it settles', async () => {
    const count = 24;
    const element = await mount('<svc-uploader server-url="/api/upload" max-files="50" max-concurrent-uploads="6"></svc-uploader>');
    await element.addFiles(Array.from({ length: count }, (_, index) => textFile(`note-${index}.txt`)));
    await element.updateComplete;
    const events = recordEvents(element, ['svc-file-state-change', 'svc-file-upload-progress', 'svc-upload-progress', 'svc-status-change']);
    const renderTimes = recordRenders(element);

    const summary = await element.upload();
    await element.updateComplete;

    expect(summary.successful).to.equal(count);
    // What the upload ended with is on screen: every file stored, the outcome, and its announcement.
    expect(parts(element, 'file-status').map((status) => status.textContent)).to.deep.equal(Array(count).fill('Uploaded'));
    expect(part(element, 'summary-uploaded').textContent).to.equal(`${count} files uploaded`);
    expect(part(element, 'announcer').textContent).to.equal(`All ${count} files uploaded`);
    // Dozens of files change state in tasks of their own within a few milliseconds: each change
    // rendered at once would redraw the list far more often. Paced, a render follows the one
    // before after 100 ms at the earliest, however many changes arrived in between; the margin
    // is for the clock's coarseness, never met by a render that was not waited for.
    const gaps = renderTimes.slice(1).map((time, index) => time - renderTimes[index]!);
    const stateChanges = events.filter((event) => event.type === 'svc-file-state-change').length;
    const report = `${renderTimes.length} renders for ${events.length} events (${stateChanges} state changes); gaps ${gaps.map((gap) => gap.toFixed(0)).join(' ')} ms`;
    // Each file: uploading, checking (the handler confirms the stored object), uploaded, successful.
    expect(stateChanges, report).to.equal(4 * count);
    expect(
      gaps.filter((gap) => gap < 95),
      report,
    ).to.deep.equal([]);
  });

  it('resolves updateComplete once progress waiting for its paced render is on screen', async () => {
    const element = await mount(`<svc-uploader server-url="/element-fixtures/paced/300/api"
      resumable='{"protocol":"multipart","thresholdBytes":5242880,"chunkSizeBytes":5242880,"maxConcurrentParts":1,"persist":false}'></svc-uploader>`);
    await element.addFiles([randomFile('a.bin', 20 * MiB)]);
    const run = element.upload();
    const shown: Array<[string | null, number]> = [];
    // After each stored part the next signature waits 300 ms: the engine's progress holds still.
    for (let part = 1; part <= 3; part += 1) {
      await nextEvent(element, 'svc-part-upload');
      await element.updateComplete;
      shown.push([maybePart(element, 'file-progress')?.getAttribute('aria-valuenow') ?? null, Math.floor(element.files[0]!.percentage)]);
    }
    expect(shown.map(([onScreen]) => onScreen)).to.deep.equal(shown.map(([, engine]) => String(engine)));
    expect((await run).successful).to.equal(1);
  });

  it('redraws only the files that changed: stored files stay as they were while another one uploads', async () => {
    const element = await mount(`<svc-uploader server-url="/element-fixtures/paced/300/api"
      resumable='{"protocol":"multipart","thresholdBytes":5242880,"chunkSizeBytes":5242880,"maxConcurrentParts":1,"persist":false}'></svc-uploader>`);
    // A replacement icon numbers each drawing of a remove button: a file drawn again shows a new number.
    let drawings = 0;
    element.icons = { FileDeleteIcon: ({ className }) => html`<span class=${className} data-drawing=${(drawings += 1)}></span>` };
    await element.addFiles([textFile('b.txt'), textFile('c.txt')]);
    await element.upload();
    await element.addFiles([randomFile('a.bin', 40 * MiB)]);
    await element.updateComplete;
    const drawingOf = (name: string): string => {
      const row = parts(element, 'file').find((file) => file.querySelector('[part~="file-name"]')!.textContent!.trim() === name)!;
      return row.querySelector('[part~="file-remove"] [data-drawing]')!.getAttribute('data-drawing')!;
    };
    const stored = { b: drawingOf('b.txt'), c: drawingOf('c.txt') };
    const progressOfA = (): number => Number(parts(element, 'file-progress')[2]!.getAttribute('aria-valuenow'));

    const run = element.upload();
    await until(element, () => progressOfA() > 0, 'a.bin under way');
    const early = { a: drawingOf('a.bin'), progress: progressOfA() };
    await until(element, () => progressOfA() >= early.progress + 25, 'a.bin further along');

    expect(drawingOf('a.bin'), 'the uploading file is drawn again').not.to.equal(early.a);
    expect({ b: drawingOf('b.txt'), c: drawingOf('c.txt') }).to.deep.equal(stored);
    expect((await run).successful).to.equal(1);
  });
});

/** When each render of `element` from now on finished (its `updated()`), ms. */
function recordRenders(element: SvcUploader): number[] {
  const times: number[] = [];
  const rendered = element as unknown as { updated(changed: unknown): void };
  const updated = rendered.updated;
  rendered.updated = function (this: SvcUploader, changed: unknown) {
    times.push(performance.now());
    updated.call(this, changed);
  };
  return times;
}

/** A host that counts the renders the pacer asks for; `rendered()` stands for a render of any cause. */
function countingHost() {
  const controllers: ReactiveController[] = [];
  const host = {
    renders: 0,
    addController: (controller: ReactiveController) => void controllers.push(controller),
    removeController: () => undefined,
    requestUpdate: () => void (host.renders += 1),
    updateComplete: Promise.resolve(true),
    rendered: () => controllers.forEach((controller) => controller.hostUpdated?.()),
  };
  return host as ReactiveControllerHost & typeof host;
}

/** Longer than the pacer's 250 ms, so a render it still owes has been asked for by then. */
const pacerSettled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * Waits `ms`. A timer set after the pacer's runs after the pacer's when it is due later, and before
 * it when due sooner, however late the machine runs them: what the pacer has done by then is known.
 */
const elapsed = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('RenderPacer', () => {
  it('asks for a render at once when the last render is 100 ms old or more', async () => {
    const host = countingHost();
    const pacer = new RenderPacer(host);
    pacer.requestRender();
    expect(host.renders).to.equal(1);
  });

  it('gathers every change that arrives while a render waits into that one render', async () => {
    const host = countingHost();
    const pacer = new RenderPacer(host);
    host.rendered();
    for (let change = 0; change < 50; change += 1) {
      pacer.requestRender();
      await Promise.resolve();
    }
    expect(host.renders).to.equal(0);
    await pacerSettled();
    expect(host.renders).to.equal(1);
  });

  it('asks for no render of its own when a render for another change has shown the progress', async () => {
    const host = countingHost();
    const pacer = new RenderPacer(host);
    host.rendered();
    pacer.requestRender();
    host.rendered();
    await pacerSettled();
    expect(host.renders).to.equal(0);
  });

  it('renders progress alone 250 ms after the last render, not 100', async () => {
    const host = countingHost();
    const pacer = new RenderPacer(host);
    host.rendered();
    pacer.requestRender(true);
    await elapsed(150);
    expect(host.renders, 'after 150 ms').to.equal(0);
    await elapsed(150);
    expect(host.renders, 'after 300 ms').to.equal(1);
  });

  it('brings a render waiting for progress forward to 100 ms when a state change joins it', async () => {
    const host = countingHost();
    const pacer = new RenderPacer(host);
    host.rendered();
    pacer.requestRender(true);
    pacer.requestRender(false);
    pacer.requestRender(true);
    await elapsed(150);
    expect(host.renders, 'after 150 ms').to.equal(1);
    await pacerSettled();
    expect(host.renders, 'once').to.equal(1);
  });

  it('still renders progress that moved after that render, once', async () => {
    const host = countingHost();
    const pacer = new RenderPacer(host);
    host.rendered();
    pacer.requestRender();
    host.rendered();
    pacer.requestRender();
    pacer.requestRender();
    await pacerSettled();
    expect(host.renders).to.equal(1);
  });
});

describe('live region between paced renders', () => {
  it('shows every announcement that arrived between two renders, in order; a progress reading gives way to newer news', async () => {
    const announcer = new Announcer();
    const translator = createTranslator();
    await translator.load();
    const progress = (percentage: number) => announcer.onEvent('svc-upload-progress', { bytesUploaded: percentage, bytesTotal: 100, percentage }, translator);
    announcer.onEvent('svc-upload-start', { files: [] }, translator);
    progress(30);
    progress(60);
    announcer.onEvent('svc-upload-pause', { files: [] }, translator);
    progress(80);
    const shown: string[] = [];
    while (announcer.waiting) {
      announcer.advance();
      shown.push(announcer.shown);
    }
    expect(shown).to.deep.equal(['Uploading 0 files', 'Upload paused', 'Upload 75% complete']);
  });
});

describe('<svc-uploader> progress bars', () => {
  afterEach(unmountAll);

  const RESUMABLE = '{"protocol":"multipart","thresholdBytes":1048576,"chunkSizeBytes":5242880,"maxConcurrentParts":1}';

  /** How much of the track the fill covers, and whether that share sits at the track's start edge. */
  function coverage(track: HTMLElement, direction: 'ltr' | 'rtl') {
    const fill = track.querySelector<HTMLElement>('.progress-fill')!;
    const box = track.getBoundingClientRect();
    const drawn = fill.getBoundingClientRect();
    const left = Math.max(box.left, drawn.left);
    const right = Math.min(box.right, drawn.right);
    const fromStart = direction === 'ltr' ? Math.abs(left - box.left) < 0.5 : Math.abs(right - box.right) < 0.5;
    return { share: Math.round((Math.max(0, right - left) / box.width) * 100) / 100, fromStart, fillWidth: fill.offsetWidth, trackWidth: track.clientWidth };
  }

  for (const direction of ['ltr', 'rtl'] as const) {
    it(`cover the uploaded share from the start edge without resizing the fill (${direction})`, async () => {
      const gate = crypto.randomUUID();
      const i18n = direction === 'rtl' ? ` i18n='{"locale":"ar"}'` : '';
      const element = await mount(`<svc-uploader server-url="/element-fixtures/held/${gate}/1/api" resumable='${RESUMABLE}'${i18n}></svc-uploader>`);
      try {
        await element.addFiles([randomFile('quarter.bin', 20 * 1024 * 1024)]);
        const queued = coverage(part(element, 'file-progress'), direction);
        void element.upload();
        // One part of four is stored, then the next signature is held: the bars rest at 25 %.
        await until(element, () => part(element, 'file-progress').getAttribute('aria-valuenow') === '25', 'a quarter uploaded');
        await until(element, () => part(element, 'overall-progress').getAttribute('aria-valuenow') === '25', 'the run at a quarter');
        await animationsSettled(element);
        for (const name of ['file-progress', 'overall-progress']) {
          const bar = coverage(part(element, name), direction);
          expect(bar.share, name).to.be.closeTo(0.25, 0.02);
          expect(bar.fromStart, name).to.equal(true);
          // The fill keeps the track's size as progress moves: it slides, nothing is laid out again.
          expect(bar.fillWidth, name).to.equal(bar.trackWidth);
        }
        expect(queued.fillWidth).to.equal(queued.trackWidth);
      } finally {
        await fetch(`/element-fixtures/gate/${gate}`, { method: 'POST' });
      }
    });
  }

  it('glide over a step the user can see and jump over one too small to see', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    try {
      const root = host.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = [...uploaderStyles, fileListStyles].map((style) => style.styleSheet!);
      const show = (percent: number) =>
        render(html`<div class="progress" style="inline-size: 400px"><div class="progress-fill" ${progressFill(percent)}></div></div>`, root);
      const fill = () => root.querySelector<HTMLElement>('.progress-fill')!;
      const gliding = () =>
        fill()
          .getAnimations()
          .map((animation) => (animation as CSSTransition).transitionProperty);
      /** Where the fill's end stands now, in pixels from the track's start. */
      const drawnTo = () => fill().getBoundingClientRect().right - root.querySelector('.progress')!.getBoundingClientRect().left;

      show(10);
      expect(gliding()).to.deep.equal([]);
      show(40);
      expect(gliding()).to.deep.equal(['translate']);
      await Promise.all(
        fill()
          .getAnimations()
          .map((animation) => animation.finished),
      );
      expect(drawnTo()).to.be.closeTo(160, 0.5);

      show(40.3);
      expect(gliding()).to.deep.equal([]);
      expect(drawnTo()).to.be.closeTo(161.2, 0.5);

      show(41);
      expect(gliding()).to.deep.equal([]);
      show(42.5);
      expect(gliding()).to.deep.equal(['translate']);
    } finally {
      host.remove();
    }
  });
});
