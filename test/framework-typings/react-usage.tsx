// Type-checked against the shipped typings (svc-uploader/react) by test/e2e/framework-typings.test.ts.
// Each @ts-expect-error is a mistake the typings must catch: were a typing loose, the directive
// would be unused and the check would fail.
import type {} from 'svc-uploader/react';
import type { FileSizeLimit } from 'svc-uploader';

const maxFileSize: FileSizeLimit = { size: 50, unit: 'MB' };

export const valid = (
  <svc-uploader
    serverUrl="/api/upload"
    maxFiles={5}
    maxFileSize={maxFileSize}
    sources={['local', 'camera']}
    mini
    allowed-file-types="image/*"
    no-animations
    className="uploader"
    onsvc-file-upload-complete={(event) => event.detail.key.toUpperCase()}
    onsvc-files-upload-complete={(event) => event.detail.successful + event.detail.failed}
  />
);

// @ts-expect-error a misspelt property
export const misspeltProperty = <svc-uploader maxFile={5} />;

// @ts-expect-error a property of the wrong type
export const wrongType = <svc-uploader maxFiles="five" />;

// @ts-expect-error a source the element does not have
export const unknownSource = <svc-uploader sources={['fax']} />;

// @ts-expect-error onBeforeFileAdded would become a listener for "BeforeFileAdded": set it through a ref
export const hookAsProp = <svc-uploader onBeforeFileAdded={() => true} />;

// @ts-expect-error the detail of svc-file-upload-complete has no `url`
export const wrongDetail = <svc-uploader onsvc-file-upload-complete={(event) => event.detail.url} />;

// TypeScript lets any JSX attribute with a dash through (as for data-*), so a misspelt
// onsvc-* or kebab-case attribute name is not caught in TSX; its listener type, when the name is
// right, is.
