/**
 * The screen source: the user picks a screen, window or tab, the capture records until they stop
 * (here or in the browser's own "stop sharing" bar), and a review step precedes adding it.
 * Loaded only when the user opens it.
 */
import { html, nothing } from 'lit';
import type { SourcePanel, SourcePanelContext } from '../sources/source-panel.js';
import { CapturedMedia } from './captured-media.js';
import { describeMediaError, formatElapsed, StreamRecording, stopStream } from './media-recorder.js';

export function createScreenPanel(context: SourcePanelContext): SourcePanel {
  const supported = typeof navigator.mediaDevices?.getDisplayMedia === 'function';
  let stream: MediaStream | undefined;
  let recording: StreamRecording | undefined;
  let captured: CapturedMedia | undefined;
  let failure: 'permissionDenied' | 'unsupported' | undefined = supported ? undefined : 'unsupported';
  let ticker: ReturnType<typeof setInterval> | undefined;
  let disposed = false;

  const update = () => context.requestUpdate();

  /** Must run from the click itself: browsers only offer screen capture to a user gesture. */
  async function startSharing() {
    failure = undefined;
    try {
      const opened = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      if (disposed) return stopStream(opened);
      stream = opened;
      // The browser's own "Stop sharing" ends the track; treat it like our Stop button.
      opened.getVideoTracks()[0]?.addEventListener('ended', () => void stopSharing(), { once: true });
      recording = new StreamRecording(opened, 'video', 'screen');
      ticker = setInterval(update, 500);
    } catch (error) {
      const { code, message } = describeMediaError(error);
      failure = 'permissionDenied';
      context.fail({ source: 'screen', code, message });
    }
    update();
  }

  async function stopSharing() {
    const active = recording;
    if (!active) return;
    recording = undefined;
    clearInterval(ticker);
    const { file, durationMs } = await active.finish();
    stopStream(stream);
    stream = undefined;
    if (disposed) return;
    captured = new CapturedMedia(file, 'video', durationMs);
    update();
  }

  async function useRecording() {
    const capture = captured;
    if (!capture) return;
    captured = undefined;
    capture.release();
    await context.deliver({ source: 'screen', file: capture.file, recording: { file: capture.file, durationMs: capture.durationMs } });
  }

  function discardRecording() {
    captured?.release();
    captured = undefined;
    update();
  }

  function renderIdle() {
    const { t } = context;
    if (recording) {
      return html`
        <video part="screen-preview" class="media-preview" .srcObject=${stream ?? null} autoplay muted playsinline aria-label=${t('screen.title')}></video>
        <p part="recording-timer" class="recording-timer" role="timer">${t('screen.recording', { elapsed: formatElapsed(recording.elapsedMs) })}</p>
        <div part="media-controls" class="media-controls">
          <button part="screen-stop button button-primary" type="button" @click=${stopSharing}>${t('screen.stop')}</button>
        </div>
      `;
    }
    return html`
      ${failure ? html`<p part="media-error" class="error" role="alert">${t(failure === 'unsupported' ? 'screen.unsupported' : 'screen.permissionDenied')}</p>` : nothing}
      <div part="media-controls" class="media-controls">
        <button part="screen-start button button-primary" type="button" ?disabled=${!supported} @click=${startSharing}>${t('screen.start')}</button>
      </div>
    `;
  }

  function renderReview(capture: CapturedMedia) {
    const { t } = context;
    return html`
      ${capture.render(capture.file.name)}
      <div part="media-controls" class="media-controls">
        <button part="capture-use button button-primary" type="button" @click=${useRecording}>${t('screen.use')}</button>
        <button part="capture-discard button" type="button" @click=${discardRecording}>${t('screen.discard')}</button>
      </div>
    `;
  }

  return {
    source: 'screen',
    render() {
      return html`<div part="screen" class="media-panel">${captured ? renderReview(captured) : renderIdle()}</div>`;
    },
    dispose() {
      disposed = true;
      clearInterval(ticker);
      recording?.discard();
      captured?.release();
      stopStream(stream);
    },
  };
}
