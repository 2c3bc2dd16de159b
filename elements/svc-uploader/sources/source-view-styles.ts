/**
 * Source views and what panels put in them. Panels (the link, media and drive panels, and any a
 * page registers) get their buttons, inputs, errors and colours from here and from the tokens, so
 * their own CSS only lays them out.
 */
import { css } from 'lit';

export const sourceViewStyles = css`
  @layer svc-uploader {
    .source-view {
      z-index: 1;
      display: flex;
      flex-direction: column;
      gap: var(--_spacing-medium);
      padding: var(--_spacing-medium);
      border: 1px solid var(--_color-border);
      border-radius: var(--_radius-large);
      background: var(--_color-surface-raised);
      box-shadow: var(--_shadow-medium);
    }
    .source-view-header {
      display: flex;
      align-items: center;
      gap: var(--_spacing-small);
      padding-block-end: var(--_spacing-small);
      border-block-end: 1px solid var(--_color-border);
    }
    .back-button { padding-inline: var(--_spacing-xsmall) var(--_spacing-small); border-color: transparent; background: transparent; }
    /* Focus lands on the title when a panel opens, to orient screen readers; it is not a control. */
    .source-view-title { margin: 0; font-size: var(--_font-size-medium); font-weight: var(--_font-weight-strong); outline: none; }
    .source-view-body { display: grid; flex: 1; align-content: start; gap: var(--_spacing-small); min-inline-size: 0; }
    .source-view-body p { margin: 0; }
    .source-view-loading { display: flex; align-items: center; gap: var(--_spacing-small); color: var(--_color-text-muted); }

    .url-form { display: grid; gap: var(--_spacing-small); }
    .url-form label { font-size: var(--_font-size-small); font-weight: var(--_font-weight-strong); }
    .url-row { display: flex; flex-wrap: wrap; gap: var(--_spacing-small); }
    .url-row input { flex: 1 1 12rem; min-inline-size: 0; }

    .media-panel { display: grid; justify-items: center; gap: var(--_spacing-small); }
    .media-preview, .capture-review {
      max-inline-size: 100%;
      max-block-size: 16rem;
      border-radius: var(--_radius-medium);
      background: var(--_color-surface-sunken);
    }
    audio.capture-review { inline-size: 100%; background: none; }
    .media-preview.mirrored { transform: scaleX(-1); }
    .media-controls { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: var(--_spacing-small); }
    .recording-timer {
      display: flex;
      align-items: center;
      gap: var(--_spacing-xsmall);
      color: var(--_color-danger);
      font-variant-numeric: tabular-nums;
      font-weight: var(--_font-weight-strong);
    }
    .recording-timer::before { content: ''; inline-size: 0.625rem; block-size: 0.625rem; border-radius: var(--_radius-full); background: var(--_color-danger); }
    .level-meter { inline-size: 100%; block-size: 0.75rem; }
  }
`;
