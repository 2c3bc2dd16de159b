/**
 * What the form receives, as a controller of the element (after Shoelace's FormControlController):
 * the form logic (form-value.ts) loads with the first form the element joins, so pages without
 * forms never fetch it; once there, the value and validity follow the list after every render.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { UploadFileRecord } from '../../../engine/core/file-record.js';
import type { ResumableOptions } from '../../../engine/upload/upload-options.js';
import { withEnglish } from '../../i18n/english-messages.js';
import type { Translate } from '../sources/source-panel.js';
import type { FormValue } from './form-value.js';

/** The element as the form sees it: its form props, its shadow root and `addFiles`. */
export interface FormHost extends ReactiveControllerHost {
  readonly name?: string;
  readonly required: boolean;
  readonly maxFiles?: number;
  readonly serverUrl?: string;
  readonly uploadEndpoint?: string;
  readonly resumable?: ResumableOptions;
  readonly renderRoot: HTMLElement | DocumentFragment;
  addFiles(files: File[]): Promise<unknown>;
}

export interface FormValueSources {
  readonly internals: ElementInternals;
  /** The list as the element shows it. */
  files(): readonly UploadFileRecord[];
  t: Translate;
}

export class FormValueController implements ReactiveController {
  #formValue?: FormValue;
  #loading?: Promise<FormValue>;

  readonly #host: FormHost;
  readonly #sources: FormValueSources;

  constructor(host: FormHost, sources: FormValueSources) {
    this.#host = host;
    this.#sources = sources;
    host.addController(this);
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
      formValue.restore(state, (files) => void this.#host.addFiles(files));
      this.#host.requestUpdate();
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
    this.#host.requestUpdate();
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
      const host = this.#host;
      this.#formValue = new FormValue(this.#sources.internals, {
        name: () => host.name,
        required: () => host.required,
        maxFiles: () => host.maxFiles ?? Number.POSITIVE_INFINITY,
        submitsFiles: () => !host.serverUrl && !host.uploadEndpoint && host.resumable?.protocol !== 'tus',
        files: () => this.#sources.files(),
        t: (key, values) => this.#sources.t(key, values),
        anchor: () => host.renderRoot.querySelector<HTMLElement>('[part~="browse-button"], [part~="upload-button"], button:not([disabled])') ?? undefined,
      });
      host.requestUpdate();
      return this.#formValue;
    });
    return this.#loading;
  }
}
