import type { EventBus } from './event-bus.js';
import { ACTIVE_STATES, type FileEntry } from './file-entry.js';
import type { FileEntryList } from './file-entry-list.js';
import { isOnline, watchNetwork } from './network-watch.js';

/** What the network-aware pause needs from the engine. */
export interface NetworkPauseHost {
  readonly bus: EventBus;
  readonly list: FileEntryList;
  pauseOffline(entry: FileEntry): void;
  /** Puts a paused file back in the queue of the run. */
  requeue(entry: FileEntry): void;
  /** Starts queued files while slots are free. */
  pump(): void;
}

/**
 * `networkAware`: going offline pauses the files of the run (`pausedBy: 'offline'`), coming back
 * online queues exactly those again; files paused by the user stay paused.
 */
export class NetworkPause {
  #online = isOnline();
  #stopWatching?: () => void;

  readonly #host: NetworkPauseHost;

  constructor(host: NetworkPauseHost) {
    this.#host = host;
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
    for (const entry of this.#host.list) {
      if (!online && entry.inRun && (ACTIVE_STATES.has(entry.state) || entry.state === 'queued')) {
        this.#host.pauseOffline(entry);
        affected.push(entry.id);
      } else if (online && entry.state === 'paused' && entry.pausedBy === 'offline') {
        this.#host.requeue(entry);
        affected.push(entry.id);
      }
    }
    this.#host.bus.emit('network-change', { online, paused: online ? [] : affected, resumed: online ? affected : [] });
    if (online) this.#host.pump();
  }
}
