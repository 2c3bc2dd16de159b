// Camera, microphone and screen capture against Chromium's fake devices
// (--use-fake-device-for-media-stream with two cameras, --use-fake-ui-for-media-stream,
// --auto-select-desktop-capture-source).
import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { animationsSettled, maybePart, mount, nextEvent, part, sha256, storedBytes, unmountAll, until, type SvcUploader } from './helpers.js';

function loadedModules(): string[] {
  return performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
}

async function openSource(element: SvcUploader, source: 'camera' | 'microphone' | 'screen'): Promise<void> {
  part(element, `source-chip-${source}`).click();
  await until(element, () => maybePart(element, source) !== null, `the ${source} panel`);
}

/** A real click, with the user activation that screen capture requires, where the user sees the control. */
async function realClick(element: SvcUploader, target: HTMLElement): Promise<void> {
  await animationsSettled(element);
  const box = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

async function recordFor(element: SvcUploader, seconds: number): Promise<void> {
  await until(element, () => maybePart(element, 'recording-timer')?.textContent?.includes(`0:0${seconds}`) ?? false, `${seconds} s of recording`);
}

async function useCaptureAndUpload(element: SvcUploader): Promise<{ added: File; stored: ArrayBuffer }> {
  const added = nextEvent(element, 'svc-files-add');
  part(element, 'capture-use').click();
  const [record] = (await added).detail.files;
  await until(element, () => maybePart(element, 'source-view') === null, 'the panel to close');
  const complete = nextEvent(element, 'svc-file-upload-complete');
  await element.upload();
  const { detail } = await complete;
  return { added: record!.file, stored: await storedBytes(detail.result.downloadUrl!) };
}

describe('<svc-uploader> media sources', () => {
  afterEach(unmountAll);

  it('reports a camera the page may not use once, and says so', async () => {
    // A frame whose permissions policy forbids the camera: the browser itself refuses access,
    // exactly as it does for a user's or an administrator's block.
    const frame = document.createElement('iframe');
    frame.className = 'test-host';
    frame.setAttribute('allow', "camera 'none'; microphone 'none'");
    frame.srcdoc = `<script type="module" src="${new URL('../../../elements/index.ts', import.meta.url).pathname}"></script>
      <svc-uploader server-url="/api/upload"></svc-uploader>`;
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    const frameWindow = frame.contentWindow as Window & typeof globalThis;
    await frameWindow.customElements.whenDefined('svc-uploader');
    const element = frame.contentDocument!.querySelector('svc-uploader') as SvcUploader;
    await element.updateComplete;
    const errors: CustomEvent[] = [];
    element.addEventListener('svc-error', (event) => errors.push(event));
    const refused = nextEvent(element, 'svc-error');
    await openSource(element, 'camera');
    const { detail } = await refused;
    expect(detail).to.include({ scope: 'media', source: 'camera', code: 'NotAllowedError' });
    await element.updateComplete;
    expect(part(element, 'media-error').textContent).to.equal('Camera access was denied. Allow it in your browser settings to continue.');
    expect(errors).to.have.length(1);
  });

  it('loads the camera panel only when opened, takes a photo and uploads it', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    expect(loadedModules().some((path) => path.endsWith('/camera-panel.ts'))).to.equal(false);
    await openSource(element, 'camera');
    expect(loadedModules().some((path) => path.endsWith('/camera-panel.ts'))).to.equal(true);

    const preview = part<HTMLVideoElement>(element, 'camera-preview');
    await until(element, () => preview.videoWidth > 0, 'camera frames');
    part(element, 'camera-capture').click();
    await until(element, () => maybePart(element, 'capture-review') !== null, 'the photo to review');
    expect(part(element, 'capture-review').tagName).to.equal('IMG');

    const captured = nextEvent(element, 'svc-camera-capture');
    const { added, stored } = await useCaptureAndUpload(element);
    const { detail } = await captured;
    expect(detail.kind).to.equal('photo');
    expect(detail.facingMode).to.be.oneOf(['user', 'environment']);
    expect(detail.file.type).to.equal('image/jpeg');
    expect(detail.file).to.equal(added);
    expect(await sha256(stored)).to.equal(await sha256(detail.file));
    // The camera is released once the panel closes.
    expect((preview.srcObject as MediaStream).getTracks().every((track) => track.readyState === 'ended')).to.equal(true);
  });

  it('records a video with the camera, then releases the microphone it opened for the sound', async () => {
    // Keep hold of every real stream the page opens, to see which devices stay on afterwards.
    const opened: MediaStream[] = [];
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      opened.push(stream);
      return stream;
    };
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    await openSource(element, 'camera');
    await until(element, () => part<HTMLVideoElement>(element, 'camera-preview').videoWidth > 0, 'camera frames');
    part(element, 'camera-record').click();
    await recordFor(element, 1);
    part(element, 'camera-stop-recording').click();
    await until(element, () => maybePart(element, 'capture-review') !== null, 'the video to review');
    navigator.mediaDevices.getUserMedia = getUserMedia;
    const microphoneTracks = opened.flatMap((stream) => stream.getAudioTracks());
    expect(microphoneTracks).to.have.length.greaterThan(0);
    expect(microphoneTracks.map((track) => track.readyState)).to.deep.equal(microphoneTracks.map(() => 'ended'));
    const captured = nextEvent(element, 'svc-camera-capture');
    const { stored } = await useCaptureAndUpload(element);
    const { detail } = await captured;
    expect(detail.kind).to.equal('video');
    expect(detail.file.type).to.match(/^video\//);
    expect(detail.file.size).to.be.greaterThan(0);
    expect(await sha256(stored)).to.equal(await sha256(detail.file));
  });

  it('switches between cameras', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    await openSource(element, 'camera');
    await until(element, () => maybePart(element, 'camera-switch') !== null, 'the switch button');
    const before = (part<HTMLVideoElement>(element, 'camera-preview').srcObject as MediaStream).getVideoTracks()[0]!.getSettings().deviceId;
    const switched = nextEvent(element, 'svc-camera-switch');
    part(element, 'camera-switch').click();
    const { detail } = await switched;
    expect(detail.facingMode).to.be.oneOf(['user', 'environment']);
    await element.updateComplete;
    const after = (part<HTMLVideoElement>(element, 'camera-preview').srcObject as MediaStream).getVideoTracks()[0]!.getSettings().deviceId;
    expect(after).not.to.equal(before);
  });

  it('shows the microphone level and records audio', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    await openSource(element, 'microphone');
    const meter = () => part<HTMLMeterElement>(element, 'level-meter');
    await until(element, () => meter().value > 0, 'a sound level');
    part(element, 'microphone-start').click();
    await recordFor(element, 1);
    part(element, 'microphone-stop').click();
    await until(element, () => maybePart(element, 'capture-review') !== null, 'the recording to review');
    expect(part(element, 'capture-review').tagName).to.equal('AUDIO');
    const recorded = nextEvent(element, 'svc-audio-record');
    const { stored } = await useCaptureAndUpload(element);
    const { detail } = await recorded;
    expect(detail.durationMs).to.be.at.least(1000);
    expect(detail.file.type).to.match(/^audio\//);
    expect(await sha256(stored)).to.equal(await sha256(detail.file));
  });

  it('records the screen after a real click', async () => {
    const element = await mount('<svc-uploader server-url="/api/upload"></svc-uploader>');
    await openSource(element, 'screen');
    await realClick(element, part(element, 'screen-start'));
    await until(element, () => maybePart(element, 'screen-stop') !== null, 'screen sharing');
    await recordFor(element, 1);
    part(element, 'screen-stop').click();
    await until(element, () => maybePart(element, 'capture-review') !== null, 'the recording to review');
    const recorded = nextEvent(element, 'svc-screen-record');
    const { stored } = await useCaptureAndUpload(element);
    const { detail } = await recorded;
    expect(detail.file.type).to.match(/^video\//);
    expect(detail.durationMs).to.be.at.least(1000);
    expect(await sha256(stored)).to.equal(await sha256(detail.file));
  });
});
