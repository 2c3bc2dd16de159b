/**
 * What every `<svc-uploader>` story file shares: how a story renders the element and which
 * controls it offers, the story type, and finding the rendered element in a story's canvas.
 * The title and component stay written out in each file's default export, where Storybook's
 * indexer reads them without running the file.
 */
import type { StoryObj } from '@storybook/web-components-vite';
import type { SvcUploader } from '../elements/index.js';
import { renderUploader } from './render-uploader.js';
import { uploaderArgTypes, type UploaderArgs } from './uploader-controls.js';

/** Spread into a story file's meta: render from the story's args, with the element's controls. */
export const uploaderStoryBase = { render: renderUploader, argTypes: uploaderArgTypes };

export type UploaderStory = StoryObj<UploaderArgs>;

/** The `<svc-uploader>` a story rendered into `canvas`. */
export function uploaderIn(canvas: HTMLElement): SvcUploader {
  const uploader = canvas.querySelector('svc-uploader');
  if (!uploader) throw new Error('the story rendered no <svc-uploader>');
  return uploader;
}
