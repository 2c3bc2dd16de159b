/**
 * Counting semaphore for storage connections shared by every file and part, so N files with M
 * parallel parts each never open more than `limit` uploads at once. The limit can change at run
 * time (setOptions); a lower limit takes effect as connections are released.
 */
export class ConnectionBudget {
  #active = 0;
  readonly #waiters: Array<() => void> = [];

  #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get inUse(): number {
    return this.#active;
  }

  setLimit(limit: number): void {
    this.#limit = limit;
    this.#drain();
  }

  /** Waits for a free connection; rejects with the signal's reason when aborted while waiting. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        this.#active += 1;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.#active -= 1;
          this.#drain();
        });
      };
      const onAbort = (): void => {
        const index = this.#waiters.indexOf(grant);
        if (index >= 0) this.#waiters.splice(index, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(grant);
      this.#drain();
    });
  }

  #drain(): void {
    while (this.#active < this.#limit && this.#waiters.length > 0) this.#waiters.shift()!();
  }
}
