import {
  DEPRECATED_ENGINE_EVENT_NAMES,
  type DeprecatedEngineEventName,
  type EngineEventBus,
  type EngineEventMap,
  type EngineEventName,
  type EngineListener,
  type EngineSubscribableEventName,
} from './events.js';

/** For each current name that was renamed, its old name: the event is emitted under both. */
const OLD_NAME_OF = new Map<EngineEventName, DeprecatedEngineEventName>(
  Object.entries(DEPRECATED_ENGINE_EVENT_NAMES).map(([oldName, name]) => [name, oldName as DeprecatedEngineEventName]),
);

/** Typed event bus: one listener set per event; a throwing listener never breaks the engine. */
export class EventBus implements EngineEventBus {
  readonly #listeners = new Map<EngineSubscribableEventName, Set<EngineListener<never>>>();

  on<K extends EngineSubscribableEventName>(event: K, listener: EngineListener<K>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener as EngineListener<never>);
    return () => this.off(event, listener);
  }

  off<K extends EngineSubscribableEventName>(event: K, listener: EngineListener<K>): void {
    this.#listeners.get(event)?.delete(listener as EngineListener<never>);
  }

  /** Calls the listeners of `event`, then those still subscribed under its old name. */
  emit<K extends EngineEventName>(event: K, detail: EngineEventMap[K]): void {
    this.#dispatch(event, detail);
    const oldName = OLD_NAME_OF.get(event);
    if (oldName) this.#dispatch(oldName, detail);
  }

  /** A view that can subscribe but not emit, handed to plugins. */
  asPublicBus(): EngineEventBus {
    return { on: this.on.bind(this), off: this.off.bind(this) };
  }

  #dispatch(event: EngineSubscribableEventName, detail: unknown): void {
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as (detail: unknown) => void)(detail);
      } catch (error) {
        // A host listener's bug must not stop an upload; surface it where developers look.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
