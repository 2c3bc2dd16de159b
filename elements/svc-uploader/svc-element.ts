import { LitElement } from 'lit';
import { svcUploaderEvents, type SvcUploaderEventDetail, type SvcUploaderEventName } from './events.js';

/**
 * Base of the project's elements: it owns event dispatch, so every event bubbles, crosses shadow
 * roots and is cancelable exactly when the event table says so. Elements never build
 * `CustomEvent`s themselves.
 */
export class SvcElement extends LitElement {
  /**
   * Dispatches `name` with its typed detail and returns the event, so callers of a cancelable
   * event can check `defaultPrevented`.
   */
  emit<Name extends SvcUploaderEventName>(name: Name, detail: SvcUploaderEventDetail<Name>): CustomEvent<SvcUploaderEventDetail<Name>> {
    const event = new CustomEvent(name, {
      bubbles: true,
      composed: true,
      cancelable: svcUploaderEvents[name].cancelable,
      detail,
    });
    this.dispatchEvent(event);
    return event;
  }
}
