import type { EngineState } from './engine-state.js';
import { ACTIVE_STATES } from './file-entry.js';
import { isOnline, watchNetwork } from './network-watch.js';

/**
 * `networkAware`: going offline pauses the files of the run (`pausedBy: 'offline'`), coming back
 * online queues exactly those again; files paused by the user stay paused.
 */
export class NetworkPause {
  #online = isOnline();
  #stopWatching?: () => void;

  readonly #state: EngineState;

  constructor(state: EngineState) {
    this.#state = state;
  }

  /** True while the browser was last seen offline: files about to start wait instead. */
  get offline(): boolean {
    return !this.#online;
  }

  /** Follows the browser's online/offline events while `enabled`. */
  follow(enabled: boolean): void {
    if (enabled && !this.#stopWatching) {
      this.#stopWatching = watchNetwork((online) => this.#changed(online));
    } else if (!enabled) {
      this.stop();
    }
  }

  stop(): void {
    this.#stopWatching?.();
    this.#stopWatching = undefined;
  }

  #changed(online: boolean): void {
    if (online === this.#online) return;
    this.#online = online;
    const affected: string[] = [];
    for (const entry of this.#state.list) {
      if (!online && entry.inRun && (ACTIVE_STATES.has(entry.state) || entry.state === 'queued')) {
        this.#state.pauseOffline(entry);
        affected.push(entry.id);
      } else if (online && entry.state === 'paused' && entry.pausedBy === 'offline') {
        this.#state.requeue(entry);
        affected.push(entry.id);
      }
    }
    this.#state.bus.emit('network-change', { online, paused: online ? [] : affected, resumed: online ? affected : [] });
    if (online) this.#state.pump();
  }
}
