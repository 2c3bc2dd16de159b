/** Types of the `i18n` prop and of the translator built from it. */
import type { LocaleBundle, MessageKey, Messages, TextDirection } from '../../locales/en.js';

export type { LocaleBundle, MessageKey, Messages, TextDirection };

/**
 * A bundle that may lack keys (a host's own locale, or a trimmed one); missing keys come from
 * `fallbackLocale`, then English. `dir` is detected from `lang` when absent.
 */
export interface PartialLocaleBundle {
  readonly lang: string;
  readonly dir?: TextDirection;
  readonly messages: Partial<Messages>;
}

type NamespaceOf<Key> = Key extends `${infer Namespace}.${string}` ? Namespace : never;
type MessageNamespace = NamespaceOf<MessageKey>;

/** Overrides grouped by namespace: `{ dropZone: { title: 'Drop here' } }`. */
type NamespacedOverrides = {
  readonly [Namespace in MessageNamespace]?: {
    readonly [Key in MessageKey as Key extends `${Namespace}.${infer Name}` ? Name : never]?: string;
  };
};

/**
 * Host wording that wins over every bundle. Flat keys (`'dropZone.title'`) and namespaced groups
 * (`{ dropZone: { title } }`) may be mixed; values are ICU messages like any other.
 */
export type MessageOverrides = Partial<Messages> & NamespacedOverrides;

/** The `i18n` prop. */
export interface I18nOptions {
  /** The messages to show; takes precedence over `locale`. */
  readonly bundle?: LocaleBundle | PartialLocaleBundle;
  /** A bundle, or a bare BCP-47 tag that only sets `lang` and `dir` (the text stays English). */
  readonly locale?: LocaleBundle | PartialLocaleBundle | string;
  /** Fills the keys the chosen bundle lacks, before English does. */
  readonly fallbackLocale?: LocaleBundle | PartialLocaleBundle;
  /** Merged last, over every bundle. */
  readonly overrides?: MessageOverrides;
}

/** Values for a message's arguments. Numbers feed `plural`/`number`; text is inserted as given. */
export type MessageValues = Readonly<Record<string, string | number | Date | null | undefined>>;

/** A message as resolved for one key, with the language it is written in. */
export interface ResolvedMessage {
  readonly text: string;
  /** Plural rules and number formats inside the message follow the language it is written in. */
  readonly lang: string;
}

/** What the `i18n` prop resolves to. */
export interface ResolvedLocale {
  /** Canonical BCP-47 tag for the `lang` attribute and `Intl` formatting. */
  readonly lang: string;
  readonly dir: TextDirection;
  readonly messages: ReadonlyMap<MessageKey, ResolvedMessage>;
}
