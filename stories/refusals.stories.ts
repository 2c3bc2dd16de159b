/**
 * A refused upload, one story per kind: the row says what happened and what the user can do, in
 * full. The handler's answers are those of the service contract (see refusal-answers.ts); the
 * Actions panel shows `svc-error` with the `status`, `serverCode` and `serverMessage` a host can
 * use to show its own text.
 */
import type { Meta } from '@storybook/web-components-vite';
import { installRefusalAnswers, type RefusalKind } from './refusal-answers.js';
import { sampleFile } from './render-uploader.js';
import type { UploaderArgs } from './uploader-controls.js';
import { uploaderIn, uploaderStoryBase, type UploaderStory } from './uploader-story.js';

const meta = {
  title: 'svc-uploader/Refusals',
  component: 'svc-uploader',
  ...uploaderStoryBase,
} satisfies Meta<UploaderArgs>;

export default meta;
type Story = UploaderStory;

/** An uploader whose handler refuses the upload as `kind`, after one attempt. */
function refused(kind: RefusalKind, file = sampleFile('quarterly-report.pdf', 'application/pdf', 184_000)): Story {
  return {
    args: { serverUrl: `/story-refusals/${kind}`, maxRetries: 0 },
    play: async ({ canvasElement }) => {
      installRefusalAnswers();
      const uploader = uploaderIn(canvasElement);
      await uploader.addFiles([file]);
      await uploader.upload();
    },
  };
}

export const BadRequest: Story = { name: 'Refused: unreadable request (400)', ...refused('bad-request') };
export const SignIn: Story = { name: 'Refused: sign-in required (401)', ...refused('sign-in') };
export const NotAllowed: Story = { name: 'Refused: not allowed (403 AUTH_DENIED)', ...refused('not-allowed') };
export const CrossSite: Story = { name: 'Refused: cross-site page (403)', ...refused('cross-site') };
export const Rejected: Story = { name: 'Refused: rejected by the host (403)', ...refused('rejected') };
export const TooLarge: Story = { name: 'Refused: file too large (413)', ...refused('too-large') };
export const MultipartRequired: Story = { name: 'Refused: multipart required (413)', ...refused('multipart-required') };
export const TypeNotAllowed: Story = { name: 'Refused: type not allowed (415)', ...refused('type-not-allowed', sampleFile('notes.txt', 'text/plain', 2_048)) };
export const Busy: Story = { name: 'Refused: server busy (503, Retry-After)', ...refused('busy') };
export const ServerError: Story = { name: 'Refused: server error (500)', ...refused('server-error') };
