// Type-checked against the shipped typings (svc-uploader/svelte) by test/e2e/framework-typings.test.ts:
// the attributes svelte-check reads from SvelteHTMLElements['svc-uploader'].
// Each @ts-expect-error is a mistake the typings must catch.
import type {} from 'svc-uploader/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';

type Props = SvelteHTMLElements['svc-uploader'];

export const valid: Props = {
  'server-url': '/api/upload',
  maxFiles: 5,
  maxFileSize: { size: 50, unit: 'MB' },
  'no-show-branding': true,
  class: 'uploader',
  'onsvc-file-upload-complete': (event) => event.detail.key.toUpperCase(),
  'onsvc-files-upload-complete': (event) => event.detail.failed,
};

// @ts-expect-error a misspelt property
export const misspeltProperty: Props = { maxFile: 5 };

// @ts-expect-error a property of the wrong type
export const wrongType: Props = { maxFiles: 'five' };

// @ts-expect-error onBeforeFileAdded would become a listener for "BeforeFileAdded": set it through bind:this
export const hookAsAttribute: Props = { onBeforeFileAdded: () => true };

// @ts-expect-error the detail of svc-file-upload-complete has no `url`
export const wrongDetail: Props = { 'onsvc-file-upload-complete': (event) => event.detail.url };
