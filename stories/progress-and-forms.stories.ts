/**
 * An upload in progress with its rate and time left, the element inside a form, and disabled.
 * The uploads go to the pretend handler and bucket in the page (story-server.ts, `slow-link`), so
 * they need no server.
 */
import type { Meta } from '@storybook/web-components-vite';
import { html } from 'lit';
import { renderUploader, sampleFile } from './render-uploader.js';
import { storyServerUrl } from './story-server.js';
import type { UploaderArgs } from './uploader-controls.js';
import { uploaderIn, uploaderStoryBase, type UploaderStory } from './uploader-story.js';

const meta = {
  title: 'svc-uploader/Progress and forms',
  component: 'svc-uploader',
  ...uploaderStoryBase,
  args: { serverUrl: storyServerUrl('slow-link') },
} satisfies Meta<UploaderArgs>;

export default meta;
type Story = UploaderStory;

/** Two files over a 1.5 MiB/s link: after two seconds each row and the run show the rate and time left. */
export const UploadingWithSpeed: Story = {
  name: 'Uploading with speed and time left',
  play: async ({ canvasElement }) => {
    const uploader = uploaderIn(canvasElement);
    await uploader.addFiles([sampleFile('site-backup.zip', 'application/zip', 48_000_000), sampleFile('interview.mp3', 'audio/mpeg', 9_000_000)]);
    void uploader.upload();
  },
};

/**
 * In a form: `name` submits each stored file's key, `required` blocks the submit until one is
 * stored (and while uploads run). Submitting shows what the form would send.
 */
export const FormUse: Story = {
  name: 'Form use',
  args: { name: 'attachments', required: true, autoUpload: true },
  render: (args) => {
    const submitted = (event: SubmitEvent) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const lines = [...new FormData(form)].map(([name, value]) => `${name} = ${String(value)}`);
      form.querySelector('output')!.textContent = lines.join('\n');
    };
    return html`
      <form style="display: grid; gap: 1rem; font: 14px system-ui" @submit=${submitted}>
        <label>Title <input name="title" value="Holiday"></label>
        ${renderUploader(args)}
        <button style="justify-self: start">Publish</button>
        <output style="white-space: pre; font-family: monospace"></output>
      </form>
    `;
  },
};

/** `disabled` (a disabled `<fieldset>` does the same): inert and dimmed, sources included. */
export const Disabled: Story = {
  args: { disabled: true, sources: ['local', 'url', 'camera'] },
};
