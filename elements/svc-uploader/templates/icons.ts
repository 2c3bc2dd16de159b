/**
 * Default glyphs, each replaceable through the `icons` prop. Glyphs are decorative: the buttons
 * that hold them carry the accessible name.
 */
import { html, svg, type TemplateResult } from 'lit';
import type { IconName, IconsConfig } from '../types.js';

const paths: Record<IconName | 'UploadIcon' | 'RetryIcon', TemplateResult> = {
  ContainerAddMoreIcon: svg`<path d="M12 5v14M5 12h14" />`,
  FileDeleteIcon: svg`<path d="M6 6l12 12M18 6L6 18" />`,
  CameraDeleteIcon: svg`<path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />`,
  CameraCaptureIcon: svg`<circle cx="12" cy="12" r="7" />`,
  CameraRotateIcon: svg`<path d="M4 12a8 8 0 0 1 14-5l2 2M20 12a8 8 0 0 1-14 5l-2-2M20 4v5h-5M4 20v-5h5" />`,
  LoaderIcon: svg`<path d="M12 3a9 9 0 1 0 9 9" />`,
  UploadIcon: svg`<path d="M12 16V4M7 9l5-5 5 5M4 20h16" />`,
  RetryIcon: svg`<path d="M4 12a8 8 0 1 0 3-6.2M4 4v5h5" />`,
};

export type GlyphName = keyof typeof paths;

export function renderIcon(name: GlyphName, icons: IconsConfig | undefined, className = 'icon'): TemplateResult | string {
  const replacement = name in paths && icons ? icons[name as IconName] : undefined;
  if (replacement) return replacement({ className });
  return html`<svg part="icon" class=${className} viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor"
    stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${paths[name]}</svg>`;
}
