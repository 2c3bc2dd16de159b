/**
 * Turns engine events into the element's DOM events and tells the element when its view of the
 * list changed. This is the only place engine events are translated, so each engine event yields
 * its DOM event exactly once.
 */
import type { FileState, UploadEngine, UploadFileRecord } from '../../engine/index.js';
import type { SvcUploaderEventDetail, SvcUploaderEventName } from './events.js';
import type { UploaderStatus } from './types.js';

export interface BridgeHost {
  emit<Name extends SvcUploaderEventName>(name: Name, detail: SvcUploaderEventDetail<Name>): CustomEvent;
  /** The list, run progress or connectivity changed: re-render. */
  onEngineChange(change: { files?: readonly UploadFileRecord[]; progress?: number; online?: boolean }): void;
  onRejected(rejection: SvcUploaderEventDetail<'svc-file-reject'>): void;
  /** The `allowedFileTypes` value in force, for `svc-file-type-mismatch`. */
  allowedFileTypesText(): string;
}

const ACTIVE: ReadonlySet<FileState> = new Set(['processing', 'uploading', 'uploaded']);

/** Overall status from the files alone, so it is right whatever changed them. */
export function deriveStatus(files: readonly UploadFileRecord[]): UploaderStatus {
  if (files.length === 0) return 'idle';
  if (files.some((file) => ACTIVE.has(file.state))) return 'uploading';
  if (files.some((file) => file.state === 'paused')) return 'paused';
  if (files.some((file) => file.state === 'queued')) return 'ready';
  if (files.some((file) => file.state === 'failed' || file.state === 'canceled')) return 'failed';
  return 'complete';
}

/** Subscribes to every engine event the element reflects; returns the unsubscribe function. */
export function bridgeEngineEvents(engine: UploadEngine, host: BridgeHost): () => void {
  // Ids of files that have begun sending in their current attempt; a resume is not a new start.
  const started = new Set<string>();
  let status: UploaderStatus = deriveStatus(engine.files);

  const subscriptions = [
    engine.on('file-added', ({ file }) => host.emit('svc-file-add', { file })),
    engine.on('file-rejected', (rejection) => {
      host.emit('svc-file-reject', rejection);
      if (rejection.reason === 'TYPE_MISMATCH') {
        host.emit('svc-file-type-mismatch', { file: rejection.file, allowedFileTypes: host.allowedFileTypesText() });
      }
      host.onRejected(rejection);
    }),
    engine.on('file-state-change', ({ file, previous }) => {
      host.emit('svc-file-state-change', { file, state: file.state, previous });
      if (file.state === 'uploading' && !started.has(file.id)) {
        started.add(file.id);
        host.emit('svc-file-upload-start', { file });
      }
      if (file.state !== 'uploading' && file.state !== 'paused' && file.state !== 'processing' && file.state !== 'queued') {
        started.delete(file.id);
      }
    }),
    engine.on('file-progress', (progress) => host.emit('svc-file-upload-progress', progress)),
    engine.on('part-uploaded', ({ file, partNumber, size }) => host.emit('svc-part-upload', { file, partNumber, size })),
    engine.on('file-resumed', ({ file, skippedParts }) => host.emit('svc-file-resume', { file, skippedParts })),
    engine.on('file-retry', ({ file, retry }) => {
      started.delete(file.id);
      host.emit('svc-file-retry', { file, retry });
    }),
    engine.on('file-paused', ({ file, reason }) => host.emit('svc-file-pause', { file, reason })),
    engine.on('file-canceled', ({ file }) => host.emit('svc-file-cancel', { file })),
    engine.on('file-failed', ({ file, error }) => host.emit('svc-error', {
      scope: 'upload', code: error.code, message: error.message, file, failure: error, ...(error.status ? { status: error.status } : {}),
    })),
    engine.on('file-upload-complete', ({ file, result }) => host.emit('svc-file-upload-complete', { file, key: result.key, result })),
    engine.on('file-processed', ({ file, result }) => host.emit('svc-file-process', { file, result })),
    engine.on('file-processing-failed', ({ file, error }) => host.emit('svc-error', {
      scope: 'processing', code: error.code, message: error.message, file, failure: error,
    })),
    engine.on('pipeline-error', ({ file, step, message, code }) => host.emit('svc-warn', { code: code ?? 'PIPELINE_STEP_FAILED', message: `${step}: ${message}`, file })),
    engine.on('upload-start', ({ files }) => host.emit('svc-upload-start', { files })),
    engine.on('progress', (progress) => {
      host.emit('svc-upload-progress', progress);
      host.onEngineChange({ progress: progress.percentage / 100 });
    }),
    engine.on('files-upload-complete', (summary) => host.emit('svc-files-upload-complete', summary)),
    engine.on('network-change', (change) => {
      host.emit('svc-network-change', change);
      host.onEngineChange({ online: change.online });
    }),
    engine.on('files-restored', ({ files }) => host.emit('svc-files-restore', { files })),
    engine.on('error', ({ code, message }) => host.emit('svc-error', { scope: 'engine', code, message })),
    engine.on('files-change', ({ files }) => {
      host.onEngineChange({ files });
      const next = deriveStatus(files);
      if (next === status) return;
      const previous = status;
      status = next;
      host.emit('svc-status-change', { status: next, previous });
    }),
  ];
  return () => {
    for (const unsubscribe of subscriptions) unsubscribe();
  };
}
