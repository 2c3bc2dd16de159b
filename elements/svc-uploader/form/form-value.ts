/**
 * What `<svc-uploader>` gives the form it sits in, through `ElementInternals`:
 * - with an upload target (`server-url` or `upload-endpoint`), one entry per stored file under
 *   `name`, whose value is the object key the server chose; files not stored yet submit nothing;
 * - without one ("no server": the element is a richer file input), one entry per listed file under
 *   `name`, whose value is the File itself (the form needs `enctype="multipart/form-data"`).
 * Validity: `valueMissing` when `required` and nothing would be submitted; `customError` while a
 * listed file is not stored (on its way, queued, failed or canceled), so a form is never sent
 * without files its user sees listed.
 * The submitted keys are also saved as the form state, so a back/forward navigation that restores
 * the form (`formStateRestoreCallback`) gets them back; they count against `maxFiles` after the
 * files stored since, and the user can remove them.
 */
import type { UploadFileRecord } from '../../../engine/core/file-record.js';
import type { Translate } from '../sources/source-panel.js';

/** A stored file remembered across a navigation: enough to submit it and say what it was. */
export interface RestoredUpload {
  key: string;
  name: string;
}

export interface FormValueHost {
  name(): string | undefined;
  required(): boolean;
  /** The most files the element takes (`max-files`). */
  maxFiles(): number;
  /** True when the element has no upload target: the form submits the files themselves. */
  submitsFiles(): boolean;
  files(): readonly UploadFileRecord[];
  t: Translate;
  /** The control a validation bubble points at (the Browse button, say). */
  anchor(): HTMLElement | undefined;
}

const IN_FLIGHT = new Set(['processing', 'uploading', 'checking', 'uploaded', 'paused']);
/** Listed but not stored, and not on its way: the user must upload or remove it. */
const NOT_STORED = new Set(['queued', 'failed', 'canceled']);
/** Bounds on a restored state: it comes from the browser's session history, but is read defensively. */
const MAX_STATE_LENGTH = 256 * 1024;
const MAX_RESTORED = 1000;
const MAX_FIELD_LENGTH = 1024;

function storedUploads(files: readonly UploadFileRecord[]): RestoredUpload[] {
  return files.filter((file) => file.state === 'successful' && file.result).map((file) => ({ key: file.result!.key, name: file.name }));
}

/** The saved form state, or nothing when it is not one this element wrote. */
export function readRestoredState(state: unknown): RestoredUpload[] {
  if (typeof state !== 'string' || state.length > MAX_STATE_LENGTH) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(state);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const isField = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_FIELD_LENGTH;
  return parsed.slice(0, MAX_RESTORED).flatMap((item: unknown) => {
    const { key, name } = (item ?? {}) as Record<string, unknown>;
    return isField(key) && isField(name) ? [{ key, name }] : [];
  });
}

export class FormValue {
  /** Files stored on an earlier visit of this page, brought back by the form's state restore. */
  restored: RestoredUpload[] = [];
  /** How many of `restored` the form submits now (`maxFiles` counts the files stored since first). */
  restoredInForm = 0;

  /** What the value was last built from. */
  #lastValue: { name?: string; entries: readonly unknown[] } | undefined;

  readonly #internals: ElementInternals;
  readonly #host: FormValueHost;

  constructor(internals: ElementInternals, host: FormValueHost) {
    this.#internals = internals;
    this.#host = host;
  }

  /** True when `name` and the entries (compared one by one) are what the value was built from. */
  #unchanged(name: string | undefined, entries: readonly unknown[]): boolean {
    const last = this.#lastValue;
    if (!last || last.name !== name || last.entries.length !== entries.length) return false;
    return entries.every((entry, index) => entry === last.entries[index]);
  }

  /** Sets the form value, the saved state and the validity from the list as it is now. */
  sync(): void {
    const host = this.#host;
    const internals = this.#internals;
    const files = host.files();
    const name = host.name();
    const submitsFiles = host.submitsFiles();
    const storedNow = submitsFiles ? [] : storedUploads(files);
    // Restored keys fill what `maxFiles` leaves after the files stored on this visit.
    const restored = submitsFiles ? [] : this.restored.slice(0, Math.max(0, host.maxFiles() - storedNow.length));
    this.restoredInForm = restored.length;
    const stored = [...restored, ...storedNow];
    const entries = submitsFiles ? files.length : stored.length;
    const sources = submitsFiles ? files.map((file) => file.file) : stored.map((upload) => upload.key);
    // Progress re-renders often; the value is rebuilt only when what it holds changed.
    if (!this.#unchanged(name, sources)) {
      this.#lastValue = { name, entries: sources };
      if (name && entries > 0) {
        const data = new FormData();
        if (submitsFiles) for (const file of files) data.append(name, file.file, file.name);
        else for (const upload of stored) data.append(name, upload.key);
        // The files themselves cannot be saved as text; with them the state is the same FormData.
        internals.setFormValue(data, submitsFiles ? data : JSON.stringify(stored));
      } else {
        internals.setFormValue(null);
      }
    }
    const anchor = host.anchor();
    const inFlight = !submitsFiles && files.some((file) => IN_FLIGHT.has(file.state));
    const notStored = !submitsFiles && files.some((file) => NOT_STORED.has(file.state));
    const valueMissing = host.required() && entries === 0;
    const customError = inFlight || notStored;
    // The message says what to do first: wait, then upload or remove, then add a file.
    const message = inFlight ? 'form.uploadsInFlight' : notStored ? 'form.uploadsNotStored' : 'form.valueMissing';
    if (customError || valueMissing) internals.setValidity({ customError, valueMissing }, host.t(message), anchor);
    else internals.setValidity({});
  }

  /** `formStateRestoreCallback`: keys come back as restored uploads; files are handed to `addFiles`. */
  restore(state: unknown, addFiles: (files: File[]) => void): void {
    if (state instanceof FormData) {
      const files = [...state.values()].filter((value): value is File => value instanceof File);
      if (files.length > 0) addFiles(files);
      return;
    }
    this.restored = readRestoredState(state);
    this.sync();
  }

  /** The user removed the restored uploads: the form no longer submits them. */
  forgetRestored(): void {
    this.restored = [];
    this.sync();
  }

  clear(): void {
    this.restored = [];
    this.restoredInForm = 0;
    this.#lastValue = undefined;
  }
}
