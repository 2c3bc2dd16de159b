/**
 * The cloud-drive panels in each state a user meets: signed out, browsing a listing, and files
 * being copied into the bucket. The drive and the upload handler are pretend ones inside the page
 * (`story-server.ts`), so every run shows the same thing with no network and no account.
 */
import type { Meta } from '@storybook/web-components-vite';
import type { SvcUploader, UploadSource } from '../elements/index.js';
import { storyServerUrl } from './story-server.js';
import type { UploaderArgs } from './uploader-controls.js';
import { uploaderIn, uploaderStoryBase, type UploaderStory } from './uploader-story.js';

const meta = {
  title: 'svc-uploader/Cloud drives',
  component: 'svc-uploader',
  ...uploaderStoryBase,
} satisfies Meta<UploaderArgs>;

export default meta;
type Story = UploaderStory;

/** Resolves with the uploader's inner node matching `selector` once it is rendered. */
async function rendered(uploader: SvcUploader, selector: string): Promise<HTMLElement> {
  for (;;) {
    await uploader.updateComplete;
    const found = uploader.shadowRoot!.querySelector<HTMLElement>(selector);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Opens the drive's panel from its source chip, as the user would. */
async function openPanel(canvas: HTMLElement, source: UploadSource): Promise<SvcUploader> {
  const uploader = uploaderIn(canvas);
  (await rendered(uploader, `[part~="source-chip-${source}"]`)).click();
  return uploader;
}

function signedOut(source: UploadSource): Story {
  return {
    args: { serverUrl: storyServerUrl('drive-signed-out'), sources: ['local', source] },
    play: async ({ canvasElement }) => {
      const uploader = await openPanel(canvasElement, source);
      await rendered(uploader, '[part~="drive-sign-in-button"]');
    },
  };
}

/** Google Drive before the user connects it: the sign-in step. */
export const GoogleDriveSignedOut: Story = { name: 'Google Drive, signed out', ...signedOut('googleDrive') };
/** OneDrive before the user connects it: the sign-in step. */
export const OneDriveSignedOut: Story = { name: 'OneDrive, signed out', ...signedOut('oneDrive') };
/** Dropbox before the user connects it: the sign-in step. */
export const DropboxSignedOut: Story = { name: 'Dropbox, signed out', ...signedOut('dropbox') };
/** Box before the user connects it: the sign-in step. */
export const BoxSignedOut: Story = { name: 'Box, signed out', ...signedOut('box') };

/** A connected Google Drive listing a folder and three files, one of them chosen. */
export const BrowsingADrive: Story = {
  name: 'Browsing a drive',
  args: { serverUrl: storyServerUrl('drive-connected'), sources: ['local', 'googleDrive'] },
  play: async ({ canvasElement }) => {
    const uploader = await openPanel(canvasElement, 'googleDrive');
    (await rendered(uploader, '[data-id="file-plan"] [part~="drive-checkbox"]')).click();
    await rendered(uploader, '[part~="drive-add"]:not([disabled])');
  },
};

/** Two files chosen in the drive: they join the list while the server copies them into the bucket. */
export const ImportingFromADrive: Story = {
  name: 'Importing from a drive',
  args: { serverUrl: storyServerUrl('drive-connected'), sources: ['local', 'googleDrive'], autoUpload: true },
  play: async ({ canvasElement }) => {
    const uploader = await openPanel(canvasElement, 'googleDrive');
    (await rendered(uploader, '[data-id="file-plan"] [part~="drive-checkbox"]')).click();
    (await rendered(uploader, '[data-id="file-team"] [part~="drive-checkbox"]')).click();
    (await rendered(uploader, '[part~="drive-add"]:not([disabled])')).click();
    await rendered(uploader, '[part~="file-list"]');
    while (!uploader.files.every((file) => file.state === 'uploading')) await new Promise((resolve) => setTimeout(resolve, 20));
    await uploader.updateComplete;
  },
};
