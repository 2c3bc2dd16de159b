/**
 * On-demand loading of intl-messageformat (with its ICU parser, the largest part of the runtime).
 * Pages whose visible text is plain never fetch it.
 */
import type IntlMessageFormat from 'intl-messageformat';

export type MessageFormatConstructor = typeof IntlMessageFormat;

let loaded: MessageFormatConstructor | undefined;
let loading: Promise<MessageFormatConstructor> | undefined;

/** The constructor if it has already arrived, so callers can format synchronously. */
export function getLoadedMessageFormat(): MessageFormatConstructor | undefined {
  return loaded;
}

/**
 * Loads intl-messageformat once. Hosts that know ICU text is about to appear (files were just
 * added) may call it early to avoid a frame where that text is still pending.
 */
export function loadMessageFormat(): Promise<MessageFormatConstructor> {
  loading ??= import('intl-messageformat').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      // A failed fetch (offline, deploy in between) may succeed later; do not cache the failure.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
