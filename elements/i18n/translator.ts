import en from '../../locales/en.js';
import { formatByteRate, formatBytes, formatCount, formatList, formatPercent, type FormatBytesOptions } from './format-numbers.js';
import { getLoadedMessageFormat, loadMessageFormat, type MessageFormatConstructor } from './message-format-loader.js';
import { formatSimpleMessage, parseSimpleMessage, type SimpleMessage } from './message-syntax.js';
import { resolveLocale } from './resolve-locale.js';
import type { I18nOptions, MessageKey, MessageValues, ResolvedMessage, TextDirection } from './types.js';

/** A message that would not compile, or could not be formatted with the values given. */
export class TranslationError extends Error {
  readonly key: string;
  readonly lang: string;

  constructor(message: string, key: string, lang: string, cause: unknown) {
    super(message, { cause });
    this.name = 'TranslationError';
    this.key = key;
    this.lang = lang;
  }
}

export interface TranslatorOptions {
  /** Told about broken messages and missing arguments; defaults to `console.warn`. */
  onError?: (error: TranslationError) => void;
}

export interface Translator {
  /** Canonical BCP-47 tag for the `lang` attribute. */
  readonly lang: string;
  readonly dir: TextDirection;
  /**
   * The message for `key`. An ICU message asked for before intl-messageformat has arrived renders
   * as an empty string and starts the load; `subscribe` listeners hear when it can be shown.
   */
  t(key: MessageKey, values?: MessageValues): string;
  formatBytes(bytes: number, options?: FormatBytesOptions): string;
  /** An upload rate, `2.4 MB/s`, in the locale's units. */
  formatByteRate(bytesPerSecond: number): string;
  formatPercent(fraction: number): string;
  formatCount(count: number): string;
  formatList(items: readonly string[], type?: Intl.ListFormatType): string;
  /** True while some message asked for is waiting for intl-messageformat. */
  readonly pending: boolean;
  /** Settles once nothing is pending (at once when nothing is). */
  ready(): Promise<void>;
  /** Loads intl-messageformat now, so every later `t()` is exact. */
  load(): Promise<void>;
  /** Called after pending messages became available; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

interface IcuMessage {
  format(values?: Record<string, unknown>): unknown;
}

type CompiledMessage =
  | { readonly kind: 'simple'; readonly parts: SimpleMessage; readonly lang: string }
  | { readonly kind: 'icu'; readonly format: IcuMessage; readonly text: string };

function warn(error: TranslationError): void {
  console.warn(`[svc-uploader] ${error.message}`, error.cause);
}

/**
 * Resolves the `i18n` prop once and formats its messages. Compiled messages are cached per key for
 * the translator's lifetime, so a re-render formats without parsing.
 */
export function createTranslator(i18n?: I18nOptions | null, { onError = warn }: TranslatorOptions = {}): Translator {
  const { lang, dir, messages } = resolveLocale(i18n);
  const compiled = new Map<MessageKey, CompiledMessage>();
  const listeners = new Set<() => void>();
  let waiting: Promise<void> | undefined;

  function compileIcu(MessageFormat: MessageFormatConstructor, key: MessageKey, message: ResolvedMessage): CompiledMessage {
    try {
      const format = new MessageFormat(message.text, message.lang, undefined, { ignoreTag: true });
      return { kind: 'icu', format, text: message.text };
    } catch (cause) {
      onError(new TranslationError(`Message "${key}" (${message.lang}) does not compile`, key, message.lang, cause));
      const english: ResolvedMessage = { text: en.messages[key], lang: en.lang };
      if (message.text !== english.text) {
        const fallback = compile(key, english);
        if (fallback !== undefined) return fallback;
      }
      // Only a broken English message gets here; the key at least tells a developer what is missing.
      return { kind: 'simple', parts: [key], lang: message.lang };
    }
  }

  /** Undefined while the message needs ICU and intl-messageformat has not arrived. */
  function compile(key: MessageKey, message: ResolvedMessage): CompiledMessage | undefined {
    const parts = parseSimpleMessage(message.text);
    if (parts !== undefined) return { kind: 'simple', parts, lang: message.lang };
    const MessageFormat = getLoadedMessageFormat();
    if (MessageFormat === undefined) {
      waitForMessageFormat();
      return undefined;
    }
    return compileIcu(MessageFormat, key, message);
  }

  function waitForMessageFormat(): void {
    waiting ??= loadMessageFormat().then(
      () => {
        waiting = undefined;
        for (const listener of [...listeners]) listener();
      },
      (cause: unknown) => {
        waiting = undefined;
        onError(new TranslationError('intl-messageformat could not be loaded', '', lang, cause));
      },
    );
  }

  function t(key: MessageKey, values: MessageValues = {}): string {
    let entry = compiled.get(key);
    if (entry === undefined) {
      const message = messages.get(key);
      if (message === undefined) return key;
      entry = compile(key, message);
      if (entry === undefined) return '';
      compiled.set(key, entry);
    }
    try {
      if (entry.kind === 'simple') return formatSimpleMessage(entry.parts, values, entry.lang);
      const output = entry.format.format(values);
      return Array.isArray(output) ? output.join('') : String(output);
    } catch (cause) {
      onError(new TranslationError(`Message "${key}" could not be formatted`, key, lang, cause));
      return messages.get(key)?.text ?? key;
    }
  }

  return {
    lang,
    dir,
    t,
    formatBytes: (bytes, options) => formatBytes(bytes, lang, options),
    formatByteRate: (bytesPerSecond) => formatByteRate(bytesPerSecond, lang),
    formatPercent: (fraction) => formatPercent(fraction, lang),
    formatCount: (count) => formatCount(count, lang),
    formatList: (items, type) => formatList(items, lang, type),
    get pending() {
      return waiting !== undefined;
    },
    ready: () => waiting ?? Promise.resolve(),
    load: async () => {
      await loadMessageFormat();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
