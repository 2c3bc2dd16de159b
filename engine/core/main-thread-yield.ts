/**
 * Long loops over user input (a batch of 10,000 chosen files) hand the main thread back now and
 * then, so the page keeps painting and answering input while they run.
 */

/** Work done between two yields, at most: well under the 50 ms a task may take before it is "long". */
const SLICE_MS = 8;
/** Also yield after this many items, however fast they went, so every large batch yields. */
const SLICE_ITEMS = 500;
/**
 * Every so many yields the loop queues behind every other task instead: `scheduler.yield()` lets
 * input and painting in but puts the loop ahead of the page's own timers and messages, which would
 * otherwise wait until the whole batch is done.
 */
const YIELDS_PER_TASK_TURN = 4;

interface SchedulerWithYield {
  yield(): Promise<void>;
}

/** A fresh task through a message channel: unlike `setTimeout(0)`, never clamped to 4 ms when nested. */
function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * Counts the work of one loop and says when to yield. The check is synchronous on purpose: an
 * `await` per item would let every pending microtask (a re-render, say) run once per item.
 */
export class MainThreadSlicer {
  #sliceStart = performance.now();
  #itemsInSlice = 0;
  #yields = 0;

  /** Call once per item: true when this slice of work is used up. */
  due(): boolean {
    this.#itemsInSlice += 1;
    return this.#itemsInSlice >= SLICE_ITEMS || performance.now() - this.#sliceStart >= SLICE_MS;
  }

  /** `scheduler.yield()` where the browser has it, a new task otherwise and every few yields. */
  async yield(): Promise<void> {
    this.#yields += 1;
    const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
    const taskTurn = this.#yields % YIELDS_PER_TASK_TURN === 0;
    await (typeof scheduler?.yield === 'function' && !taskTurn ? scheduler.yield() : nextTask());
    this.#sliceStart = performance.now();
    this.#itemsInSlice = 0;
  }
}
