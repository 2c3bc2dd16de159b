/**
 * A signal that aborts when `parent` does or after `timeoutMs`, whichever comes first.
 *
 * Not `AbortSignal.any([parent, AbortSignal.timeout(ms)])`: Node holds the sources of `any()`
 * weakly, so a timeout signal nothing else references can be garbage-collected before it fires,
 * and the call it guards then waits forever (seen here as a listing that hung until the provider
 * answered, in about one run of three). The timer below keeps the controller alive until it fires.
 */
export function createDeadlineSignal(timeoutMs: number, parent?: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`The operation was aborted due to timeout (${timeoutMs} ms)`, 'TimeoutError')), timeoutMs);
  // Node: a pending deadline must not keep a process alive on its own (other runtimes have no unref).
  (timer as { unref?: () => void }).unref?.();
  if (parent) {
    const stop = () => {
      clearTimeout(timer);
      controller.abort(parent.reason);
    };
    if (parent.aborted) stop();
    else parent.addEventListener('abort', stop, { once: true });
  }
  return controller.signal;
}
