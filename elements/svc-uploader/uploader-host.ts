/**
 * The element as its controllers see it. Each controller is built with the element and reads what
 * it needs here when it needs it (props, the render root, the translator in force, the list, the
 * other controllers), instead of being handed callbacks for every value. What is the element's own
 * and not public (its announced dispatch, its disabled state, its collaborators) is only here.
 * The collaborators are described by what their readers use, so no controller module imports another.
 */
import type { AddFilesResult, FileRejection, FileSource, UploadEngine, UploadFileRecord, UploadRunSummary } from '../../engine/index.js';
import type { Translator } from '../i18n/index.js';
import type { DropReadResult } from './drop-zone/dropped-files.js';
import type { SvcUploaderEventDetail, SvcUploaderEventName } from './events.js';
import type { PanelDelivery, PanelFailure } from './sources/source-panel.js';
import type { UploadSource } from './types.js';
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

/** The element's hold on its engine (engine-link/engine-controller.ts). */
export interface EngineLink {
  /** The list as the element shows it. */
  readonly files: readonly UploadFileRecord[];
  /** The engine, once its code has arrived. */
  readonly current: UploadEngine | undefined;
  /** The engine, loading it now if it has not arrived yet. */
  load(): Promise<UploadEngine>;
  /** The engine, for calls made only once files are listed (it has loaded by then). */
  loaded(): UploadEngine;
  /** The engine's module, once it has arrived: the editor's options, which come with it. */
  readonly module: Pick<typeof import('./editor/editor-options.js'), 'opensOnAdd' | 'resolveEditorOptions'> | undefined;
  /** The refused-files notice was dismissed. */
  clearRejections(): void;
}

export interface UploaderHost {
  readonly element: UploaderElement;
  /** The translator in force: the `i18n` prop's, else the page's language. */
  readonly translator: Translator;
  readonly engine: EngineLink;
  /** Where files from every gesture go (drop-zone/file-intake.ts). */
  readonly intake: {
    dropped(result: DropReadResult): Promise<void>;
    delivered(delivery: PanelDelivery): Promise<boolean>;
    panelFailed(failure: PanelFailure): void;
    clearFolderLimit(): void;
  };
  /** The source panels (sources/panel-host.ts). */
  readonly panels: {
    readonly current: { readonly source: UploadSource } | undefined;
    open(source: UploadSource): Promise<void>;
    close(): void;
  };
  /** What the form receives (form/form-value-controller.ts). */
  readonly form: { forgetRestored(): void };
  /** Fires an event of the table from the element; the live region hears of it. */
  dispatch<Name extends SvcUploaderEventName>(name: Name, detail: SvcUploaderEventDetail<Name>): CustomEvent<SvcUploaderEventDetail<Name>>;
  /** `disabled`, or a disabled `<fieldset>` around the element. */
  isDisabled(): boolean;
  /** A file may follow (a drag, the pointer or focus entering): what files need starts loading. */
  preload(): void;
  /** Why the engine refused a file, in the words the list uses. */
  describeRejection(rejection: FileRejection): string;
}
