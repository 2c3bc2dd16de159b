/**
 * The screen source: the user picks a screen, window or tab, the capture records until they stop
 * (here or in the browser's own "stop sharing" bar), and a review step precedes adding it.
 * Loaded only when the user opens it.
 */
import { html, nothing } from 'lit';
import type { SourcePanel, SourcePanelContext } from '../sources/source-panel.js';
import { describeMediaError, stopStream } from './media-recorder.js';
import { RecordingController, renderMediaError } from './recording-controller.js';

export function createScreenPanel(context: SourcePanelContext): SourcePanel {
  const supported = typeof navigator.mediaDevices?.getDisplayMedia === 'function';
  let stream: MediaStream | undefined;
  let failure: 'permissionDenied' | 'unsupported' | undefined = supported ? undefined : 'unsupported';

  const update = () => context.requestUpdate();
  const recorder = new RecordingController(update);

  /** Must run from the click itself: browsers only offer screen capture to a user gesture. */
  async function startSharing() {
    failure = undefined;
    try {
      const opened = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      if (recorder.disposed) return stopStream(opened);
      stream = opened;
      // The browser's own "Stop sharing" ends the track; treat it like our Stop button.
      opened.getVideoTracks()[0]?.addEventListener('ended', () => void stopSharing(), { once: true });
      recorder.start(opened, 'video', 'screen');
    } catch (error) {
      const { code, message } = describeMediaError(error);
      failure = 'permissionDenied';
      context.fail({ source: 'screen', code, message });
    }
    update();
  }

  function stopSharing() {
    return recorder.stop(() => {
      stopStream(stream);
      stream = undefined;
    });
  }

  const useRecording = () => recorder.use(({ file, durationMs }) => context.deliver({ source: 'screen', file, recording: { file, durationMs } }));

  function renderIdle() {
    const { t } = context;
    if (recorder.isRecording) {
      return html`
        <video part="screen-preview" class="media-preview" .srcObject=${stream ?? null} autoplay muted playsinline aria-label=${t('screen.title')}></video>
        ${recorder.renderTimer((elapsed) => t('screen.recording', { elapsed }))}
        <div part="media-controls" class="media-controls">
          <button part="screen-stop button button-primary" type="button" @click=${stopSharing}>${t('screen.stop')}</button>
        </div>
      `;
    }
    return html`
      ${failure ? renderMediaError(t(failure === 'unsupported' ? 'screen.unsupported' : 'screen.permissionDenied')) : nothing}
      <div part="media-controls" class="media-controls">
        <button part="screen-start button button-primary" type="button" ?disabled=${!supported} @click=${startSharing}>${t('screen.start')}</button>
      </div>
    `;
  }

  return {
    source: 'screen',
    render() {
      const { t } = context;
      const captured = recorder.captured;
      const review = captured && recorder.renderReview(captured, { use: t('screen.use'), discard: t('screen.discard'), onUse: useRecording });
      return html`<div part="screen" class="media-panel">${review ?? renderIdle()}</div>`;
    },
    dispose() {
      recorder.dispose();
      stopStream(stream);
    },
  };
}
