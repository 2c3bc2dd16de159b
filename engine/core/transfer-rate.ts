/**
 * Transfer rate and time left, from samples of "bytes sent so far". Pure and clock-injected, so
 * its behaviour can be replayed exactly in tests.
 *
 * The rate is the bytes sent across a sliding window of recent samples, divided by the window's
 * duration, then smoothed with an exponential moving average weighted by elapsed time. The window
 * is what keeps bursty progress calm: a multipart upload may report nothing for a second and then
 * several parts at once, and a rate between two neighbouring samples would swing from zero to
 * many times the real speed. The average on top removes what jitter is left.
 *
 * Nothing is reported until the estimate has a basis (`minimumSpanMs` of samples and
 * `minimumBytes` sent), since a figure made from the first few hundred milliseconds of a
 * connection (slow start, the first part still in flight) is usually wrong by a factor.
 */

export interface TransferEstimate {
  /** Smoothed bytes per second; undefined until the estimate is stable. */
  bytesPerSecond?: number;
  /** Seconds until the remaining bytes are sent at that rate (fractional); undefined with it. */
  secondsRemaining?: number;
}

export interface TransferRateSettings {
  /** How far back samples count towards the raw rate. */
  windowMs: number;
  /** Samples must span at least this long before a rate is reported. */
  minimumSpanMs: number;
  /** And at least this many bytes must have been sent since the first sample. */
  minimumBytes: number;
  /** Time constant of the moving average: older window rates fade with `exp(-elapsed / smoothingMs)`. */
  smoothingMs: number;
}

const TRANSFER_RATE_DEFAULTS: TransferRateSettings = {
  windowMs: 10_000,
  minimumSpanMs: 2_000,
  minimumBytes: 16 * 1024,
  smoothingMs: 3_000,
};

interface Sample {
  at: number;
  bytes: number;
}

const monotonicClock = (): number => globalThis.performance?.now() ?? Date.now();

export class TransferRateEstimator {
  #samples: Sample[] = [];
  /** The first sample since the last reset: what "stable" is measured from. */
  #origin?: Sample;
  #smoothed?: number;
  readonly #settings: TransferRateSettings;

  readonly #now: () => number;

  constructor(now: () => number = monotonicClock, settings: Partial<TransferRateSettings> = {}) {
    this.#now = now;
    this.#settings = { ...TRANSFER_RATE_DEFAULTS, ...settings };
  }

  /** Records the total bytes sent so far. A smaller total than before (an attempt restarted) starts over. */
  record(bytesSent: number): void {
    const at = this.#now();
    const last = this.#samples.at(-1);
    if (last && bytesSent < last.bytes) this.reset();
    const previous = this.#samples.at(-1);
    if (previous && at <= previous.at) {
      previous.bytes = bytesSent;
      return;
    }
    const sample = { at, bytes: bytesSent };
    this.#samples.push(sample);
    this.#origin ??= sample;
    // Keep one sample at or before the window's start, so the window always covers its full span.
    while (this.#samples.length > 2 && this.#samples[1]!.at <= at - this.#settings.windowMs) this.#samples.shift();
    if (!previous) return;
    const first = this.#samples[0]!;
    const windowRate = ((bytesSent - first.bytes) / (at - first.at)) * 1000;
    // Until there is a basis the average keeps no memory, so a silent start (the first part still in
    // flight) does not drag the first figure shown towards zero.
    if (this.#smoothed === undefined || !this.#hasBasis(sample)) {
      this.#smoothed = windowRate;
      return;
    }
    const weight = 1 - Math.exp(-(at - previous.at) / this.#settings.smoothingMs);
    this.#smoothed += weight * (windowRate - this.#smoothed);
  }

  #hasBasis(last: Sample): boolean {
    const origin = this.#origin;
    return origin !== undefined && last.at - origin.at >= this.#settings.minimumSpanMs && last.bytes - origin.bytes >= this.#settings.minimumBytes;
  }

  /** Forgets every sample (pause, offline, a new run): the next estimate waits for a fresh basis. */
  reset(): void {
    this.#samples = [];
    this.#origin = undefined;
    this.#smoothed = undefined;
  }

  /** The rate and the time `bytesRemaining` will take; both undefined while there is no stable estimate. */
  estimate(bytesRemaining: number): TransferEstimate {
    const last = this.#samples.at(-1);
    const rate = this.#smoothed;
    if (!last || rate === undefined || rate <= 0 || !this.#hasBasis(last)) return {};
    // Nothing heard for a whole window: the last figure no longer describes the connection.
    if (this.#now() - last.at > this.#settings.windowMs) return {};
    return { bytesPerSecond: rate, secondsRemaining: Math.max(0, bytesRemaining) / rate };
  }
}
