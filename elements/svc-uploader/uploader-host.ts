/**
 * The element as its controllers see it. Each controller is built with the element and reads what
 * it needs here when it needs it (props, the render root, the translator in force), instead of
 * being handed callbacks for every value; the few things that are the element's own and not
 * public (its announced dispatch, its disabled state) are the only extras.
 */
import type { AddFilesResult, FileSource, UploadRunSummary } from '../../engine/index.js';
import type { Translator } from '../i18n/index.js';
import type { SvcUploaderEventDetail, SvcUploaderEventName } from './events.js';
import type { UploaderPropsElement } from './uploader-props-element.js';

/** The element's props, update cycle and render root, and the public calls controllers make. */
interface UploaderElement extends UploaderPropsElement {
  addFiles(files: File[] | FileList, source?: FileSource): Promise<AddFilesResult>;
  upload(): Promise<UploadRunSummary>;
  pause(id?: string): void;
  resume(id?: string): Promise<UploadRunSummary>;
  retry(id?: string): Promise<UploadRunSummary>;
  removeFile(id: string): void;
  cancel(id?: string): void;
  reset(): void;
}

export interface UploaderHost {
  readonly element: UploaderElement;
  /** The translator in force: the `i18n` prop's, else the page's language. */
  readonly translator: Translator;
  /** Fires an event of the table from the element; the live region hears of it. */
  dispatch<Name extends SvcUploaderEventName>(name: Name, detail: SvcUploaderEventDetail<Name>): CustomEvent<SvcUploaderEventDetail<Name>>;
  /** `disabled`, or a disabled `<fieldset>` around the element. */
  isDisabled(): boolean;
  /** A file may follow (a drag, the pointer or focus entering): what files need starts loading. */
  preload(): void;
}
