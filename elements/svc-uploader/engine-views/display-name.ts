/**
 * File names as the interface shows them. A name is chosen by whoever made the file (or the site a
 * link points to, or a shared drive), so it may carry bidi controls that reorder what is drawn:
 * `invoice\u202Efdp.exe` is drawn as "invoiceexe.pdf". Those controls are removed from every
 * shown name (a name standing alone is also drawn in a `<bdi>`, isolated from the text around
 * it), control characters are shown as U+FFFD, and a long name is shortened in the middle so its
 * extension stays in view. Only the display changes: the File, its `name` and the name sent to the
 * server are the ones the file came with.
 */

/**
 * Embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the direction marks
 * (U+200E, U+200F, U+061C). One character class: linear on any input.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * C0 and C1 control characters and the line and paragraph separators (U+2028, U+2029). A name may
 * hold a line break (Linux allows any byte but `/`), which would push the real extension out of a
 * one-line tooltip: `photo.png` + forty line breaks + `.exe`. Each one is shown as U+FFFD, so the
 * user sees that the name holds something unprintable. One character class: linear on any input.
 */
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
const REPLACEMENT_CHARACTER = '\uFFFD';

/** Longer names are cut before anything else looks at them; no file system allows this much. */
const MAX_NAME_LENGTH = 1024;

/** Characters a listed name keeps before it is shortened in the middle. */
const LISTED_NAME_LENGTH = 48;

/** Extensions longer than this are treated as part of the name (`report.final-version-2`). */
const MAX_EXTENSION_LENGTH = 10;
/** Characters kept in front of the extension, so `scan-001.pdf` and `scan-002.pdf` stay apart. */
const KEPT_BEFORE_EXTENSION = 4;

const ELLIPSIS = '\u2026';

/** The name without bidi controls, as characters in the order they were written, control characters shown as U+FFFD. */
export function displayName(name: string): string {
  const bounded = name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH / 2)}${ELLIPSIS}${name.slice(-MAX_NAME_LENGTH / 2)}` : name;
  return bounded.replace(BIDI_CONTROLS, '').replace(CONTROL_CHARACTERS, REPLACEMENT_CHARACTER);
}

let segmenter: Intl.Segmenter | undefined;

/** User-perceived characters, so an emoji or an accented letter is never cut in half. */
function characters(text: string): string[] {
  if (typeof Intl.Segmenter !== 'function') return Array.from(text);
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (segment) => segment.segment);
}

/**
 * The shown name, shortened in the middle to at most `maxLength` characters when longer, keeping
 * the extension and a few characters before it: `very-long-na…2024.pdf`.
 */
export function shortName(name: string, maxLength = LISTED_NAME_LENGTH): string {
  const shown = displayName(name);
  if (shown.length <= maxLength) return shown;
  const parts = characters(shown);
  if (parts.length <= maxLength) return shown;
  const dot = parts.lastIndexOf('.');
  const extensionLength = dot > 0 && parts.length - dot <= MAX_EXTENSION_LENGTH ? parts.length - dot : 0;
  const tailLength = Math.min(extensionLength + KEPT_BEFORE_EXTENSION, Math.floor(maxLength / 2));
  const headLength = maxLength - tailLength - 1;
  return `${parts.slice(0, headLength).join('')}${ELLIPSIS}${parts.slice(parts.length - tailLength).join('')}`;
}
