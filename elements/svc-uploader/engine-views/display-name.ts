/**
 * File names as the interface shows them. A name is chosen by whoever made the file (or the site a
 * link points to, or a shared drive), so it may carry characters that hide what it is: bidi
 * controls that reorder what is drawn (`invoice\u202Efdp.exe` is drawn as "invoiceexe.pdf"),
 * characters that draw nothing or a blank (`invoice.pdf` + 32 × U+2800 + `.exe` reads as
 * "invoice.pdf"), control characters. Each of them is shown as U+FFFD, so the user sees that the
 * name holds something odd; a name standing alone is also drawn in a `<bdi>`, isolated from the
 * text around it. A listed name is drawn in two parts (`splitShownName`): the start gives way to
 * an ellipsis, the real extension never does. Only the display changes: the File, its `name` and
 * the name sent to the server are the ones the file came with.
 */

/**
 * What a name may hold but is shown as U+FFFD. One character class each, with at most a
 * one-character look around: linear on any input.
 *
 * - Bidi controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), the marks
 *   U+200E, U+200F, U+061C.
 * - C0 and C1 controls and the line and paragraph separators (U+2028, U+2029): a line break would
 *   push the real extension out of a one-line tooltip (`photo.png` + forty line breaks + `.exe`).
 * - Blank-looking letters and fillers: Braille blank U+2800, the Hangul fillers U+115F, U+1160,
 *   U+3164, U+FFA0, the Khmer inherent vowels U+17B4, U+17B5.
 * - Characters that draw nothing: the soft hyphen, U+034F, the Mongolian selectors and separator
 *   U+180B–U+180F, zero-width space U+200B, word joiner and invisible operators U+2060–U+2064,
 *   the deprecated format characters U+206A–U+206F, U+FEFF, the interlinear annotation marks
 *   U+FFF9–U+FFFB, the shorthand format controls U+1BCA0–U+1BCA3, the musical format characters
 *   U+1D173–U+1D17A.
 * - Typographic spaces no keyboard types: U+1680, U+2000–U+200A, U+202F, U+205F.
 */
// U+034F and U+17B4/U+17B5 are combining marks: each is to be matched alone, which the rule warns about.
const SUSPICIOUS =
  // eslint-disable-next-line no-misleading-character-class
  /[\u0000-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200B\u200E\u200F\u2028-\u202F\u205F-\u2064\u2066-\u206F\u2800\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}]/gu;

/**
 * The joiners U+200C and U+200D belong between letters (Persian, the Indic scripts) and inside
 * emoji sequences (👩‍👩‍👧); anywhere else they only hide something.
 */
const STRAY_JOINER =
  /(?<![\p{L}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])[\u200C\u200D]|[\u200C\u200D](?![\p{L}\p{M}\p{Extended_Pictographic}])/gu;

/** Tag characters spell a subdivision flag after U+1F3F4 (🏴󠁧󠁢󠁳󠁣󠁴󠁿); anywhere else they draw nothing. */
const STRAY_TAG = /(?<![\u{1F3F4}\u{E0020}-\u{E007F}])[\u{E0001}\u{E0020}-\u{E007F}]/gu;

/**
 * Spaces a name may hold once (a typed space, a no-break space, the ideographic space of a
 * Japanese name); a run of them is a blank stretch that hides what follows.
 */
const BLANK_RUN = /[\u0020\u00A0\u3000]{3,}/g;

const REPLACEMENT_CHARACTER = '\uFFFD';

/** Longer names are cut before anything else looks at them; no file system allows this much. */
const MAX_NAME_LENGTH = 1024;

/** Characters a listed name keeps before it is shortened in the middle. */
const LISTED_NAME_LENGTH = 48;

/** Extensions longer than this (dot included; `.application` is 12) are treated as part of the name (`report.final-version-2`). */
const MAX_EXTENSION_LENGTH = 16;
/** Characters kept in front of the extension, so `scan-001.pdf` and `scan-002.pdf` stay apart. */
const KEPT_BEFORE_EXTENSION = 4;

const ELLIPSIS = '\u2026';

/** The name as characters in the order they were written, every suspicious one shown as U+FFFD. */
export function displayName(name: string): string {
  const bounded = name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH / 2)}${ELLIPSIS}${name.slice(-MAX_NAME_LENGTH / 2)}` : name;
  return bounded
    .replace(SUSPICIOUS, REPLACEMENT_CHARACTER)
    .replace(STRAY_JOINER, REPLACEMENT_CHARACTER)
    .replace(STRAY_TAG, REPLACEMENT_CHARACTER)
    .replace(BLANK_RUN, (run) => REPLACEMENT_CHARACTER.repeat(run.length));
}

let segmenter: Intl.Segmenter | undefined;

/** User-perceived characters, so an emoji or an accented letter is never cut in half. */
function characters(text: string): string[] {
  if (typeof Intl.Segmenter !== 'function') return Array.from(text);
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (segment) => segment.segment);
}

/** A shown name in two parts: `end` is the real extension and a few characters before it, `start` the rest. */
export interface ShownNameParts {
  start: string;
  end: string;
}

/** Scripts whose letters join their neighbours: a cut between two of them would break the word's shapes. */
const JOINING_SCRIPT = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;

/**
 * The shown name in two parts, shortened in the middle to at most `maxLength` characters when
 * longer: `end` keeps the extension and `KEPT_BEFORE_EXTENSION` characters before it (only the
 * extension in a joining script), `start` the rest, with `…` where characters were left out. A
 * listed name draws `end` whole and lets only `start` give way to an ellipsis when the row is
 * too narrow, so the real extension is always in view.
 */
export function splitShownName(name: string, maxLength = LISTED_NAME_LENGTH): ShownNameParts {
  const parts = characters(displayName(name));
  const dot = parts.lastIndexOf('.');
  const extensionLength = dot > 0 && parts.length - dot <= MAX_EXTENSION_LENGTH ? parts.length - dot : 0;
  const keptBefore = parts.slice(Math.max(0, parts.length - extensionLength - KEPT_BEFORE_EXTENSION - 1), parts.length - extensionLength);
  const before = extensionLength > 0 && keptBefore.some((part) => JOINING_SCRIPT.test(part)) ? 0 : KEPT_BEFORE_EXTENSION;
  const endLength = Math.min(extensionLength + before, Math.floor(maxLength / 2), parts.length);
  const end = parts.slice(parts.length - endLength).join('');
  if (parts.length <= maxLength) return { start: parts.slice(0, parts.length - endLength).join(''), end };
  return { start: `${parts.slice(0, maxLength - endLength - 1).join('')}${ELLIPSIS}`, end };
}

/**
 * The shown name, shortened in the middle to at most `maxLength` characters when longer, keeping
 * the extension and a few characters before it: `very-long-na…2024.pdf`.
 */
export function shortName(name: string, maxLength = LISTED_NAME_LENGTH): string {
  const { start, end } = splitShownName(name, maxLength);
  return `${start}${end}`;
}
