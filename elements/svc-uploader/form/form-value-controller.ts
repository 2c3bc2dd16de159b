/**
 * What the form receives, as a controller of the element (after Shoelace's FormControlController):
 * the form logic (form-value.ts) loads with the first form the element joins, so pages without
 * forms never fetch it; once there, the value and validity follow the list after every render.
 */
import type { ReactiveController } from 'lit';
import { withEnglish } from '../../i18n/english-messages.js';
import type { UploaderHost } from '../uploader-host.js';
import type { FormValue } from './form-value.js';

export class FormValueController implements ReactiveController {
  #formValue?: FormValue;
  #loading?: Promise<FormValue>;

  readonly #host: UploaderHost;
  readonly #element: UploaderHost['element'];
  readonly #internals: ElementInternals;

  /** `internals`: the element's own, through which the form hears its value and validity. */
  constructor(host: UploaderHost, internals: ElementInternals) {
    this.#host = host;
    this.#element = host.element;
    this.#internals = internals;
    host.element.addController(this);
  }

  /** Stored files a back/forward navigation brought back, as many as the form submits. */
  get restoredCount(): number {
    return this.#formValue?.restoredInForm ?? 0;
  }

  /** A load of the form logic in progress, for `updateComplete` to wait on. */
  get pending(): Promise<FormValue> | undefined {
    return this.#formValue ? undefined : this.#loading;
  }

  /** Joined a form (or left it): the form logic loads then. */
  associated(form: HTMLFormElement | null): void {
    if (form) void this.#load();
  }

  /** Back/forward navigation or autofill restored the form: stored keys (or listed files) come back. */
  restore(state: unknown): void {
    const restore = (formValue: FormValue): void => {
      formValue.restore(state, (files) => void this.#element.addFiles(files));
      this.#element.requestUpdate();
    };
    if (this.#formValue) restore(this.#formValue);
    else void this.#load().then(restore);
  }

  clear(): void {
    this.#formValue?.clear();
  }

  /** The user removed the uploads a navigation restored. */
  forgetRestored(): void {
    this.#formValue?.forgetRestored();
    this.#element.requestUpdate();
  }

  /** Sets the value and validity from the list as it is now. */
  sync(): void {
    this.#formValue?.sync();
  }

  /** After rendering, so the validation bubble can point at the Browse button. */
  hostUpdated(): void {
    this.sync();
  }

  #load(): Promise<FormValue> {
    // The restored-files hint is one of English's later messages: it comes along.
    this.#loading ??= withEnglish(import('./form-value.js')).then(({ FormValue }) => {
      const host = this.#element;
      this.#formValue = new FormValue(this.#internals, {
        name: () => host.name,
        required: () => host.required,
        maxFiles: () => host.maxFiles ?? Number.POSITIVE_INFINITY,
        submitsFiles: () => !host.serverUrl && !host.uploadEndpoint && host.resumable?.protocol !== 'tus',
        files: () => this.#host.engine.files,
        t: (key, values) => this.#host.translator.t(key, values),
        anchor: () => host.renderRoot.querySelector<HTMLElement>('[part~="browse-button"], [part~="upload-button"], button:not([disabled])') ?? undefined,
      });
      host.requestUpdate();
      return this.#formValue;
    });
    return this.#loading;
  }
}
