import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createTranslator, type Translator, type TranslatorOptions } from './translator.js';
import type { I18nOptions } from './types.js';

/**
 * Keeps a translator in step with a host's `i18n` prop: rebuilt when the prop object changes
 * (before render, so one update shows the new language), and a re-render requested when ICU
 * messages that were pending become available.
 */
export class I18nController implements ReactiveController {
  #host: ReactiveControllerHost;
  #readOptions: () => I18nOptions | null | undefined;
  #translatorOptions: TranslatorOptions;
  #options: I18nOptions | null | undefined;
  #translator: Translator;
  #unsubscribe: () => void;

  constructor(host: ReactiveControllerHost, readOptions: () => I18nOptions | null | undefined, translatorOptions: TranslatorOptions = {}) {
    this.#host = host;
    this.#readOptions = readOptions;
    this.#translatorOptions = translatorOptions;
    this.#options = readOptions();
    this.#translator = createTranslator(this.#options, translatorOptions);
    this.#unsubscribe = this.#listen();
    host.addController(this);
  }

  get translator(): Translator {
    return this.#translator;
  }

  hostConnected(): void {
    this.#unsubscribe();
    this.#unsubscribe = this.#listen();
  }

  hostDisconnected(): void {
    this.#unsubscribe();
  }

  hostUpdate(): void {
    const options = this.#readOptions();
    if (options === this.#options) return;
    this.#options = options;
    this.#unsubscribe();
    this.#translator = createTranslator(options, this.#translatorOptions);
    this.#unsubscribe = this.#listen();
  }

  #listen(): () => void {
    return this.#translator.subscribe(() => this.#host.requestUpdate());
  }
}
