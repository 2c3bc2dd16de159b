import type { PreparedPart } from './part-body.js';

/** A part URL is not sent after this share of its lifetime has passed (a PUT must start before expiry). */
const EXPIRY_SAFETY_SHARE = 0.1;
/** ...and never later than a minute before its expiry. */
const MAX_EXPIRY_SAFETY_MS = 60_000;

interface SignedPart {
  prepared: PreparedPart;
  /** Last moment a PUT may start with this URL, counted from when the sign request left. */
  usableUntil: number;
}

/**
 * Signs part URLs ahead of their PUTs, so a part never waits on a `/multipart/sign-part` round
 * trip once the previous part's PUT ends. The window is bounded: at most `aheadCount` parts past
 * the last part taken for upload are signed, so signed URLs are used soon after they are made;
 * one that has aged past its `expiresIn` (minus a margin) anyway, for example behind a stalled
 * sibling, is signed again instead of being sent to storage.
 */
export class PartSigningPipeline {
  readonly #signed = new Map<number, Promise<SignedPart>>();
  /** URLs signed elsewhere (by `/multipart/init`), each used at most once, for its first attempt. */
  readonly #seeded = new Map<number, { prepared: PreparedPart; sentAt: number }>();
  #nextToSign = 0;

  /** Reads (and with checksumVerification hashes) one part and signs its URL. */
  readonly #prepare: (partNumber: number) => Promise<PreparedPart>;
  /** Part numbers in upload order. */
  readonly #partNumbers: readonly number[];
  readonly #aheadCount: number;
  readonly #signal: AbortSignal;

  constructor(prepare: (partNumber: number) => Promise<PreparedPart>, partNumbers: readonly number[], aheadCount: number, signal: AbortSignal) {
    this.#prepare = prepare;
    this.#partNumbers = partNumbers;
    this.#aheadCount = aheadCount;
    this.#signal = signal;
  }

  /** The part at `index` is taken for upload: make sure it and the window after it (`aheadCount` parts by default) are being signed. */
  fillFrom(index: number, aheadCount = this.#aheadCount): void {
    const last = Math.min(this.#partNumbers.length, index + 1 + aheadCount);
    while (this.#nextToSign < last && !this.#signal.aborted) {
      const partNumber = this.#partNumbers[this.#nextToSign]!;
      this.#nextToSign += 1;
      const signing = this.#sign(partNumber);
      // A failure surfaces when the part is taken; until then nothing may go unhandled.
      signing.catch(() => undefined);
      this.#signed.set(partNumber, signing);
    }
  }

  /**
   * A URL already signed for `partNumber` (`sentAt`: when the request that got it left). Signing
   * that part takes it instead of asking the handler; like any URL it is signed again when near
   * its expiry, and a retry never reuses it.
   */
  seed(partNumber: number, prepared: PreparedPart, sentAt: number): void {
    this.#seeded.set(partNumber, { prepared, sentAt });
  }

  /**
   * The part's URL: for a first attempt the one signed ahead while still fresh, else (and for a
   * retry: a URL that failed once is not sent again) a new one.
   */
  async take(partNumber: number, retry: boolean): Promise<PreparedPart> {
    const ahead = retry ? undefined : this.#signed.get(partNumber);
    this.#signed.delete(partNumber);
    const signed = await (ahead ?? this.#sign(partNumber));
    return Date.now() < signed.usableUntil ? signed.prepared : (await this.#sign(partNumber)).prepared;
  }

  async #sign(partNumber: number): Promise<SignedPart> {
    const seeded = this.#seeded.get(partNumber);
    this.#seeded.delete(partNumber);
    if (seeded) return usableFrom(seeded.prepared, seeded.sentAt);
    // Counted from before the read and the hash: the URL's lifetime starts no earlier than this.
    const sentAt = Date.now();
    return usableFrom(await this.#prepare(partNumber), sentAt);
  }
}

/** A signed part with the last moment a PUT may start with its URL. */
function usableFrom(prepared: PreparedPart, sentAt: number): SignedPart {
  // An answer without a lifetime is trusted for the handler's one hour.
  const { expiresIn } = prepared.signed;
  const lifetimeMs = (Number.isFinite(expiresIn) ? expiresIn : 3600) * 1000;
  return { prepared, usableUntil: sentAt + lifetimeMs - Math.min(MAX_EXPIRY_SAFETY_MS, lifetimeMs * EXPIRY_SAFETY_SHARE) };
}
