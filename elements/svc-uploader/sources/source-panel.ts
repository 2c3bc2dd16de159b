/**
 * The contract between the uploader and a source panel (URL, camera, microphone, screen). A panel
 * owns its device streams and its view; the uploader owns the file list and the events.
 */
import type { TemplateResult } from 'lit';
import type { UploadEngine } from '../../../engine/index.js';
import type { MessageKey, MessageValues } from '../../i18n/types.js';
import type { CameraCaptureDetail, RecordingDetail } from '../event-details.js';
import type { SvcUploaderEventDetail } from '../events.js';
import type { IconsConfig, UploadSource } from '../types.js';

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** What a panel hands back once the user accepts a capture. */
export type PanelDelivery =
  | { source: 'url'; file: File; url: string }
  | { source: 'camera'; file: File; capture: CameraCaptureDetail }
  | { source: 'microphone'; file: File; recording: RecordingDetail }
  | { source: 'screen'; file: File; recording: RecordingDetail };

export interface PanelFailure {
  source: UploadSource;
  /** `URL_CORS_BLOCKED`, a `DOMException` name such as `NotAllowedError`, ... */
  code: string;
  message: string;
  url?: string;
  status?: number;
}

export interface SourcePanelContext {
  /** Re-render the uploader (panel state changed). */
  requestUpdate(): void;
  t: Translate;
  icons: () => IconsConfig | undefined;
  /** Adds the file to the list; resolves false when validation refused it. */
  deliver(delivery: PanelDelivery): Promise<boolean>;
  fail(failure: PanelFailure): void;
  /** Dispatches a panel's own event from the uploader; false when a listener vetoed it. */
  notify<Name extends PanelNotification>(name: Name, detail: SvcUploaderEventDetail<Name>): boolean;
  /** Leave the panel (back to the file list). */
  close(): void;
  /** The uploader's engine, for panels whose files the server copies (drives: `addRemoteFiles`). */
  engine(): UploadEngine;
  formatBytes(bytes: number): string;
}

type PanelNotification =
  | 'svc-url-import'
  | 'svc-url-import-abort'
  | 'svc-camera-switch'
  | 'svc-drive-auth'
  | 'svc-drive-sign-out'
  | 'svc-drive-import'
  | 'svc-files-add'
  | 'svc-files-reject'
  | 'svc-error'
  | 'svc-warn';

export interface SourcePanel {
  readonly source: UploadSource;
  render(): TemplateResult;
  /** Called when the panel opens; media panels ask for the device here. */
  open?(): void | Promise<void>;
  /** Stops streams and pending work; the panel is discarded afterwards. */
  dispose(): void;
}

export type SourcePanelFactory = (context: SourcePanelContext) => SourcePanel;
