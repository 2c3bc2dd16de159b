/**
 * The microphone source: a live level meter, record/stop with a timer, and a review step before
 * the recording joins the list. Loaded only when the user opens it.
 */
import { html } from 'lit';
import type { SourcePanel, SourcePanelContext } from '../sources/source-panel.js';
import { LevelMeter } from './level-meter.js';
import { describeMediaError, stopStream } from './media-recorder.js';
import { RecordingController, renderMediaError, toDeviceFailure } from './recording-controller.js';

export function createMicrophonePanel(context: SourcePanelContext): SourcePanel {
  let stream: MediaStream | undefined;
  let meter: LevelMeter | undefined;
  let phase: 'starting' | 'live' | 'failed' = 'starting';
  let failure: 'permissionDenied' | 'unavailable' | undefined;
  let shownLevel = 0;

  const update = () => context.requestUpdate();
  const recorder = new RecordingController(update);

  async function open() {
    try {
      const opened = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
      if (recorder.disposed) return stopStream(opened);
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
      failure = toDeviceFailure(code);
      context.fail({ source: 'microphone', code, message });
    }
    update();
  }

  function startRecording() {
    if (!stream) return;
    recorder.start(stream, 'audio', 'recording');
  }

  const stopRecording = () => recorder.stop();

  const useRecording = () => recorder.use(({ file, durationMs }) => context.deliver({ source: 'microphone', file, recording: { file, durationMs } }));

  function renderLive() {
    const { t } = context;
    return html`
      <meter part="level-meter" class="level-meter" min="0" max="1" low="0.6" high="0.9" optimum="0.3"
        .value=${shownLevel} aria-label=${t('microphone.title')}></meter>
      ${recorder.renderTimer((elapsed) => t('microphone.recording', { elapsed }))}
      <div part="media-controls" class="media-controls">
        ${
          recorder.isRecording
            ? html`<button part="microphone-stop button button-primary" type="button" @click=${stopRecording}>${t('microphone.stop')}</button>`
            : html`<button part="microphone-start button button-primary" type="button" ?disabled=${phase !== 'live'} @click=${startRecording}>${t('microphone.start')}</button>`
        }
      </div>
    `;
  }

  return {
    source: 'microphone',
    open,
    render() {
      const { t } = context;
      if (phase === 'failed') return renderMediaError(t(failure === 'permissionDenied' ? 'microphone.permissionDenied' : 'microphone.unavailable'));
      const captured = recorder.captured;
      const review = captured && recorder.renderReview(captured, { use: t('microphone.use'), discard: t('microphone.discard'), onUse: useRecording });
      return html`<div part="microphone" class="media-panel">${review ?? renderLive()}</div>`;
    },
    dispose() {
      recorder.dispose();
      meter?.stop();
      stopStream(stream);
    },
  };
}
