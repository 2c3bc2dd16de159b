/**
 * What the camera, microphone and screen panels share: a recording and its timer, the capture that
 * then waits for review, using or discarding it, and letting go of all of it when the panel closes.
 * Each panel keeps what differs: the devices it opens, its live view and what it delivers.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { CapturedMedia } from './captured-media.js';
import { formatElapsed, StreamRecording } from './media-recorder.js';

/** How often the panel re-renders while recording, so the timer on screen moves. */
const TIMER_REFRESH_MS = 500;

export class RecordingController {
  #recording?: StreamRecording;
  #kind: 'video' | 'audio' = 'video';
  #ticker?: ReturnType<typeof setInterval>;
  #closed = false;
  #pending?: CapturedMedia;

  readonly #update: () => void;

  constructor(update: () => void) {
    this.#update = update;
  }

  /** The capture waiting for the user's decision. */
  get captured(): CapturedMedia | undefined {
    return this.#pending;
  }

  get isRecording(): boolean {
    return this.#recording !== undefined;
  }

  /** The panel has closed: results that arrive later are dropped (and their devices stopped). */
  get disposed(): boolean {
    return this.#closed;
  }

  /** Records `stream` into a file named `<namePrefix>-<time>`; the panel re-renders as time passes. */
  start(stream: MediaStream, kind: 'video' | 'audio', namePrefix: string): void {
    this.#recording = new StreamRecording(stream, kind, namePrefix);
    this.#kind = kind;
    this.#ticker = setInterval(this.#update, TIMER_REFRESH_MS);
    this.#update();
  }

  /**
   * Ends the recording; the file then waits for review. `afterFinish` runs once it is written,
   * whether or not the panel is still open (the place to stop devices the recording used).
   */
  async stop(afterFinish?: () => void): Promise<void> {
    const active = this.#recording;
    if (!active) return;
    this.#recording = undefined;
    clearInterval(this.#ticker);
    const { file, durationMs } = await active.finish();
    afterFinish?.();
    if (this.#closed) return;
    this.#pending = new CapturedMedia(file, this.#kind, durationMs);
    this.#update();
  }

  /** Puts a capture that was not recorded (a photo) up for review. */
  review(capture: CapturedMedia): void {
    this.#pending = capture;
    this.#update();
  }

  /** Hands the capture under review to `deliver`, releasing its preview first. */
  async use(deliver: (capture: CapturedMedia) => Promise<unknown>): Promise<void> {
    const capture = this.#pending;
    if (!capture) return;
    this.#pending = undefined;
    capture.release();
    await deliver(capture);
  }

  readonly discard = (): void => {
    this.#pending?.release();
    this.#pending = undefined;
    this.#update();
  };

  /** The panel closes: the timer stops, a running recording is dropped, the preview released. */
  dispose(): void {
    this.#closed = true;
    clearInterval(this.#ticker);
    this.#recording?.discard();
    this.#pending?.release();
  }

  /** The running timer, `label` wrapping the elapsed `m:ss`; nothing when not recording. */
  renderTimer(label: (elapsed: string) => string = (elapsed) => elapsed): TemplateResult | typeof nothing {
    if (!this.#recording) return nothing;
    return html`<p part="recording-timer" class="recording-timer" role="timer">${label(formatElapsed(this.#recording.elapsedMs))}</p>`;
  }

  /** The capture under review with its use and discard buttons. */
  renderReview(capture: CapturedMedia, controls: { use: string; discard: unknown; onUse: () => unknown }): TemplateResult {
    return html`
      ${capture.render(capture.file.name)}
      <div part="media-controls" class="media-controls">
        <button part="capture-use button button-primary" type="button" @click=${controls.onUse}>${controls.use}</button>
        <button part="capture-discard button" type="button" @click=${this.discard}>${controls.discard}</button>
      </div>
    `;
  }
}

/** Why a device could not be opened, as the panel words it: refused (by the user or a policy) or missing. */
export function toDeviceFailure(code: string): 'permissionDenied' | 'unavailable' {
  return code === 'NotAllowedError' || code === 'SecurityError' ? 'permissionDenied' : 'unavailable';
}

export function renderMediaError(message: string): TemplateResult {
  return html`<p part="media-error" class="error" role="alert">${message}</p>`;
}
