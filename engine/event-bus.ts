import type { EngineEventBus, EngineEventMap, EngineEventName, EngineListener } from './types.js';

/** Typed event bus: one listener set per event; a throwing listener never breaks the engine. */
export class EventBus implements EngineEventBus {
  private readonly listeners = new Map<EngineEventName, Set<EngineListener<never>>>();

  on<K extends EngineEventName>(event: K, listener: EngineListener<K>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as EngineListener<never>);
    return () => this.off(event, listener);
  }

  off<K extends EngineEventName>(event: K, listener: EngineListener<K>): void {
    this.listeners.get(event)?.delete(listener as EngineListener<never>);
  }

  emit<K extends EngineEventName>(event: K, detail: EngineEventMap[K]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as EngineListener<K>)(detail);
      } catch (error) {
        // A host listener's bug must not stop an upload; surface it where developers look.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** A view that can subscribe but not emit, handed to plugins. */
  asPublicBus(): EngineEventBus {
    return { on: this.on.bind(this), off: this.off.bind(this) };
  }
}
