/**
 * The camera source: live preview, photo capture, video recording, front/back switch, and a review
 * step before the capture joins the list. Loaded only when the user opens it.
 */
import { html, nothing } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import type { SourcePanel, SourcePanelContext } from '../sources/source-panel.js';
import { renderIcon } from '../templates/icons.js';
import { CapturedMedia } from './captured-media.js';
import { describeMediaError, formatElapsed, StreamRecording, stopStream, timestampedName } from './media-recorder.js';

type FacingMode = 'user' | 'environment';

export function createCameraPanel(context: SourcePanelContext): SourcePanel {
  const video = createRef<HTMLVideoElement>();
  let facingMode: FacingMode = 'user';
  let stream: MediaStream | undefined;
  let phase: 'starting' | 'live' | 'failed' = 'starting';
  let failure: 'permissionDenied' | 'unavailable' | undefined;
  let currentDeviceId: string | undefined;
  /** Video inputs; a single webcam has nothing to switch to, so the switch button hides. */
  let cameraIds: string[] = [];
  let recording: StreamRecording | undefined;
  let captured: CapturedMedia | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let disposed = false;

  const update = () => context.requestUpdate();

  async function startCamera(deviceId?: string) {
    stopStream(stream);
    stream = undefined;
    phase = 'starting';
    update();
    try {
      // Phones name their cameras by facing; desktops with several webcams are told apart by id.
      const video: MediaTrackConstraints = deviceId ? { deviceId: { exact: deviceId } } : { facingMode: { ideal: facingMode } };
      const opened = await navigator.mediaDevices.getUserMedia({ video, audio: false });
      if (disposed) return stopStream(opened);
      stream = opened;
      phase = 'live';
      const settings = opened.getVideoTracks()[0]?.getSettings();
      if (settings?.facingMode === 'user' || settings?.facingMode === 'environment') facingMode = settings.facingMode;
      currentDeviceId = settings?.deviceId;
      cameraIds = (await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'videoinput').map((device) => device.deviceId);
    } catch (error) {
      phase = 'failed';
      const { code, message } = describeMediaError(error);
      failure = code === 'NotAllowedError' || code === 'SecurityError' ? 'permissionDenied' : 'unavailable';
      context.fail({ source: 'camera', code, message });
    }
    update();
  }

  async function capturePhoto() {
    const element = video.value;
    if (!element || !stream || element.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')!.drawImage(element, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    if (!blob || disposed) return;
    captured = new CapturedMedia(new File([blob], timestampedName('photo', 'jpg'), { type: 'image/jpeg' }), 'image');
    update();
  }

  async function startRecording() {
    if (!stream) return;
    const tracks = [...stream.getVideoTracks()];
    try {
      // Sound is asked for only now, so taking photos never needs the microphone.
      const audio = await navigator.mediaDevices.getUserMedia({ audio: true });
      tracks.push(...audio.getAudioTracks());
    } catch {
      // Without a microphone the video is recorded silent.
    }
    recording = new StreamRecording(new MediaStream(tracks), 'video', 'video');
    ticker = setInterval(update, 500);
    update();
  }

  async function stopRecording() {
    const active = recording;
    if (!active) return;
    recording = undefined;
    clearInterval(ticker);
    const { file, durationMs } = await active.finish();
    for (const track of stream?.getAudioTracks() ?? []) track.stop();
    if (disposed) return;
    captured = new CapturedMedia(file, 'video', durationMs);
    update();
  }

  async function switchCamera() {
    const next = cameraIds[(cameraIds.indexOf(currentDeviceId ?? '') + 1) % cameraIds.length];
    facingMode = facingMode === 'user' ? 'environment' : 'user';
    await startCamera(next);
    context.notify('svc-camera-switch', { facingMode });
  }

  async function useCapture() {
    const capture = captured;
    if (!capture) return;
    captured = undefined;
    capture.release();
    await context.deliver({
      source: 'camera',
      file: capture.file,
      capture: { file: capture.file, kind: capture.kind === 'image' ? 'photo' : 'video', facingMode },
    });
  }

  function discardCapture() {
    captured?.release();
    captured = undefined;
    update();
  }

  function renderLive() {
    const { t } = context;
    const icons = context.icons();
    return html`
      <video part="camera-preview" class="media-preview ${facingMode === 'user' ? 'mirrored' : ''}" ${ref(video)}
        .srcObject=${stream ?? null} autoplay muted playsinline aria-label=${t('camera.preview')}></video>
      ${recording ? html`<p part="recording-timer" class="recording-timer" role="timer">${formatElapsed(recording.elapsedMs)}</p>` : nothing}
      <div part="media-controls" class="media-controls">
        ${recording
          ? html`<button part="camera-stop-recording button button-primary" type="button" @click=${stopRecording}>${t('camera.stopRecording')}</button>`
          : html`
              <button part="camera-capture button button-primary" type="button" ?disabled=${phase !== 'live'} @click=${capturePhoto}>
                ${renderIcon('CameraCaptureIcon', icons)}<span>${t('camera.capture')}</span>
              </button>
              <button part="camera-record button" type="button" ?disabled=${phase !== 'live'} @click=${startRecording}>${t('camera.startRecording')}</button>
              ${cameraIds.length > 1
                ? html`<button part="camera-switch button" type="button" @click=${switchCamera} aria-label=${t('camera.switch')}>
                    ${renderIcon('CameraRotateIcon', icons)}</button>`
                : nothing}`}
      </div>
    `;
  }

  function renderReview(capture: CapturedMedia) {
    const { t } = context;
    const isPhoto = capture.kind === 'image';
    return html`
      ${capture.render(capture.file.name)}
      <div part="media-controls" class="media-controls">
        <button part="capture-use button button-primary" type="button" @click=${useCapture}>${t(isPhoto ? 'camera.usePhoto' : 'camera.useVideo')}</button>
        <button part="capture-discard button" type="button" @click=${discardCapture}>
          ${renderIcon('CameraDeleteIcon', context.icons())}<span>${t(isPhoto ? 'camera.retake' : 'camera.discard')}</span>
        </button>
      </div>
    `;
  }

  return {
    source: 'camera',
    open: () => startCamera(),
    render() {
      if (phase === 'failed') {
        return html`<p part="media-error" class="error" role="alert">${context.t(failure === 'permissionDenied' ? 'camera.permissionDenied' : 'camera.unavailable')}</p>`;
      }
      return html`<div part="camera" class="media-panel">${captured ? renderReview(captured) : renderLive()}</div>`;
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
