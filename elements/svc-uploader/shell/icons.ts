/**
 * Glyphs of the default interface. The six the contract names (`ContainerAddMoreIcon`,
 * `FileDeleteIcon`, `CameraDeleteIcon`, `CameraCaptureIcon`, `CameraRotateIcon`, `LoaderIcon`) are
 * replaceable through the `icons` prop; the others are fixed. Glyphs are decorative: the control
 * that holds one carries the accessible name.
 */
import { html, svg, type TemplateResult } from 'lit';
import type { IconName, IconsConfig } from '../types.js';

const paths = {
  ContainerAddMoreIcon: svg`<path d="M12 5v14M5 12h14" />`,
  FileDeleteIcon: svg`<path d="M7 7l10 10M17 7L7 17" />`,
  CameraDeleteIcon: svg`<path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />`,
  CameraCaptureIcon: svg`<circle cx="12" cy="12" r="8" /><circle cx="12" cy="12" r="4" />`,
  CameraRotateIcon: svg`<path d="M4 12a8 8 0 0 1 14-5l2 2M20 12a8 8 0 0 1-14 5l-2-2M20 4v5h-5M4 20v-5h5" />`,
  LoaderIcon: svg`<path d="M12 3a9 9 0 1 0 9 9" />`,
  UploadIcon: svg`<path d="M12 15V4M7.5 8.5 12 4l4.5 4.5M5 14v4a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-4" />`,
  RetryIcon: svg`<path d="M4 12a8 8 0 1 0 2.3-5.7M4 4v5h5" />`,
  PauseIcon: svg`<path d="M9 6v12M15 6v12" />`,
  ResumeIcon: svg`<path d="M8 5.5v13l10-6.5z" />`,
  CheckIcon: svg`<path d="M5 12.5l4.5 4.5L19 7.5" />`,
  AlertIcon: svg`<circle cx="12" cy="12" r="9" /><path d="M12 7.5v5.5M12 16.5v.01" />`,
  OfflineIcon: svg`<path d="M3 3l18 18M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.2-2.5M19 12.9a10 10 0 0 0-2.6-1.8M2 8.8a15 15 0 0 1 4.4-2.7M22 8.8A15 15 0 0 0 10.5 5.1M12 20h.01" />`,
  BackIcon: svg`<path d="M15 5l-7 7 7 7" />`,
  CloseIcon: svg`<path d="M7 7l10 10M17 7L7 17" />`,
  ExpandIcon: svg`<path d="M14 4h6v6M10 20H4v-6M20 4l-7 7M4 20l7-7" />`,
  LinkIcon: svg`<path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />`,
  CameraIcon: svg`<path d="M4 8.5A1.5 1.5 0 0 1 5.5 7h2l1.5-2.5h6L16.5 7h2A1.5 1.5 0 0 1 20 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5z" /><circle cx="12" cy="13" r="3.5" />`,
  MicrophoneIcon: svg`<rect x="9" y="3" width="6" height="11" rx="3" /><path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />`,
  ScreenIcon: svg`<rect x="3" y="4" width="18" height="12" rx="1.5" /><path d="M8 20h8M12 16v4" />`,
  CloudIcon: svg`<path d="M7 18a4.5 4.5 0 0 1-.6-9A6 6 0 0 1 18 9.5a4.3 4.3 0 0 1-.5 8.5z" />`,
  FolderIcon: svg`<path d="M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />`,
  FileIcon: svg`<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5" />`,
  ImageFileIcon: svg`<rect x="4" y="4" width="16" height="16" rx="2" /><circle cx="9" cy="9.5" r="1.5" /><path d="M20 15.5l-4.5-4.5L6 20" />`,
  VideoFileIcon: svg`<rect x="3" y="6" width="13" height="12" rx="2" /><path d="M16 10.5l5-3v9l-5-3" />`,
  AudioFileIcon: svg`<path d="M9 18V6l11-2v12" /><circle cx="6.5" cy="18" r="2.5" /><circle cx="17.5" cy="16" r="2.5" />`,
  DocumentFileIcon: svg`<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h6" />`,
  EditIcon: svg`<path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />`,
  RotateLeftIcon: svg`<path d="M5 9a8 8 0 1 1-.5 6M5 4v5h5" />`,
  RotateRightIcon: svg`<path d="M19 9a8 8 0 1 0 .5 6M19 4v5h-5" />`,
  FlipHorizontalIcon: svg`<path d="M12 3v18M9 7 4 17h5zM15 7l5 10h-5z" />`,
  FlipVerticalIcon: svg`<path d="M3 12h18M7 9 17 4v5zM7 15l10 5v-5z" />`,
  CropIcon: svg`<path d="M7 3v14h14M3 7h14v14" />`,
  ArchiveFileIcon: svg`<rect x="4" y="4" width="16" height="16" rx="2" /><path d="M12 4v2M12 8v2M12 12v2M10.5 16h3v2.5h-3z" />`,
} satisfies Record<IconName, TemplateResult> & Record<string, TemplateResult>;

export type GlyphName = keyof typeof paths;

const REPLACEABLE = new Set<string>(['ContainerAddMoreIcon', 'FileDeleteIcon', 'CameraDeleteIcon', 'CameraCaptureIcon', 'CameraRotateIcon', 'LoaderIcon']);

/**
 * The glyph `name`, or the page's replacement from `icons`. `className` lets CSS size and animate a
 * replacement the same way (the loader spins whatever it looks like).
 */
export function renderIcon(name: GlyphName, icons: IconsConfig | undefined, className = 'icon'): TemplateResult | string {
  const replacement = REPLACEABLE.has(name) && icons ? icons[name as IconName] : undefined;
  if (replacement) return replacement({ className });
  return html`<svg part="icon" class=${className} viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor"
    stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${paths[name]}</svg>`;
}
