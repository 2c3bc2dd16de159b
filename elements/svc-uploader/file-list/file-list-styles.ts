/** The file list: header, compact rows (virtualised past a hundred files), the hero card, progress. */
import { css } from 'lit';
import { shownNameStyles } from './shown-name.js';

export const fileListStyles = css`
  ${shownNameStyles}
  @layer svc-uploader {
    .file-list-section { display: flex; flex-direction: column; gap: var(--_spacing-small); min-block-size: 0; }
    .file-list-header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: var(--_spacing-small);
    }
    .file-list-heading { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 var(--_spacing-small); min-inline-size: 0; }
    .file-count { margin: 0; font-size: var(--_font-size-medium); font-weight: var(--_font-weight-strong); }
    .file-total { color: var(--_color-text-muted); font-size: var(--_font-size-small); }
    .file-list-toolbar { display: flex; align-items: center; gap: var(--_spacing-xsmall); margin-inline-start: auto; }
    .file-list-toolbar button { min-block-size: 2rem; }
    [part~='add-more-button'] { padding-inline: var(--_spacing-small) var(--_spacing-medium); border-color: var(--_color-border); font-size: var(--_font-size-small); }
    [part~='add-more-button'] .icon { color: var(--_color-accent); }
    .file-list-toolbar .sources-compact .source-chip { inline-size: 2rem; min-block-size: 2rem; }

    .file-list-viewport {
      max-block-size: var(--_list-max-size);
      overflow: auto;
      overscroll-behavior: contain;
      border: 1px solid var(--_color-border);
      border-radius: var(--_radius-medium);
      background: var(--_color-surface);
    }
    .is-single .file-list-viewport { max-block-size: none; overflow: visible; border: 0; background: none; }
    .file-list { margin: 0; padding: 0; list-style: none; }
    .file-list[data-virtual] { position: relative; }
    .file-list[data-virtual] > .file { position: absolute; inset-inline: 0; }

    .file-row {
      position: relative;
      display: grid;
      grid-template-columns: 2.5rem minmax(0, 1fr) auto;
      align-items: center;
      column-gap: var(--_spacing-medium);
      block-size: var(--_row-size);
      padding-inline: var(--_spacing-medium) var(--_spacing-small);
      border-block-end: 1px solid var(--_color-border);
      background: var(--_color-surface);
    }
    .file-list:not([data-virtual]) > .file-row:last-child { border-block-end: 0; }
    .file-row[data-state='failed'] { background: color-mix(in srgb, var(--_color-danger-subtle) 45%, var(--_color-surface)); }
    /* A failed row grows to say why in full; virtualised rows keep one height. */
    .file-list:not([data-virtual]) > .file-row[data-state='failed'] { block-size: auto; min-block-size: var(--_row-size); padding-block: var(--_spacing-small); }

    .thumbnail {
      position: relative;
      display: flex;
      align-items: center;
      justify-content: center;
      overflow: hidden;
      border-radius: var(--_radius-small);
      background: var(--_color-surface-sunken);
      color: var(--_color-text-muted);
    }
    .file-row .thumbnail { inline-size: 2.5rem; block-size: 2.5rem; }
    button.thumbnail { min-block-size: 0; padding: 0; border: 0; cursor: zoom-in; }
    .thumbnail-image { display: block; inline-size: 100%; block-size: 100%; object-fit: cover; }
    .thumbnail[data-kind='image'], .thumbnail[data-kind='video'] { color: var(--_color-accent); }

    .file-main { display: flex; flex-direction: column; gap: 0.125rem; min-inline-size: 0; }
    .file-name {
      display: block;
      min-block-size: 0;
      max-inline-size: 100%;
      padding: 0;
      overflow: hidden;
      border: 0;
      border-radius: var(--_radius-small);
      background: none;
      text-align: start;
      white-space: nowrap;
    }
    .file-name:hover:not(:disabled) { background: none; text-decoration: underline; }
    .file-details {
      display: flex;
      gap: var(--_spacing-small);
      min-inline-size: 0;
      margin: 0;
      overflow: hidden;
      color: var(--_color-text-muted);
      font-size: var(--_font-size-small);
      white-space: nowrap;
    }
    .file-details > * { flex: none; }
    .file-details > * + *::before { content: '·' / ''; margin-inline-end: var(--_spacing-small); }
    .file-size, .file-rate, .file-time-left { font-variant-numeric: tabular-nums; }
    /* Said in full, wrapping: it tells the user what to do. In a virtualised row it stays on the details line. */
    .file > .file-error { grid-column: 2 / -1; margin: 0; font-size: var(--_font-size-small); white-space: normal; overflow-wrap: anywhere; }
    .file-hero > .file-error { grid-column: 1 / -1; }
    /* Beside a rate, in a narrow row the state word gives way first: the figures say more. */
    .file-details:has(.file-rate) > .file-status { flex: 0 1 auto; min-inline-size: 0; overflow: hidden; text-overflow: ellipsis; }
    .file-details > .file-error { flex: 0 1 auto; min-inline-size: 0; overflow: hidden; text-overflow: ellipsis; }
    /* A failed row or card (not virtualised) says its state whole: its details wrap rather than clip. */
    .file-list:not([data-virtual]) > .file[data-state='failed'] .file-details { flex-wrap: wrap; white-space: normal; }
    .file-list:not([data-virtual]) > .file[data-state='failed'] .file-details > * { flex: 0 1 auto; min-inline-size: 0; overflow-wrap: anywhere; }
    /* A narrow row keeps Retry an icon (its name stays its accessible name), leaving the width to the name and state. */
    .file { container: svc-file / inline-size; }
    @container svc-file (max-width: 22rem) {
      .icon-button.with-label[part~='file-retry'] { inline-size: 2rem; padding-inline: 0; }
      .icon-button.with-label[part~='file-retry'] .label { display: none; }
      /* The state on a line of its own: a wrapped "·" would start the second line. */
      .file-list:not([data-virtual]) > .file[data-state='failed'] .file-status { flex-basis: 100%; }
      .file-list:not([data-virtual]) > .file[data-state='failed'] .file-status::before { content: none; }
    }
    [data-state='successful'] .file-status { color: var(--_color-success); }
    [data-state='failed'] .file-status, .file-error { color: var(--_color-danger); }
    [data-state='paused'] .file-status { color: var(--_color-warning); }

    .file-actions { display: flex; align-items: center; gap: 0.125rem; }
    .file-done { display: grid; place-items: center; inline-size: 2rem; color: var(--_color-success); }
    .icon-button[part~='file-remove']:hover:not(:disabled) { color: var(--_color-danger); }

    .progress {
      overflow: hidden;
      block-size: 0.375rem;
      border-radius: var(--_radius-full);
      background: var(--_color-border);
    }
    /*
     * The fill spans the whole track and slides in from the start edge by the share still to go
     * (\`--_fill\`, set per render): a moving \`translate\` is drawn by the compositor, while a moving
     * width would lay out and repaint the element on every frame of the transition.
     */
    .progress-fill { block-size: 100%; border-radius: inherit; background: var(--_color-accent); --_fill: 0%; translate: calc(var(--_fill) - 100%) 0; }
    .base[dir='rtl'] .progress-fill { translate: calc(100% - var(--_fill)) 0; }
    [data-state='successful'] .progress-fill { background: var(--_color-success); }
    [data-state='paused'] .progress-fill { background: var(--_color-warning); }
    [data-state='failed'] .progress-fill { background: var(--_color-danger); }
    .file-row .file-progress {
      position: absolute;
      inset-inline: calc(var(--_spacing-medium) * 2 + 2.5rem) var(--_spacing-medium);
      inset-block-end: 0.3125rem;
      block-size: 0.1875rem;
    }
    .file:is([data-state='queued'], [data-state='successful'], [data-state='failed'], [data-state='canceled']) .file-progress { visibility: hidden; }

    .file-hero {
      display: grid;
      grid-template-columns: 3.5rem minmax(0, 1fr) auto;
      grid-template-areas: 'thumbnail main actions' 'progress progress progress';
      align-items: center;
      gap: var(--_spacing-small) var(--_spacing-medium);
      padding: var(--_spacing-medium);
      border: 1px solid var(--_color-border);
      border-radius: var(--_radius-medium);
      background: var(--_color-surface-raised);
    }
    .file-hero.has-media { grid-template-columns: minmax(0, 1fr) auto; grid-template-areas: 'thumbnail thumbnail' 'main actions' 'progress progress'; }
    .file-hero .thumbnail { grid-area: thumbnail; block-size: 3.5rem; }
    .file-hero.has-media .thumbnail { block-size: 11rem; }
    .file-hero .thumbnail-image { position: absolute; inset: 0; object-fit: contain; }
    .file-hero .thumbnail-glyph { inline-size: 1.75rem; block-size: 1.75rem; }
    .file-hero .file-main { grid-area: main; }
    .file-hero .file-details { flex-wrap: wrap; }
    .file-hero .file-actions { grid-area: actions; }
    .file-hero .file-progress { grid-area: progress; }
    .file-hero:is([data-state='queued'], [data-state='successful'], [data-state='failed'], [data-state='canceled']) .file-progress { display: none; }
    .preview-button {
      position: absolute;
      inset-block-start: var(--_spacing-small);
      inset-inline-end: var(--_spacing-small);
      background: var(--_color-surface);
      box-shadow: var(--_shadow-small);
      color: var(--_color-text);
    }
    .preview-button:hover:not(:disabled) { background: var(--_color-surface-raised); }
  }
`;
