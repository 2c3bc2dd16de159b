/**
 * A file name drawn on one line whose real extension is always in view. The end (the extension
 * and a few characters before it) never shrinks; the start gives way to an ellipsis when the line
 * is too narrow (`shownNameStyles`). A character count alone cannot promise this: how wide 48
 * characters are depends on the font and the characters, and CSS's end ellipsis cuts the
 * extension first.
 */
import { css, html } from 'lit';
import { splitShownName } from '../engine-views/display-name.js';

/** The two parts of `name` inside a `<bdi>` of the caller's choosing (see display-name.ts). */
export function renderShownName(name: string, maxLength?: number) {
  const { start, end } = splitShownName(name, maxLength);
  return html`<span class="shown-name-start">${start}</span><span class="shown-name-end">${end}</span>`;
}

/**
 * For the container of `renderShownName`'s parts. Spaces are kept as written (`pre`), so a blank
 * stretch is as wide on screen as it is in the name.
 */
export const shownNameStyles = css`
  @layer svc-uploader {
    /* Inline, so the name sits at the start of its line in either direction (the container's text-align). */
    .shown-name { display: inline-flex; vertical-align: top; align-items: baseline; min-inline-size: 0; max-inline-size: 100%; overflow: hidden; }
    .shown-name-start { flex: 0 1 auto; min-inline-size: 0; overflow: hidden; text-overflow: ellipsis; white-space: pre; }
    .shown-name-end { flex: none; white-space: pre; }
  }
`;
