/** `mini`: a compact square of about 280 px holding one file. */
import { css } from 'lit';

export const miniStyles = css`
  @layer svc-uploader {
    :host([mini]) { max-inline-size: 280px; }
    /* Square whatever it holds: the picture (or the drop zone) gives way to the controls. */
    .mini { aspect-ratio: 1; min-block-size: 0; gap: var(--_spacing-small); padding: var(--_spacing-medium); }
    .mini .stage { flex: 1; min-block-size: 0; grid-template-rows: minmax(0, 1fr); }
    .mini .main { min-block-size: 0; }
    .mini .main { gap: var(--_spacing-small); }
    .mini .main > :first-child { flex: 1; }
    .mini .drop-zone { min-block-size: 0; padding: var(--_spacing-medium); gap: var(--_spacing-xsmall); }
    .mini .drop-zone-icon { inline-size: 2.75rem; block-size: 2.75rem; }
    .mini .drop-zone-icon .icon { inline-size: 1.375rem; block-size: 1.375rem; }
    .mini .drop-zone-title { font-size: var(--_font-size-medium); }
    .mini .drop-zone-or { display: none; }
    .mini .sources { margin-block-start: var(--_spacing-xsmall); }
    .mini .file-list-section, .mini .file-list-viewport, .mini .file-list { display: flex; flex-direction: column; flex: 1; }
    .mini :is(.file-list-section, .file-list-viewport, .file-list) { min-block-size: 0; }
    .mini .file-hero { flex: 1; min-block-size: 0; padding: var(--_spacing-small); }
    .mini .file-hero.has-media { grid-template-rows: minmax(0, 1fr) auto auto; }
    .mini .file-hero.has-media .thumbnail { align-self: stretch; block-size: auto; min-block-size: 3rem; }
    /* Size, then the status on a line of its own: a wrapped "·" would start the second line. */
    .mini .file-hero .file-details { flex-wrap: wrap; }
    .mini .file-hero .file-status { flex-basis: 100%; }
    .mini .file-hero .file-status::before { content: none; }
    /* A failure's message is read in full: the square grows to hold it rather than cut it off. */
    .mini:has(.file > .file-error) { aspect-ratio: auto; }
    .mini .summary { padding: var(--_spacing-small); }
    .mini .summary-badge { inline-size: 2rem; block-size: 2rem; }
    .mini .actions > button { flex: 1; }
  }
`;
