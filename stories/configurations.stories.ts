/**
 * The main configurations of <svc-uploader>. Every story renders the element from source; none
 * needs an upload server except "Upload (with npm start)", because choosing, validating and
 * listing files all happen in the browser.
 */
import type { Meta } from '@storybook/web-components-vite';
import { html } from 'lit';
import { renderUploader, sampleFile, samplePhoto } from './render-uploader.js';
import type { UploaderArgs } from './uploader-controls.js';
import { uploaderIn, uploaderStoryBase, type UploaderStory } from './uploader-story.js';

const meta = {
  title: 'svc-uploader/Configurations',
  component: 'svc-uploader',
  ...uploaderStoryBase,
  args: { serverUrl: '/api/upload' },
} satisfies Meta<UploaderArgs>;

export default meta;
type Story = UploaderStory;

/** `<svc-uploader server-url="/api/upload">`: server mode, every default. */
export const Default: Story = {};

/**
 * Uploads for real: run `npm start` (the demo server and its embedded store) in another terminal,
 * then `npm run storybook`, which forwards /api to it (`UPLOAD_SERVER` points elsewhere). Large
 * files go in parallel multipart parts. In a static build there is no server and uploads fail.
 */
export const UploadWithDemoServer: Story = {
  name: 'Upload (with npm start)',
  args: { maxFiles: 20, resumable: { protocol: 'multipart' } },
  render: (args) => html`
    <p style="font: 14px system-ui; margin: 0 0 1rem">
      Needs the demo server: run <code>npm start</code>, then <code>npm run storybook</code> (it forwards
      <code>/api</code> to <code>http://127.0.0.1:3000</code>).
    </p>
    ${renderUploader(args)}
  `,
};

/** Limits appear under the drop zone and are enforced when files are added. */
export const ValidationLimits: Story = {
  args: {
    maxFiles: 3,
    allowedFileTypes: ['images', '.pdf'],
    maxFileSize: { size: 5, unit: 'MB' },
    minFileSize: { size: 1, unit: 'KB' },
    maxTotalFileSize: { size: 10, unit: 'MB' },
  },
};

/** The same limits after four files were offered: three refusals, each with its reason. */
export const RejectedFiles: Story = {
  args: ValidationLimits.args,
  play: async ({ canvasElement }) => {
    await uploaderIn(canvasElement).addFiles([
      sampleFile('notes.txt', 'text/plain', 2_048),
      sampleFile('poster.png', 'image/png', 6 * 1024 ** 2),
      sampleFile('pixel.png', 'image/png', 64),
      sampleFile('photo.jpg', 'image/jpeg', 300_000),
    ]);
  },
};

/** Files waiting in the list, ready for the Upload button. */
export const FilesReady: Story = {
  play: async ({ canvasElement }) => {
    await uploaderIn(canvasElement).addFiles([
      sampleFile('report.pdf', 'application/pdf', 1_250_000),
      sampleFile('holiday.jpg', 'image/jpeg', 3_400_000),
      sampleFile('interview.mp3', 'audio/mpeg', 7_800_000),
    ]);
  },
};

/**
 * A chosen subset of sources, in the given order, with the folder picker and paste. The Sources
 * control offers every entry of `UPLOAD_SOURCES`; a chip shows when its panel is in the build.
 */
export const Sources: Story = {
  args: {
    sources: ['local', 'camera', 'url'],
    folderUpload: { allowDrop: true, showSelectFolderButton: true },
    enablePaste: true,
  },
};

/** Only the local picker: no source chips. */
export const LocalFilesOnly: Story = {
  args: { sources: ['local'] },
};

/** The compact square layout that holds one file. */
export const Mini: Story = {
  args: { mini: true },
};

/** The host marks itself busy: a spinner shows and drops and pastes are ignored. */
export const Busy: Story = {
  args: { isProcessing: true },
};

/**
 * A photo in the list with its Edit action (the pencil): crop, rotate, flip, adjust, filters and
 * rename; Save replaces the listed file. The image editor control sets `display`, `autoOpen`,
 * `output`, `tabs` and `tools`.
 */
export const ImageEditor: Story = {
  args: { imageEditor: { display: 'inline', autoOpen: 'never', output: { type: 'image/jpeg', quality: 0.9 } } },
  play: async ({ canvasElement }) => {
    await uploaderIn(canvasElement).addFiles([await samplePhoto('lake-at-dawn.jpg')]);
  },
};
