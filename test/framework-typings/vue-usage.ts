// Type-checked against the shipped typings (svc-uploader/vue) by test/e2e/framework-typings.test.ts:
// the props Vue's template checker (vue-tsc) reads from GlobalComponents['svc-uploader'].
// Each @ts-expect-error is a mistake the typings must catch.
import type {} from 'svc-uploader/vue';
import type { GlobalComponents } from 'vue';

type Props = InstanceType<GlobalComponents['svc-uploader']>['$props'];

export const valid: Props = {
  serverUrl: '/api/upload',
  maxFiles: 5,
  maxFileSize: { size: 50, unit: 'MB' },
  onBeforeFileAdded: (file) => file.size > 0,
  onSvcFileUploadComplete: (event) => event.detail.key.toUpperCase(),
  onSvcFilesUploadComplete: (event) => event.detail.successful,
};

// @ts-expect-error a misspelt property
export const misspeltProperty: Props = { maxFile: 5 };

// @ts-expect-error a property of the wrong type
export const wrongType: Props = { maxFiles: 'five' };

// @ts-expect-error the detail of svc-file-upload-complete has no `url`
export const wrongDetail: Props = { onSvcFileUploadComplete: (event) => event.detail.url };

// @ts-expect-error an event the element never fires
export const unknownEvent: Props = { onSvcFileUploaded: () => undefined };
