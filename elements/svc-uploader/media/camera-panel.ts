/**
 * The camera source: live preview, photo capture, video recording, front/back switch, and a review
 * step before the capture joins the list. Loaded only when the user opens it.
 */
import { html, nothing } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import type { SourcePanel, SourcePanelContext } from '../sources/source-panel.js';
import { renderIcon } from '../shell/icons.js';
import { CapturedMedia } from './captured-media.js';
import { describeMediaError, stopStream, timestampedName } from './media-recorder.js';
import { RecordingController, renderMediaError, toDeviceFailure } from './recording-controller.js';

type FacingMode = 'user' | 'environment';

export function createCameraPanel(context: SourcePanelContext): SourcePanel {
  const video = createRef<HTMLVideoElement>();
  let facingMode: FacingMode = 'user';
  let stream: MediaStream | undefined;
  /** The microphone opened for one video recording; it must be released when the recording ends. */
  let recordingMicrophone: MediaStream | undefined;
  let phase: 'starting' | 'live' | 'failed' = 'starting';
  let failure: 'permissionDenied' | 'unavailable' | undefined;
  let currentDeviceId: string | undefined;
  /** Video inputs; a single webcam has nothing to switch to, so the switch button hides. */
  let cameraIds: string[] = [];

  const update = () => context.requestUpdate();
  const recorder = new RecordingController(update);

  async function startCamera(deviceId?: string) {
    stopStream(stream);
    stream = undefined;
    phase = 'starting';
    update();
    try {
      // Phones name their cameras by facing; desktops with several webcams are told apart by id.
      const video: MediaTrackConstraints = deviceId ? { deviceId: { exact: deviceId } } : { facingMode: { ideal: facingMode } };
      const opened = await navigator.mediaDevices.getUserMedia({ video, audio: false });
      if (recorder.disposed) return stopStream(opened);
      stream = opened;
      phase = 'live';
      const settings = opened.getVideoTracks()[0]?.getSettings();
      if (settings?.facingMode === 'user' || settings?.facingMode === 'environment') facingMode = settings.facingMode;
      currentDeviceId = settings?.deviceId;
      cameraIds = (await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'videoinput').map((device) => device.deviceId);
    } catch (error) {
      phase = 'failed';
      const { code, message } = describeMediaError(error);
      failure = toDeviceFailure(code);
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
    if (!blob || recorder.disposed) return;
    recorder.review(new CapturedMedia(new File([blob], timestampedName('photo', 'jpg'), { type: 'image/jpeg' }), 'image'));
  }

  async function startRecording() {
    if (!stream) return;
    const tracks = [...stream.getVideoTracks()];
    try {
      // Sound is asked for only now, so taking photos never needs the microphone.
      recordingMicrophone = await navigator.mediaDevices.getUserMedia({ audio: true });
      tracks.push(...recordingMicrophone.getAudioTracks());
    } catch {
      // Without a microphone the video is recorded silent.
    }
    recorder.start(new MediaStream(tracks), 'video', 'video');
  }

  function stopRecording() {
    return recorder.stop(releaseRecordingMicrophone);
  }

  function releaseRecordingMicrophone() {
    stopStream(recordingMicrophone);
    recordingMicrophone = undefined;
  }

  async function switchCamera() {
    const next = cameraIds[(cameraIds.indexOf(currentDeviceId ?? '') + 1) % cameraIds.length];
    facingMode = facingMode === 'user' ? 'environment' : 'user';
    await startCamera(next);
    context.notify('svc-camera-switch', { facingMode });
  }

  function useCapture() {
    return recorder.use(({ file, kind }) =>
      context.deliver({
        source: 'camera',
        file,
        capture: { file, kind: kind === 'image' ? 'photo' : 'video', facingMode },
      }),
    );
  }

  function renderLive() {
    const { t } = context;
    const icons = context.icons();
    return html`
      <video part="camera-preview" class="media-preview ${facingMode === 'user' ? 'mirrored' : ''}" ${ref(video)}
        .srcObject=${stream ?? null} autoplay muted playsinline aria-label=${t('camera.preview')}></video>
      ${recorder.renderTimer()}
      <div part="media-controls" class="media-controls">
        ${
          recorder.isRecording
            ? html`<button part="camera-stop-recording button button-primary" type="button" @click=${stopRecording}>${t('camera.stopRecording')}</button>`
            : html`
              <button part="camera-capture button button-primary" type="button" ?disabled=${phase !== 'live'} @click=${capturePhoto}>
                ${renderIcon('CameraCaptureIcon', icons)}<span>${t('camera.capture')}</span>
              </button>
              <button part="camera-record button" type="button" ?disabled=${phase !== 'live'} @click=${startRecording}>${t('camera.startRecording')}</button>
              ${
                cameraIds.length > 1
                  ? html`<button part="camera-switch button" type="button" @click=${switchCamera} aria-label=${t('camera.switch')}>
                    ${renderIcon('CameraRotateIcon', icons)}</button>`
                  : nothing
              }`
        }
      </div>
    `;
  }

  function renderReview(captured: CapturedMedia) {
    const { t } = context;
    const isPhoto = captured.kind === 'image';
    return recorder.renderReview(captured, {
      use: t(isPhoto ? 'camera.usePhoto' : 'camera.useVideo'),
      discard: html`${renderIcon('CameraDeleteIcon', context.icons())}<span>${t(isPhoto ? 'camera.retake' : 'camera.discard')}</span>`,
      onUse: useCapture,
    });
  }

  return {
    source: 'camera',
    open: () => startCamera(),
    render() {
      if (phase === 'failed') return renderMediaError(context.t(failure === 'permissionDenied' ? 'camera.permissionDenied' : 'camera.unavailable'));
      const captured = recorder.captured;
      return html`<div part="camera" class="media-panel">${captured ? renderReview(captured) : renderLive()}</div>`;
    },
    dispose() {
      recorder.dispose();
      releaseRecordingMicrophone();
      stopStream(stream);
    },
  };
}
