/**
 * Turns engine events into the element's DOM events and tells the element when its view of the
 * list changed. Engine and element share one vocabulary: most engine events are re-emitted as
 * `svc-<name>` with the very same detail object (the table below); the few element events that
 * cannot be a straight re-emit are derived after it, each with the reason.
 */
import type { EngineEventMap, EngineEventName, FileState, UploadEngine, UploadFileRecord } from '../../../engine/index.js';
import type { SvcUploaderEventDetail, SvcUploaderEventName } from '../events.js';
import type { UploaderStatus } from '../types.js';

export interface BridgeHost {
  emit<Name extends SvcUploaderEventName>(name: Name, detail: SvcUploaderEventDetail<Name>): CustomEvent;
  /**
   * The list, run progress or connectivity changed: re-render. `listChanged` is false when the
   * new list differs only in progress (same files, in the same order and states).
   */
  onEngineChange(change: { files?: readonly UploadFileRecord[]; listChanged?: boolean; progress?: number; online?: boolean }): void;
  onRejected(rejection: SvcUploaderEventDetail<'svc-file-reject'>): void;
  /** The `allowedFileTypes` value in force, for `svc-file-type-mismatch`. */
  allowedFileTypesText(): string;
}

/**
 * Engine events the element fires unchanged as `svc-<name>`, detail object and all.
 * @internal Exported for tests.
 */
export const RE_EMITTED_ENGINE_EVENTS = [
  'file-add',
  'file-reject',
  'file-state-change',
  'file-upload-progress',
  'part-upload',
  'file-resume',
  'file-retry',
  'file-pause',
  'file-cancel',
  'file-upload-complete',
  'file-process',
  'upload-start',
  'upload-progress',
  'files-upload-complete',
  'network-change',
  'files-restore',
] as const satisfies readonly EngineEventName[];

type ReEmitted = (typeof RE_EMITTED_ENGINE_EVENTS)[number];

/** True when the table entry has a `svc-` event whose detail type is exactly the engine's. */
type SameDetail<Name extends ReEmitted> = `svc-${Name}` extends SvcUploaderEventName
  ? [EngineEventMap[Name]] extends [SvcUploaderEventDetail<`svc-${Name}`>]
    ? [SvcUploaderEventDetail<`svc-${Name}`>] extends [EngineEventMap[Name]]
      ? true
      : false
    : false
  : false;
type AssertAll<Checks extends Record<ReEmitted, true>> = Checks;
/** Fails to compile when the table drifts from `events.ts`, so a re-emit can never change a detail. */
type ReEmittedDetailsMatch = AssertAll<{ [Name in ReEmitted]: SameDetail<Name> }>;

const ACTIVE: ReadonlySet<FileState> = new Set(['processing', 'uploading', 'checking', 'uploaded']);

/** Overall status from the files alone, so it is right whatever changed them. */
function deriveStatus(files: readonly UploadFileRecord[]): UploaderStatus {
  if (files.length === 0) return 'idle';
  if (files.some((file) => ACTIVE.has(file.state))) return 'uploading';
  if (files.some((file) => file.state === 'paused')) return 'paused';
  if (files.some((file) => file.state === 'queued')) return 'ready';
  if (files.some((file) => file.state === 'failed' || file.state === 'canceled')) return 'failed';
  return 'complete';
}

/** Whether the list differs from `before` only in progress: same files, in the same order and states. */
function isProgressOnlyChange(before: readonly UploadFileRecord[], after: readonly UploadFileRecord[]): boolean {
  if (before.length !== after.length) return false;
  for (let index = 0; index < after.length; index += 1) {
    if (after[index]!.id !== before[index]!.id || after[index]!.state !== before[index]!.state) return false;
  }
  return true;
}

/** Subscribes to every engine event the element reflects; returns the unsubscribe function. */
export function bridgeEngineEvents(engine: UploadEngine, host: BridgeHost): () => void {
  const subscriptions = (RE_EMITTED_ENGINE_EVENTS satisfies ReadonlyArray<keyof ReEmittedDetailsMatch>).map((name) => {
    // `ReEmittedDetailsMatch` proves each `svc-${name}` takes this detail; TypeScript cannot see
    // that through the loop's union of names.
    const eventName = `svc-${name}` as SvcUploaderEventName;
    return engine.on(name, (detail: EngineEventMap[ReEmitted]) => host.emit(eventName, detail as never));
  });
  // Views first, so a listener of a derived event (say `svc-status-change`) reads the new list.
  subscriptions.push(...subscribeViewUpdates(engine, host), subscribeListChanges(engine, host), ...subscribeDerivedEvents(engine, host));
  return () => {
    for (const unsubscribe of subscriptions) unsubscribe();
  };
}

/** Element events made from engine events; each fires after the re-emit of its source event. */
function subscribeDerivedEvents(engine: UploadEngine, host: BridgeHost): Array<() => void> {
  // Ids of files that have begun sending in their current attempt; a resume is not a new start.
  const started = new Set<string>();
  return [
    // The engine has no "began sending" moment of its own: a file enters `uploading` again when
    // it resumes from a pause, and that is not a new start.
    engine.on('file-state-change', ({ file }) => {
      if (file.state === 'uploading' && !started.has(file.id)) {
        started.add(file.id);
        host.emit('svc-file-upload-start', { file });
      }
      // `checking` follows the bytes and may go back to `uploading` (sent again): still one start.
      if (!['uploading', 'checking', 'paused', 'processing', 'queued'].includes(file.state)) {
        started.delete(file.id);
      }
    }),
    engine.on('file-retry', ({ file }) => started.delete(file.id)),
    // A type refusal also names the `allowedFileTypes` value as the page wrote it, which only the
    // element knows (the engine holds the expanded list).
    engine.on('file-reject', (rejection) => {
      if (rejection.reason !== 'TYPE_MISMATCH') return;
      host.emit('svc-file-type-mismatch', { file: rejection.file, allowedFileTypes: host.allowedFileTypesText() });
    }),
    // `svc-error` is one event for failures of every scope, including the element's own (link
    // import, media, drives); the engine's three failure events become its `upload`,
    // `processing` and `engine` scopes.
    engine.on('file-failed', ({ file, error }) =>
      host.emit('svc-error', {
        scope: 'upload',
        code: error.code,
        message: error.message,
        file,
        failure: error,
        ...(error.status ? { status: error.status } : {}),
        ...(error.serverCode !== undefined ? { serverCode: error.serverCode } : {}),
        ...(error.serverMessage !== undefined ? { serverMessage: error.serverMessage } : {}),
      }),
    ),
    engine.on('file-processing-failed', ({ file, error }) =>
      host.emit('svc-error', {
        scope: 'processing',
        code: error.code,
        message: error.message,
        file,
        failure: error,
      }),
    ),
    engine.on('error', ({ code, message }) => host.emit('svc-error', { scope: 'engine', code, message })),
    // Likewise `svc-warn` gathers warnings of every origin; a skipped pipeline step is one.
    engine.on('pipeline-error', ({ file, step, message, code }) =>
      host.emit('svc-warn', { code: code ?? 'PIPELINE_STEP_FAILED', message: `${step}: ${message}`, file }),
    ),
  ];
}

/** Not events: what the element must re-render or remember when the engine changes. */
function subscribeViewUpdates(engine: UploadEngine, host: BridgeHost): Array<() => void> {
  return [
    engine.on('file-reject', (rejection) => host.onRejected(rejection)),
    engine.on('upload-progress', ({ percentage }) => host.onEngineChange({ progress: percentage / 100 })),
    engine.on('network-change', ({ online }) => host.onEngineChange({ online })),
  ];
}

/**
 * The list: re-rendered on every change, and its overall status (the element's summary; the
 * engine has no such state) derived again when a file changed state or place. Most changes during
 * a run are progress alone, which moves no status: they cost one pass over the list, no more.
 */
function subscribeListChanges(engine: UploadEngine, host: BridgeHost): () => void {
  let shown = engine.files;
  let status: UploaderStatus = deriveStatus(shown);
  return engine.on('files-change', ({ files }) => {
    const listChanged = !isProgressOnlyChange(shown, files);
    shown = files;
    host.onEngineChange({ files, listChanged });
    if (!listChanged) return;
    const next = deriveStatus(files);
    if (next === status) return;
    const previous = status;
    status = next;
    host.emit('svc-status-change', { status: next, previous });
  });
}
