/**
 * Every state a user meets during an upload, each reached by the real element and engine talking
 * to a pretend handler and bucket inside the page (`story-server.ts`): the same picture on every
 * run, with no server and no network.
 */
import type { Meta } from '@storybook/web-components-vite';
import type { FileState, SvcUploader } from '../elements/index.js';
import { sampleFile } from './render-uploader.js';
import { storyServerUrl } from './story-server.js';
import type { UploaderArgs } from './uploader-controls.js';
import { uploaderIn, uploaderStoryBase, type UploaderStory } from './uploader-story.js';

const meta = {
  title: 'svc-uploader/Upload states',
  component: 'svc-uploader',
  ...uploaderStoryBase,
} satisfies Meta<UploaderArgs>;

export default meta;
type Story = UploaderStory;

/** Waits until every listed file is in `state`, then for the element to show it. */
async function untilEvery(uploader: SvcUploader, state: FileState): Promise<void> {
  while (!uploader.files.every((file) => file.state === state)) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await uploader.updateComplete;
}

const twoFiles = () => [sampleFile('holiday.jpg', 'image/jpeg', 3_400_000), sampleFile('report.pdf', 'application/pdf', 1_250_000)];

/** Adds the files and starts the run without waiting for it to settle. */
async function startUploading(canvas: HTMLElement): Promise<SvcUploader> {
  const uploader = uploaderIn(canvas);
  await uploader.addFiles(twoFiles());
  void uploader.upload();
  await untilEvery(uploader, 'uploading');
  return uploader;
}

/** Two files on their way: each row shows its progress, the run its total. */
export const Uploading: Story = {
  args: { serverUrl: storyServerUrl('uploading') },
  play: async ({ canvasElement }) => {
    const uploader = await startUploading(canvasElement);
    while (uploader.files.some((file) => file.bytesUploaded === 0)) await new Promise((resolve) => setTimeout(resolve, 20));
    await uploader.updateComplete;
  },
};

/** The user paused the run: the rows keep their progress and offer Resume. */
export const Paused: Story = {
  args: { serverUrl: storyServerUrl('uploading') },
  play: async ({ canvasElement }) => {
    const uploader = await startUploading(canvasElement);
    uploader.pause();
    await untilEvery(uploader, 'paused');
  },
};

/**
 * The browser went offline mid-upload: with `networkAware` (the default) the files pause by
 * themselves and a banner says they continue when the connection is back.
 */
export const Offline: Story = {
  args: { serverUrl: storyServerUrl('uploading') },
  // The browser's own signal, sent by the story; the next story starts online again.
  beforeEach: () => () => {
    window.dispatchEvent(new Event('online'));
  },
  play: async ({ canvasElement }) => {
    const uploader = await startUploading(canvasElement);
    window.dispatchEvent(new Event('offline'));
    await untilEvery(uploader, 'paused');
  },
};

/** The handler refused the upload (403 with an error body): the file failed and offers Retry. */
export const RefusedByServer: Story = {
  name: 'Failed (refused by the server)',
  args: { serverUrl: storyServerUrl('refused') },
  play: async ({ canvasElement }) => {
    const uploader = uploaderIn(canvasElement);
    await uploader.addFiles([sampleFile('contract.pdf', 'application/pdf', 820_000)]);
    await uploader.upload();
    await uploader.updateComplete;
  },
};

/**
 * The handler answered 503: the automatic retries (`maxRetries`) send the file again, and the row
 * says which attempt this is.
 */
export const Retrying: Story = {
  args: { serverUrl: storyServerUrl('busy-once') },
  play: async ({ canvasElement }) => {
    const uploader = uploaderIn(canvasElement);
    await uploader.addFiles([sampleFile('archive.zip', 'application/zip', 5_600_000)]);
    void uploader.upload();
    while (!uploader.files.every((file) => file.attempts > 1 && file.bytesUploaded > 0)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await uploader.updateComplete;
  },
};

/** Every file is stored: the summary and the Done button. */
export const Done: Story = {
  args: { serverUrl: storyServerUrl('stored') },
  play: async ({ canvasElement }) => {
    const uploader = uploaderIn(canvasElement);
    await uploader.addFiles(twoFiles());
    await uploader.upload();
    await uploader.updateComplete;
  },
};
