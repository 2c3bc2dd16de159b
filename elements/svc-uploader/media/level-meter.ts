/**
 * Measures how loud a microphone stream is, so the user sees that the right device is picked up
 * before and while recording. Reports a level in 0..1 once per animation frame.
 */
export class LevelMeter {
  readonly #context = new AudioContext();
  readonly #analyser: AnalyserNode;
  readonly #samples: Float32Array<ArrayBuffer>;
  #frame = 0;
  level = 0;

  readonly #onLevel: (level: number) => void;

  constructor(stream: MediaStream, onLevel: (level: number) => void) {
    this.#onLevel = onLevel;
    const source = this.#context.createMediaStreamSource(stream);
    this.#analyser = this.#context.createAnalyser();
    this.#analyser.fftSize = 1024;
    this.#samples = new Float32Array(this.#analyser.fftSize);
    source.connect(this.#analyser);
    // A context created outside a user gesture may start suspended.
    void this.#context.resume();
    this.#tick();
  }

  readonly #tick = () => {
    this.#analyser.getFloatTimeDomainData(this.#samples);
    let sum = 0;
    for (const sample of this.#samples) sum += sample * sample;
    const rms = Math.sqrt(sum / this.#samples.length);
    // Speech sits around 0.05–0.3 RMS; scale so normal speaking fills most of the meter.
    this.level = Math.min(1, rms * 4);
    this.#onLevel(this.level);
    this.#frame = requestAnimationFrame(this.#tick);
  };

  stop(): void {
    cancelAnimationFrame(this.#frame);
    void this.#context.close();
  }
}
