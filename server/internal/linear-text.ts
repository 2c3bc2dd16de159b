/**
 * Text helpers for client input that must run in linear time. A trailing-anchored regex such as
 * `/_+$/` is retried from every start position of a long run, which is quadratic: 64,000
 * underscores cost seconds of event-loop time. These loops look at each character once.
 */

/** `text` without any trailing `character`s. */
export function trimTrailing(text: string, character: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === character) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

/** True when `text` holds a C0 control character, DEL or a C1 control character. */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/** The longest prefix of `text` that fits `maxBytes` of UTF-8, cut between characters. */
export function truncateToBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    const size = utf8Length(character);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += character.length;
  }
  return text.slice(0, end);
}
