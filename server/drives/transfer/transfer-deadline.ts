/**
 * The whole transfer's deadline (`drives.transferTimeoutMs`). The per-call timeout stops a
 * download that goes silent, but not one that drips a byte every few seconds: without a total
 * deadline such a download holds its slot, and its user's share, for as long as it likes.
 */

export interface TransferDeadline {
  /** Aborts when the client goes away or the deadline passes, whichever comes first. */
  signal: AbortSignal;
  /** Stops the timer once the transfer has ended. */
  dispose(): void;
}

export function startTransferDeadline(timeoutMs: number, clientSignal: AbortSignal | undefined): TransferDeadline {
  const controller = new AbortController();
  const onClientAbort = () => controller.abort(clientSignal?.reason);
  const timer = setTimeout(
    () => controller.abort(new DOMException(`the transfer ran longer than drives.transferTimeoutMs (${timeoutMs} ms)`, 'TimeoutError')),
    timeoutMs,
  );
  if (clientSignal?.aborted) onClientAbort();
  else clientSignal?.addEventListener('abort', onClientAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      clientSignal?.removeEventListener('abort', onClientAbort);
    },
  };
}
