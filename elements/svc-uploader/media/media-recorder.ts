/**
 * Records a media stream into one File with a container and codec the browser can write, and
 * stops the stream's devices when asked.
 */

const VIDEO_TYPES = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
const AUDIO_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];

function pickRecordingType(kind: 'video' | 'audio'): string {
  const candidates = kind === 'video' ? VIDEO_TYPES : AUDIO_TYPES;
  return candidates.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}

function extensionFor(type: string): string {
  if (type.includes('mp4')) return 'mp4';
  if (type.includes('ogg')) return 'ogg';
  return 'webm';
}

/** `camera-2024-05-01T10-20-30.webm`: sortable, unique enough, safe on every file system. */
export function timestampedName(prefix: string, extension: string): string {
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/:/g, '-');
  return `${prefix}-${stamp}.${extension}`;
}

export class StreamRecording {
  readonly #recorder: MediaRecorder;
  readonly #chunks: Blob[] = [];
  readonly #startedAt = performance.now();
  readonly #stopped: Promise<void>;

  readonly #kind: 'video' | 'audio';
  readonly #namePrefix: string;

  constructor(stream: MediaStream, kind: 'video' | 'audio', namePrefix: string) {
    this.#kind = kind;
    this.#namePrefix = namePrefix;
    const mimeType = pickRecordingType(kind);
    this.#recorder = new MediaRecorder(stream, mimeType ? { mimeType } : {});
    this.#recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) this.#chunks.push(event.data);
    });
    this.#stopped = new Promise((resolve) => this.#recorder.addEventListener('stop', () => resolve(), { once: true }));
    // A timeslice makes the recorder hand over data regularly, so a long capture is not one buffer.
    this.#recorder.start(1000);
  }

  get elapsedMs(): number {
    return performance.now() - this.#startedAt;
  }

  get active(): boolean {
    return this.#recorder.state !== 'inactive';
  }

  /** Ends the recording and resolves with its file and duration. */
  async finish(): Promise<{ file: File; durationMs: number }> {
    const durationMs = Math.round(this.elapsedMs);
    if (this.#recorder.state !== 'inactive') this.#recorder.stop();
    await this.#stopped;
    const type = (this.#recorder.mimeType || pickRecordingType(this.#kind)).split(';')[0] || `${this.#kind}/webm`;
    const file = new File(this.#chunks, timestampedName(this.#namePrefix, extensionFor(type)), { type });
    return { file, durationMs };
  }

  discard(): void {
    if (this.#recorder.state !== 'inactive') this.#recorder.stop();
  }
}

export function stopStream(stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** `m:ss` for the recording timer. */
export function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Maps a getUserMedia/getDisplayMedia failure to its DOMException name and message. */
export function describeMediaError(error: unknown): { code: string; message: string } {
  if (error instanceof DOMException || error instanceof Error) return { code: error.name, message: error.message };
  return { code: 'UnknownError', message: String(error) };
}
