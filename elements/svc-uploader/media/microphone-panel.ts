/**
 * The microphone source: a live level meter, record/stop with a timer, and a review step before
 * the recording joins the list. Loaded only when the user opens it.
 */
import { html, nothing } from 'lit';
import type { SourcePanel, SourcePanelContext } from '../sources/source-panel.js';
import { CapturedMedia } from './captured-media.js';
import { LevelMeter } from './level-meter.js';
import { describeMediaError, formatElapsed, StreamRecording, stopStream } from './media-recorder.js';

export function createMicrophonePanel(context: SourcePanelContext): SourcePanel {
  let stream: MediaStream | undefined;
  let meter: LevelMeter | undefined;
  let phase: 'starting' | 'live' | 'failed' = 'starting';
  let failure: 'permissionDenied' | 'unavailable' | undefined;
  let recording: StreamRecording | undefined;
  let captured: CapturedMedia | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let disposed = false;
  let shownLevel = 0;

  const update = () => context.requestUpdate();

  async function open() {
    try {
      const opened = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
      if (disposed) return stopStream(opened);
      stream = opened;
      phase = 'live';
      meter = new LevelMeter(opened, (level) => {
        // Re-render only when the meter visibly moves, not on every animation frame.
        if (Math.abs(level - shownLevel) >= 0.02) {
          shownLevel = level;
          update();
        }
      });
    } catch (error) {
      phase = 'failed';
      const { code, message } = describeMediaError(error);
      failure = code === 'NotAllowedError' || code === 'SecurityError' ? 'permissionDenied' : 'unavailable';
      context.fail({ source: 'microphone', code, message });
    }
    update();
  }

  function startRecording() {
    if (!stream) return;
    recording = new StreamRecording(stream, 'audio', 'recording');
    ticker = setInterval(update, 500);
    update();
  }

  async function stopRecording() {
    const active = recording;
    if (!active) return;
    recording = undefined;
    clearInterval(ticker);
    const { file, durationMs } = await active.finish();
    if (disposed) return;
    captured = new CapturedMedia(file, 'audio', durationMs);
    update();
  }

  async function useRecording() {
    const capture = captured;
    if (!capture) return;
    captured = undefined;
    capture.release();
    await context.deliver({ source: 'microphone', file: capture.file, recording: { file: capture.file, durationMs: capture.durationMs } });
  }

  function discardRecording() {
    captured?.release();
    captured = undefined;
    update();
  }

  function renderLive() {
    const { t } = context;
    return html`
      <meter part="level-meter" class="level-meter" min="0" max="1" low="0.6" high="0.9" optimum="0.3"
        .value=${shownLevel} aria-label=${t('microphone.title')}></meter>
      ${recording
        ? html`<p part="recording-timer" class="recording-timer" role="timer">${t('microphone.recording', { elapsed: formatElapsed(recording.elapsedMs) })}</p>`
        : nothing}
      <div part="media-controls" class="media-controls">
        ${recording
          ? html`<button part="microphone-stop button button-primary" type="button" @click=${stopRecording}>${t('microphone.stop')}</button>`
          : html`<button part="microphone-start button button-primary" type="button" ?disabled=${phase !== 'live'} @click=${startRecording}>${t('microphone.start')}</button>`}
      </div>
    `;
  }

  function renderReview(capture: CapturedMedia) {
    const { t } = context;
    return html`
      ${capture.render(capture.file.name)}
      <div part="media-controls" class="media-controls">
        <button part="capture-use button button-primary" type="button" @click=${useRecording}>${t('microphone.use')}</button>
        <button part="capture-discard button" type="button" @click=${discardRecording}>${t('microphone.discard')}</button>
      </div>
    `;
  }

  return {
    source: 'microphone',
    open,
    render() {
      if (phase === 'failed') {
        return html`<p part="media-error" class="error" role="alert">${context.t(failure === 'permissionDenied' ? 'microphone.permissionDenied' : 'microphone.unavailable')}</p>`;
      }
      return html`<div part="microphone" class="media-panel">${captured ? renderReview(captured) : renderLive()}</div>`;
    },
    dispose() {
      disposed = true;
      clearInterval(ticker);
      recording?.discard();
      meter?.stop();
      captured?.release();
      stopStream(stream);
    },
  };
}
