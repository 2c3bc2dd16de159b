/**
 * The main CSS parts of `<svc-uploader>` as the custom-elements manifest lists them (editors offer
 * them for `::part()`). Every part, inner ones included, is listed in docs/element.md ("Styling").
 * Only the manifest generator and tests import this module, so the text stays out of the bundle.
 */
export const documentedParts: Record<string, string> = {
  base: 'The root container; drops and pastes land here. Carries `lang`, `dir` and `data-status`.',
  'drop-zone': 'The idle drop area with the pickers, source chips and limits.',
  'drop-overlay': 'Covers a file list while files are dragged over it.',
  'browse-button': 'Opens the file picker.',
  'source-chip': 'A source chip; also `source-chip-<source>`.',
  'source-view': 'An open source panel, sliding over the list; also `source-view-<source>`.',
  'file-list': 'The list of files (one hero card, or rows).',
  file: 'One file; also `file-<state>`.',
  'file-thumbnail': "The file's image or type glyph.",
  'file-progress': "A file's progress bar.",
  actions: 'Run controls: `upload-button`, `pause-button`, `resume-button`, `cancel-button`, `retry-all-button`, `done-button`.',
  'overall-progress': 'Combined progress of the run.',
  summary: 'The outcome of a run.',
  preview: 'The expanded preview dialog.',
  editor: "The image editor, inline over the list or a dialog; its inner parts start with `editor-`, the file's button is `file-edit`.",
  announcer: 'The visually hidden live region.',
};
