/**
 * Types of the `<svc-uploader>` props that the engine does not define: sources, folder upload,
 * cloud drives, image editor, icons, theme and localization.
 */
import type { TemplateResult } from 'lit';
import type { ThemeMode, ThemeTokens } from '../theme/index.js';
import type { UploadFileRecord, UploadSource } from '../../engine/core/types.js';
import type { ThemeSlots } from './theme-slots.js';

export type { UploadSource };

export const DEFAULT_SOURCES: readonly UploadSource[] = ['local', 'url', 'camera', 'microphone', 'screen'];

export const UPLOAD_SOURCES: readonly UploadSource[] = ['local', 'url', 'camera', 'microphone', 'screen', 'googleDrive', 'oneDrive', 'dropbox', 'box'];

/** Tabs in the order shown; each groups some tools. */
export type EditorTab = 'crop' | 'adjust' | 'filters';

/** `crop` tab: rotate, flip, crop (with aspect presets). `adjust`: brightness, contrast, saturation. `filters`: presets. `rename` sits under the image. */
export type EditorTool = 'rotate' | 'flip' | 'crop' | 'brightness' | 'contrast' | 'saturation' | 'filters' | 'rename';

type EditorOutputType = 'image/jpeg' | 'image/png' | 'image/webp';

/** How a saved edit is encoded. */
export interface ImageEditorOutput {
  /** Default: the original's type when it is one of these, PNG otherwise (GIF, BMP, AVIF...). */
  type?: EditorOutputType;
  /** 0 to 1, for JPEG and WebP. Default 0.92. */
  quality?: number;
  /** The result is scaled down (never up) to fit these bounds. */
  maxWidth?: number;
  maxHeight?: number;
}

/** Where a batch of files came from, as `svc-files-select` reports it. */
export type ElementFileSource = UploadSource | 'folder' | 'drop' | 'paste';

/**
 * Overall state of the uploader, derived from its files: `idle` (empty list), `ready` (files
 * waiting), `uploading`, `paused`, `complete` (every file stored) or `failed` (the run settled with
 * at least one failure).
 */
export type UploaderStatus = 'idle' | 'ready' | 'uploading' | 'paused' | 'complete' | 'failed';

export interface FolderUploadOptions {
  /** Traverse folders dropped onto the uploader. */
  allowDrop?: boolean;
  /** Show a "Select folder" action next to the local file picker. */
  showSelectFolderButton?: boolean;
}

export interface GoogleDriveConfig {
  clientId: string;
  apiKey: string;
  appId: string;
  /** List shared drives and "shared with me" at the picker root. */
  sharedDrives?: boolean;
}

export interface OAuthDriveConfig {
  clientId: string;
  redirectUri?: string;
}

/** Browser-safe drive configuration for client mode. */
export interface CloudDrivesConfig {
  googleDrive?: GoogleDriveConfig;
  oneDrive?: OAuthDriveConfig;
  dropbox?: OAuthDriveConfig;
  box?: OAuthDriveConfig;
}

/** `imageEditor` in object form; every key is optional. */
export interface ImageEditorOptions {
  /** Default true; false hides the Edit action. */
  enabled?: boolean;
  /** `inline` (default) slides over the file list; `modal` opens a dialog over the page. */
  display?: 'inline' | 'modal';
  /** `single`: open on its own when one image is added; `always`: for every image added, in turn. Default `never`. */
  autoOpen?: 'never' | 'single' | 'always';
  output?: ImageEditorOutput;
  /** Tabs to show, in this order. Default: all of `crop`, `adjust`, `filters`. */
  tabs?: EditorTab[];
  /** Tools to offer. Default: all of `rotate`, `flip`, `crop`, `brightness`, `contrast`, `saturation`, `filters`, `rename`. */
  tools?: EditorTool[];
  /** The editor opened on `file` (the event `svc-editor-open` comes first and may veto it). */
  onOpen?: (file: File, record: UploadFileRecord) => void;
  /** The user left the editor without saving. */
  onCancel?: (file: File, record: UploadFileRecord) => void;
  /** The edited image `file` replaced the listed one (`record` is the listing before the change). */
  onSave?: (file: File, record: UploadFileRecord) => void;
}

/** Names of the glyphs the `icons` prop can replace. */
export type IconName = 'ContainerAddMoreIcon' | 'FileDeleteIcon' | 'CameraDeleteIcon' | 'CameraCaptureIcon' | 'CameraRotateIcon' | 'LoaderIcon';

/** Each replacement renders a glyph given the class name the UI wants on it. */
export type IconRenderer = (props: { className: string }) => TemplateResult | string;

export type IconsConfig = Partial<Record<IconName, IconRenderer>>;

export type { ThemeMode };

export interface ThemeConfig {
  /** `light` (default), `dark`, or `system` (follows the operating system, live). */
  mode?: ThemeMode;
  /** Design token values by short (`color-accent`) or full name, with optional `dark` overrides. */
  tokens?: ThemeTokens;
  /** Extra classes keyed by component, then slot; the page's rules for them apply inside. */
  slots?: ThemeSlots;
}

/** The `i18n` prop. */
export type { I18nOptions as I18nConfig } from '../i18n/types.js';
