/**
 * What the `imageEditor` prop means once read: whether the Edit action exists, how the editor
 * shows, which tabs and tools it offers and how it encodes; and which files it can open.
 */
import type { UploadFileRecord } from '../../../engine/core/types.js';
import type { ImageEditorOptions } from '../types.js';
import type { EditorTab, EditorTool } from '../types.js';
import type { ResolvedEditorOptions } from './editor-session.js';

const TAB_TOOLS: Record<EditorTab, readonly EditorTool[]> = {
  crop: ['rotate', 'flip', 'crop'],
  adjust: ['brightness', 'contrast', 'saturation'],
  filters: ['filters'],
};
const ALL_TABS = Object.keys(TAB_TOOLS) as EditorTab[];
const ALL_TOOLS: readonly EditorTool[] = [...Object.values(TAB_TOOLS).flat(), 'rename'];

/**
 * Formats a canvas decodes in every current browser. HEIC/HEIF (Safari only) and SVG (would be
 * rasterized, losing its vectors) are left out; so are animated formats' other frames, which is why
 * a GIF saves as its first frame.
 */
const EDITABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp', 'image/avif']);

export interface EditorOptionsProblem {
  option: 'tabs' | 'tools' | 'display' | 'autoOpen';
  value: string;
}

/** Undefined when the editor is disabled (`false`, `null`, or `{ enabled: false }`). */
export function resolveEditorOptions(
  prop: boolean | ImageEditorOptions | null | undefined,
  report: (problem: EditorOptionsProblem) => void = () => undefined,
): (ResolvedEditorOptions & { callbacks: Pick<ImageEditorOptions, 'onOpen' | 'onCancel' | 'onSave'> }) | undefined {
  if (prop === false || prop === null) return undefined;
  const options: ImageEditorOptions = typeof prop === 'object' ? prop : {};
  if (options.enabled === false) return undefined;
  const pick = <Value extends string>(option: EditorOptionsProblem['option'], given: readonly string[] | undefined, known: readonly Value[]): Value[] => {
    if (given === undefined) return [...known];
    for (const value of given) if (!known.includes(value as Value)) report({ option, value });
    return known.filter((value) => given.includes(value));
  };
  const tools = new Set(pick('tools', options.tools, ALL_TOOLS));
  // Tabs keep the order the page gave; a tab without any of its tools enabled is dropped.
  const tabs = (options.tabs ?? ALL_TABS).filter((tab): tab is EditorTab => {
    if (!(tab in TAB_TOOLS)) {
      report({ option: 'tabs', value: tab });
      return false;
    }
    return TAB_TOOLS[tab as EditorTab].some((tool) => tools.has(tool));
  });
  const display = oneOf('display', options.display, ['inline', 'modal'] as const, report);
  const autoOpen = oneOf('autoOpen', options.autoOpen, ['never', 'single', 'always'] as const, report);
  const { onOpen, onCancel, onSave } = options;
  return { display, autoOpen, output: options.output ?? {}, tabs, tools, callbacks: { onOpen, onCancel, onSave } };
}

function oneOf<Value extends string>(
  option: EditorOptionsProblem['option'],
  value: string | undefined,
  allowed: readonly Value[],
  report: (problem: EditorOptionsProblem) => void,
): Value {
  if (value === undefined) return allowed[0]!;
  if (allowed.includes(value as Value)) return value as Value;
  report({ option, value });
  return allowed[0]!;
}

/** Images with bytes in the page, whose upload has not begun (or may begin again). */
export function isEditable(file: UploadFileRecord): boolean {
  return !file.remote && EDITABLE_TYPES.has(file.type) && (file.state === 'queued' || file.state === 'failed' || file.state === 'canceled');
}

/** Whether `autoOpen` opens the editor on this newly added file, given the rest of its batch. */
export function opensOnAdd(options: ResolvedEditorOptions | undefined, file: UploadFileRecord, batch: readonly UploadFileRecord[]): boolean {
  const hasTools = options !== undefined && (options.tabs.length > 0 || options.tools.has('rename'));
  if (!options || !hasTools || !isEditable(file)) return false;
  return options.autoOpen === 'always' || (options.autoOpen === 'single' && batch.length === 1);
}
