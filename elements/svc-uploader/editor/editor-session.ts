/**
 * The contract between the uploader and the image editor. The editor is a separate chunk loaded on
 * the first Edit; the uploader owns the frame around it (title, Cancel, Save, inline or modal), the
 * file list and the events, the session owns the editing surface and the encoding.
 */
import type { TemplateResult } from 'lit';
import type { Translate } from '../sources/source-panel.js';
import type { EditorTab, EditorTool, IconsConfig, ImageEditorOutput } from '../types.js';

export interface ResolvedEditorOptions {
  display: 'inline' | 'modal';
  autoOpen: 'never' | 'single' | 'always';
  output: ImageEditorOutput;
  /** Tabs left after removing those without an enabled tool. */
  tabs: readonly EditorTab[];
  tools: ReadonlySet<EditorTool>;
}

export interface EditorSessionContext {
  file: File;
  options: ResolvedEditorOptions;
  t: Translate;
  icons: () => IconsConfig | undefined;
  /** Re-render the uploader (the session's state changed). */
  requestUpdate(): void;
}

export interface EditorSession {
  /** The editing surface: tabs, tool controls, the image with its crop box, the file name. */
  render(): TemplateResult;
  /** True once the result would differ from the original (geometry, colour or name). */
  readonly changed: boolean;
  /** Encodes the result; resolves to the original file when nothing changed. */
  save(): Promise<File>;
  /** Back to the original state. */
  reset(): void;
  /** Frees the decoded image; the session is discarded afterwards. */
  dispose(): void;
}

/** Decodes the file and opens a session; rejects when the browser cannot decode the image. */
export type EditorSessionFactory = (context: EditorSessionContext) => Promise<EditorSession>;
