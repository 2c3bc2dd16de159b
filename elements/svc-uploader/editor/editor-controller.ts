/**
 * The image editor's life in the uploader: opening on a file (loading the editor chunk on first
 * use), the files `autoOpen` lines up, Save and Cancel, focus into the editor and back to where the
 * user was, and the events. The file stays held in the engine while it is edited, so no run
 * (`autoUpload`, `upload()`) takes it half-edited.
 */
import type { ReactiveController } from 'lit';
import { DEFAULT_MAX_IMAGE_PIXELS } from '../../../engine/processing/image-steps/pixel-budget.js';
import type { UploadFileRecord } from '../../../engine/core/file-record.js';
import type { SvcUploaderEventDetail } from '../events.js';
import type { UploaderHost } from '../uploader-host.js';
import type { ImageEditorOptions } from '../types.js';
import { isAboveEditByteBudget } from './edit-budget.js';
import { isEditable, opensOnAdd, resolveEditorOptions } from './editor-options.js';
import type { EditorSession, EditorSessionContext, ResolvedEditorOptions } from './editor-session.js';

/** Whether the list has read an image's header and found it above `maxImagePixels` (file-list/thumbnails.ts). */
export interface DeclaredPixelBudget {
  abovePixelBudget(file: UploadFileRecord): boolean;
}

/** The editor as the templates see it. */
export interface OpenEditor {
  fileId: string;
  name: string;
  display: 'inline' | 'modal';
  /** Undefined while the image decodes (and the chunk loads). */
  session?: EditorSession;
  saving: boolean;
  /** A translated problem shown in the frame (decode failure, refused result). */
  error?: string;
}

type EditorSettings = ResolvedEditorOptions & { callbacks: Pick<ImageEditorOptions, 'onOpen' | 'onCancel' | 'onSave'> };

export class EditorController implements ReactiveController {
  current: OpenEditor | undefined;
  #waiting: string[] = [];
  #attempt = 0;
  /** The file whose Edit button gets the focus back once the editor has left the screen. */
  #focusAfterRender: string | undefined;
  #settings: { prop: unknown; mini: boolean; resolved: EditorSettings | undefined } = {
    prop: undefined,
    mini: false,
    resolved: resolveEditorOptions(undefined),
  };

  readonly #host: UploaderHost;
  readonly #element: UploaderHost['element'];
  readonly #pictures: DeclaredPixelBudget;

  constructor(host: UploaderHost, pictures: DeclaredPixelBudget) {
    this.#host = host;
    this.#element = host.element;
    this.#pictures = pictures;
    host.element.addController(this);
  }

  /**
   * `imageEditor` as read (undefined: disabled), read again only when the prop or `mini` changes:
   * every listed row asks on each render. A 280 px square has no room for the editor inline, so
   * `mini` always uses the dialog. Unknown values are reported once per prop value.
   */
  options(): EditorSettings | undefined {
    const { imageEditor, mini } = this.#element;
    const settings = this.#settings;
    if (imageEditor === settings.prop && mini === settings.mini) return settings.resolved;
    const report = ({ option, value }: { option: string; value: string }) =>
      this.#host.dispatch('svc-warn', { code: 'INVALID_OPTION', message: `imageEditor.${option}: "${value}" is not a known value; it was ignored.` });
    const resolved = resolveEditorOptions(imageEditor, imageEditor === settings.prop ? undefined : report);
    this.#settings = { prop: imageEditor, mini, resolved: resolved && mini ? { ...resolved, display: 'modal' } : resolved };
    return this.#settings.resolved;
  }

  /** Whether a file shows the Edit action: not for an image known to be above the budget (edit-budget.ts). */
  readonly canEdit = (file: UploadFileRecord): boolean =>
    this.options() !== undefined && isEditable(file) && !this.#aboveByteBudget(file) && !this.#pictures.abovePixelBudget(file);

  /** For `addFiles`' `hold`: the files `autoOpen` will open on wait for the edit before uploading. */
  readonly opensOnAdd = (file: UploadFileRecord, batch: readonly UploadFileRecord[]): boolean =>
    !this.#aboveByteBudget(file) && opensOnAdd(this.options(), file, batch);

  /** Dispatches an event from the uploader; false when a listener vetoed it. */
  #notify<Name extends 'svc-editor-open' | 'svc-editor-cancel' | 'svc-editor-save' | 'svc-error'>(name: Name, detail: SvcUploaderEventDetail<Name>): boolean {
    return !this.#host.dispatch(name, detail).defaultPrevented;
  }

  #sessionContext(): Pick<EditorSessionContext, 't' | 'icons'> {
    return { t: (key, values) => this.#host.translator.t(key, values), icons: () => this.#element.icons };
  }

  #maxImagePixels(): number {
    return this.#host.engine.current?.options.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS;
  }

  #aboveByteBudget(file: UploadFileRecord): boolean {
    return isAboveEditByteBudget(file.size, this.#maxImagePixels());
  }

  /** Opens the editor on each held file of a batch just added, in turn. */
  openHeld(added: readonly UploadFileRecord[]): void {
    this.#waiting.push(...added.filter((file) => file.held).map((file) => file.id));
    if (!this.current) void this.#openNext();
  }

  async open(id: string): Promise<void> {
    const options = this.options();
    const record = this.#host.engine.files.find((file) => file.id === id);
    if (!options || !record || !isEditable(record) || this.current) {
      if (record?.held) this.#host.engine.loaded().release(id);
      return;
    }
    if (!this.#notify('svc-editor-open', { file: record })) {
      this.#host.engine.loaded().release(id);
      return void this.#openNext();
    }
    this.#host.engine.loaded().hold(id);
    options.callbacks.onOpen?.(record.file, record);
    const attempt = ++this.#attempt;
    const editor: OpenEditor = { fileId: id, name: record.name, display: options.display, saving: false };
    this.current = editor;
    this.#element.requestUpdate();
    void this.#focusInto(editor);
    try {
      // Decoding costs 4 bytes a pixel whatever the file size: a picture above the budget is refused unopened.
      if (this.#aboveByteBudget(record)) return this.#refuseOversized(editor, record, `${record.size} bytes`, attempt);
      const { imageAbovePixelBudget, describeRefusedSize } = await import('../../../engine/processing/image-steps/image-dimensions.js');
      const oversized = await imageAbovePixelBudget(record.file, this.#maxImagePixels());
      // A header that gives no size is never decoded (it could hide any size): for the user, the
      // browser cannot edit it, as when decoding fails.
      if (oversized && oversized.width === undefined) throw new Error('its pixel size cannot be read from its header, so it is not decoded');
      if (oversized) return this.#refuseOversized(editor, record, describeRefusedSize(oversized), attempt);
      const { createEditorSession } = await import('./image-editor.js');
      const session = await createEditorSession({ ...this.#sessionContext(), file: record.file, options, requestUpdate: () => this.#element.requestUpdate() });
      if (attempt !== this.#attempt) return session.dispose();
      editor.session = session;
    } catch (error) {
      if (attempt !== this.#attempt) return;
      editor.error = this.#host.translator.t('edit.decodeFailed');
      this.#notify('svc-error', {
        scope: 'editor',
        code: 'IMAGE_DECODE_FAILED',
        message: `${record.name} could not be opened for editing: ${String((error as Error)?.cause ?? error)}`,
        file: record,
      });
    }
    this.#element.requestUpdate();
  }

  /** `size`: what is above the budget, as the message says it (`20000 × 20000 px`, `600000000 bytes`). */
  #refuseOversized(editor: OpenEditor, record: UploadFileRecord, size: string, attempt: number): void {
    if (attempt !== this.#attempt) return;
    editor.error = this.#host.translator.t('edit.tooLarge');
    this.#notify('svc-error', {
      scope: 'editor',
      code: 'IMAGE_TOO_LARGE',
      file: record,
      message: `${record.name} is ${size}, above what maxImagePixels allows: it is not opened for editing.`,
    });
    this.#element.requestUpdate();
  }

  cancel(): void {
    const editor = this.current;
    if (!editor) return;
    const record = this.#record(editor);
    if (record) {
      this.#notify('svc-editor-cancel', { file: record });
      this.options()?.callbacks.onCancel?.(record.file, record);
    }
    this.#finish(editor);
  }

  async save(): Promise<void> {
    const editor = this.current;
    const record = editor && this.#record(editor);
    if (!editor?.session || !record || editor.saving) return;
    const attempt = this.#attempt;
    editor.saving = true;
    editor.error = undefined;
    this.#element.requestUpdate();
    let edited: File;
    try {
      edited = await editor.session.save();
    } catch (error) {
      if (attempt !== this.#attempt) return;
      this.#failed(editor, this.#host.translator.t('edit.saveFailed'));
      this.#notify('svc-error', {
        scope: 'editor',
        code: 'IMAGE_ENCODE_FAILED',
        message: `${record.name} could not be encoded: ${String(error)}`,
        file: record,
      });
      return;
    }
    if (attempt !== this.#attempt) return;
    if (!this.#notify('svc-editor-save', { file: record, edited })) return this.#finish(editor);
    if (edited !== record.file) {
      const result = await this.#host.engine.loaded().replaceFile(editor.fileId, edited);
      if (attempt !== this.#attempt) return;
      if (result.rejected) return this.#failed(editor, this.#host.describeRejection(result.rejected));
    }
    this.options()?.callbacks.onSave?.(edited, record);
    this.#finish(editor);
  }

  /** Closes the editor of a file that left the list, and forgets queued ones that did. */
  keep(files: readonly UploadFileRecord[]): void {
    const ids = new Set(files.map((file) => file.id));
    this.#waiting = this.#waiting.filter((id) => ids.has(id));
    if (this.current && !ids.has(this.current.fileId)) this.#finish(this.current, { restoreFocus: false });
  }

  hostUpdated(): void {
    const id = this.#focusAfterRender;
    if (id === undefined) return;
    this.#focusAfterRender = undefined;
    this.#focusBack(id);
  }

  hostDisconnected(): void {
    this.#waiting = [];
    if (this.current) this.#finish(this.current, { restoreFocus: false, openNext: false });
  }

  #record(editor: OpenEditor): UploadFileRecord | undefined {
    return this.#host.engine.files.find((file) => file.id === editor.fileId);
  }

  #failed(editor: OpenEditor, message: string): void {
    editor.saving = false;
    editor.error = message;
    this.#element.requestUpdate();
  }

  #finish(editor: OpenEditor, { restoreFocus = true, openNext = true } = {}): void {
    if (this.current !== editor) return;
    this.#attempt += 1;
    this.current = undefined;
    editor.session?.dispose();
    this.#dialog()?.close();
    this.#host.engine.loaded().release(editor.fileId);
    // Right after the render that takes the editor away (the list is inert until then), not
    // after `updateComplete`, which can also wait for a paced progress render.
    if (restoreFocus) this.#focusAfterRender = editor.fileId;
    this.#element.requestUpdate();
    void this.#element.updateComplete.then(() => {
      if (openNext) void this.#openNext();
    });
  }

  async #openNext(): Promise<void> {
    const id = this.#waiting.shift();
    if (id !== undefined) await this.open(id);
  }

  async #focusInto(editor: OpenEditor): Promise<void> {
    await this.#element.updateComplete;
    if (this.current !== editor) return;
    const dialog = this.#dialog();
    if (dialog && !dialog.open) dialog.showModal();
    this.#element.renderRoot.querySelector<HTMLElement>('[part~="editor-title"]')?.focus();
  }

  /** Back to the file's Edit button, or its name when the button is gone (the file changed state). */
  #focusBack(id: string): void {
    const root = this.#element.renderRoot;
    const target = root.querySelector<HTMLElement>(`[data-edit-for="${id}"]`) ?? root.querySelector<HTMLElement>(`[data-file-id="${id}"] [part~="file-name"]`);
    target?.focus();
  }

  #dialog(): HTMLDialogElement | null {
    return this.#element.renderRoot.querySelector<HTMLDialogElement>('dialog[part~="editor"]');
  }
}
