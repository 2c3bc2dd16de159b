import { ENGLISH_LANG, isEnglishComplete, loadedEnglishMessages, loadEnglishMessages } from './english-messages.js';
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
   * The message for `key`. An ICU message asked for before intl-messageformat has arrived, and a
   * message only English has asked for before the rest of English has (english-messages.ts),
   * render as an empty string and start the load; `subscribe` listeners hear when they can be shown.
   */
  t(key: MessageKey, values?: MessageValues): string;
  formatBytes(bytes: number, options?: FormatBytesOptions): string;
  /** An upload rate, `2.4 MB/s`, in the locale's units. */
  formatByteRate(bytesPerSecond: number): string;
  formatPercent(fraction: number): string;
  formatCount(count: number): string;
  formatList(items: readonly string[], type?: Intl.ListFormatType): string;
  /** True while some message asked for is waiting for intl-messageformat or the rest of English. */
  readonly pending: boolean;
  /** Settles once nothing is pending (at once when nothing is). */
  ready(): Promise<void>;
  /** Loads intl-messageformat and the rest of English now, so every later `t()` is exact. */
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
  const resolved = resolveLocale(i18n);
  const { lang, dir } = resolved;
  let messages = resolved.messages;
  /** Whether `messages` were resolved over every English message, or over the first paint's alone. */
  let overFullEnglish = isEnglishComplete();
  const compiled = new Map<MessageKey, CompiledMessage>();
  const listeners = new Set<() => void>();
  let waiting: Promise<void> | undefined;
  let waitingForEnglish: Promise<void> | undefined;

  function compileIcu(MessageFormat: MessageFormatConstructor, key: MessageKey, message: ResolvedMessage): CompiledMessage {
    try {
      const format = new MessageFormat(message.text, message.lang, undefined, { ignoreTag: true });
      return { kind: 'icu', format, text: message.text };
    } catch (cause) {
      onError(new TranslationError(`Message "${key}" (${message.lang}) does not compile`, key, message.lang, cause));
      const englishText = loadedEnglishMessages()[key];
      const english: ResolvedMessage = { text: englishText ?? key, lang: ENGLISH_LANG };
      if (englishText !== undefined && message.text !== english.text) {
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
        notify();
      },
      (cause: unknown) => {
        waiting = undefined;
        onError(new TranslationError('intl-messageformat could not be loaded', '', lang, cause));
      },
    );
  }

  function notify(): void {
    for (const listener of [...listeners]) listener();
  }

  function resolveOverFullEnglish(): void {
    if (overFullEnglish) return;
    messages = resolveLocale(i18n).messages;
    overFullEnglish = true;
  }

  /** A key this translator lacks may be one of English's later messages: they load, then listeners hear. */
  function waitForEnglish(): void {
    waitingForEnglish ??= loadEnglishMessages().then(
      () => {
        waitingForEnglish = undefined;
        resolveOverFullEnglish();
        notify();
      },
      (cause: unknown) => {
        waitingForEnglish = undefined;
        onError(new TranslationError('The English messages could not be loaded', '', lang, cause));
      },
    );
  }

  function t(key: MessageKey, values: MessageValues = {}): string {
    let entry = compiled.get(key);
    if (entry === undefined) {
      const message = messages.get(key);
      if (message === undefined) {
        if (!isEnglishComplete()) {
          waitForEnglish();
          return '';
        }
        // English arrived through another translator or `load()`: this one reads it now.
        if (!overFullEnglish) {
          resolveOverFullEnglish();
          return t(key, values);
        }
        return key;
      }
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
      return waiting !== undefined || waitingForEnglish !== undefined;
    },
    ready: async () => {
      await Promise.all([waiting, waitingForEnglish]);
    },
    load: async () => {
      await Promise.all([loadMessageFormat(), loadEnglishMessages()]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
