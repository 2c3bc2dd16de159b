/**
 * Every prop of `<svc-uploader>`, defined once: its attribute (kebab-case, or none for functions),
 * how attribute text becomes a value, whether the engine acts on it, and its documentation. The
 * element's `static properties`, the engine options it forwards and docs/element.md derive from
 * this table.
 *
 * Boolean attributes follow HTML: presence means true. The four props whose default is `true`
 * (`animations`, `allowPreview`, `showBranding`, `networkAware`) are turned off from HTML with a
 * `no-` attribute: `no-animations`, `no-allow-preview`, `no-show-branding`, `no-network-aware`.
 *
 * `className` and `style` are the host element's own `class` and `style`: the host is the
 * uploader's root container, so page CSS and inline styles apply to it directly.
 *
 * A prop's default is declared here once, as `default`: the element's constructor, the docs and
 * the custom-elements manifest all read it from this table. Props the engine also takes read theirs
 * from the engine's `ENGINE_DEFAULTS`, so both agree. Props without one start undefined
 * and `defaultText` says what that means.
 */
import type { ComplexAttributeConverter, PropertyDeclaration, PropertyDeclarations } from 'lit';
import {
  booleanOrJsonConverter,
  fileTypesConverter,
  jsonConverter,
  listConverter,
  negatedBooleanConverter,
  numberConverter,
  stringConverter,
  optionalBooleanConverter,
  sizeLimitConverter,
} from './attribute-converters.js';
import { DEFAULT_SOURCES } from './types.js';
import { ENGINE_DEFAULTS } from '../../engine/engine-defaults.js';

export type PropGroup = 'target' | 'behaviour' | 'validation' | 'processing' | 'reliability' | 'sources' | 'appearance';

export interface PropDefinition {
  group: PropGroup;
  /** Attribute name, or false for props only a script can set (functions, component maps). */
  attribute: string | false;
  /** How the attribute's text is read; absent for plain strings and booleans. */
  converter?: ComplexAttributeConverter<unknown>;
  boolean?: boolean;
  reflect?: boolean;
  /** Forwarded to the engine (`engine.setOptions`) whenever it changes. */
  engine: boolean;
  typeText: string;
  /** The initial value, when the prop has one; written as `defaultText` in the docs. */
  default?: unknown;
  /** What the default is, in words: the value's source text, or what an unset prop means. */
  defaultText: string;
  doc: string;
}

/** Either a `default` value or, for a prop that starts unset, the words that explain it. */
type Input = Omit<PropDefinition, 'engine' | 'defaultText' | 'default'> & { engine?: boolean } & (
  | { default: unknown; defaultText?: never }
  | { default?: never; defaultText: string }
);

function define(input: Input, engine: boolean): PropDefinition {
  const defaultText = 'default' in input ? toSourceText(input.default) : input.defaultText;
  return { ...input, engine, defaultText } as PropDefinition;
}

const prop = (input: Input): PropDefinition => define(input, input.engine ?? false);
const engineProp = (input: Input): PropDefinition => define(input, true);

/** A default as JavaScript source, the way the docs and the manifest print it: `{ size: 1, unit: 'GB' }`. */
export function toSourceText(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(toSourceText).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value).map(([key, item]) => `${key}: ${toSourceText(item)}`).join(', ')} }`;
  }
  return String(value);
}

export const uploaderProps = {
  provider: engineProp({ group: 'target', attribute: 'provider', converter: stringConverter, typeText: 'string', defaultText: 'none', doc: 'Storage provider label sent to the token endpoint in client mode (`aws`, `r2`, `minio`, ...).' }),
  uploadEndpoint: engineProp({ group: 'target', attribute: 'upload-endpoint', converter: stringConverter, typeText: 'string', defaultText: 'none', doc: 'Client mode: your token endpoint, which answers presigned upload URLs.' }),
  serverUrl: engineProp({ group: 'target', attribute: 'server-url', converter: stringConverter, typeText: 'string', defaultText: 'none', doc: 'Server mode: the URL where the upload handler is mounted, e.g. `/api/upload`.' }),
  mode: engineProp({ group: 'target', attribute: 'mode', converter: stringConverter, typeText: "'client' | 'server'", defaultText: "'client'; 'server' when only server-url is set", doc: 'Client: the browser talks to storage and the server only signs. Server: the browser talks only to `serverUrl`.' }),

  autoUpload: engineProp({ group: 'behaviour', attribute: 'auto-upload', boolean: true, typeText: 'boolean', default: false, doc: 'Start uploading as soon as files are added.' }),
  quietCompletion: prop({ group: 'behaviour', attribute: 'quiet-completion', boolean: true, typeText: 'boolean', default: false, doc: 'On success show only a brief check mark: no Done button, no summary.' }),
  enablePaste: prop({ group: 'behaviour', attribute: 'enable-paste', boolean: true, typeText: 'boolean', default: false, doc: 'Files pasted while focus is inside the uploader are added, with the same validation.' }),
  pasteScope: prop({ group: 'behaviour', attribute: 'paste-scope', converter: stringConverter, typeText: "'element' | 'document'", default: 'element', doc: 'With `enable-paste`, `document` also takes pastes outside the uploader, not into editable fields.' }),
  disableDragDrop: prop({ group: 'behaviour', attribute: 'disable-drag-drop', boolean: true, typeText: 'boolean', default: false, doc: 'Turn off drag and drop only; the file picker keeps working.' }),
  folderUpload: prop({ group: 'behaviour', attribute: 'folder-upload', converter: jsonConverter('folder-upload'), typeText: '{ allowDrop?: boolean, showSelectFolderButton?: boolean } (JSON)', defaultText: 'both false', doc: '`allowDrop` traverses dropped folders; `showSelectFolderButton` adds a "Select folder" action.' }),
  name: prop({ group: 'behaviour', attribute: 'name', converter: stringConverter, typeText: 'string', defaultText: 'none (nothing submitted)', doc: 'Form field name: each stored file submits its key (without an upload target, its File). See "Forms".' }),
  required: prop({ group: 'behaviour', attribute: 'required', boolean: true, typeText: 'boolean', default: false, doc: 'In a form: invalid until a file is stored.' }),
  disabled: prop({ group: 'behaviour', attribute: 'disabled', boolean: true, reflect: true, typeText: 'boolean', default: false, doc: 'Inert and dimmed, every source included; a disabled `<fieldset>` does the same.' }),
  onBeforeFileAdded: engineProp({ group: 'behaviour', attribute: false, typeText: '(file: File) => boolean | File | undefined | Promise<…>', defaultText: 'none', doc: 'Per-file filter before validation: false rejects, a File substitutes, true or undefined accepts. Property only.' }),

  maxFiles: engineProp({ group: 'validation', attribute: 'max-files', converter: numberConverter('max-files'), typeText: 'number', default: ENGINE_DEFAULTS.maxFiles, doc: 'Most files in the list; below 1 counts as 1; `mini` forces 1; at 1 the picker selects a single file. Exceeding it rejects with `LIMIT_EXCEEDED`.' }),
  allowedFileTypes: engineProp({ group: 'validation', attribute: 'allowed-file-types', converter: fileTypesConverter('allowed-file-types'), typeText: 'string | string[] (comma list or JSON array)', default: '*', doc: 'MIME patterns (`image/*`), extensions (`.pdf`) or preset names (`images`, `documents`, ...). A mismatch rejects with `TYPE_MISMATCH`.' }),
  maxFileSize: engineProp({ group: 'validation', attribute: 'max-file-size', converter: sizeLimitConverter('max-file-size'), typeText: '{ size, unit } (JSON or "10 MB")', default: ENGINE_DEFAULTS.maxFileSize, doc: 'Largest accepted file; unit B, KB, MB, GB, TB, PB, EB, ZB or YB (powers of 1024). Violation: `FILE_TOO_LARGE`.' }),
  minFileSize: engineProp({ group: 'validation', attribute: 'min-file-size', converter: sizeLimitConverter('min-file-size'), typeText: '{ size, unit } (JSON or "1 KB")', defaultText: 'none', doc: 'Smallest accepted file. Violation: `FILE_TOO_SMALL`.' }),
  maxTotalFileSize: engineProp({ group: 'validation', attribute: 'max-total-file-size', converter: sizeLimitConverter('max-total-file-size'), typeText: '{ size, unit } (JSON or "2 GB")', defaultText: 'none', doc: 'Ceiling on the combined size of the list, checked when files are added.' }),
  contentDeduplication: engineProp({ group: 'validation', attribute: 'content-deduplication', boolean: true, typeText: 'boolean', default: false, doc: 'Drop files whose content (SHA-256) is already in the list.' }),

  imageCompression: engineProp({ group: 'processing', attribute: 'image-compression', boolean: true, typeText: 'boolean', default: false, doc: 'Re-encode JPEG, PNG, WebP and BMP images before upload: quality 0.82, longest edge 1920 px, upright, no metadata (opaque PNG becomes JPEG). The engine takes `{quality, maxWidthOrHeight, maxSizeMB}`.' }),
  heicConversion: engineProp({ group: 'processing', attribute: 'heic-conversion', boolean: true, typeText: 'boolean', default: false, doc: 'Convert HEIC/HEIF photos to JPEG (quality 0.92, upright); the decoder (about 712 KiB gzipped) loads with the first HEIC file.' }),
  stripExifData: engineProp({ group: 'processing', attribute: 'strip-exif-data', boolean: true, typeText: 'boolean', default: false, doc: 'Remove EXIF, XMP, IPTC and comments (GPS, device model, timestamps) from JPEG, PNG and WebP without re-encoding; orientation is kept.' }),
  thumbnailGenerator: engineProp({ group: 'processing', attribute: 'thumbnail-generator', boolean: true, typeText: 'boolean', default: false, doc: 'Make a thumbnail of each image (fits 200 × 200): `thumbnail.file` and a `data:` URL in `metadata.thumbnailUrl`. The engine takes `{width, height, quality}`.' }),
  checksumVerification: engineProp({ group: 'processing', attribute: 'checksum-verification', boolean: true, typeText: 'boolean', default: false, doc: 'Have storage verify every upload: the MD5 of each PUT and part is signed into its URL, so bytes changed on the way are refused and sent again. Also sends the SHA-256 of each file as metadata.' }),
  webWorker: engineProp({ group: 'processing', attribute: 'web-worker', converter: optionalBooleanConverter, typeText: 'boolean', defaultText: 'unset (automatic)', doc: 'Run the pipeline off the main thread. Absent: automatic; `web-worker="false"`: main thread; present: worker.' }),
  imageEditor: prop({ group: 'processing', attribute: 'image-editor', converter: booleanOrJsonConverter('image-editor'), typeText: 'boolean | ImageEditorOptions ("false", or JSON)', defaultText: "enabled, display 'inline', autoOpen 'never'", doc: 'The image editor behind each image\'s Edit action (crop, rotate, flip, adjust, filters, rename); `false` disables it. Object keys: `enabled`, `display` (`inline` over the list or `modal`), `autoOpen` (`never`, `single`, `always`), `output` (`type`, `quality`, `maxWidth`, `maxHeight`), `tabs`, `tools`, `onOpen`, `onCancel`, `onSave`. See docs/element.md ("Image editor").' }),
  processingEndpoint: engineProp({ group: 'processing', attribute: 'processing-endpoint', converter: stringConverter, typeText: 'string', defaultText: 'none', doc: 'After each upload, wait for a Server-Sent Event from this URL (`?key=<key>` appended); the result arrives as `svc-file-process`.' }),
  processingTimeout: engineProp({ group: 'processing', attribute: 'processing-timeout', converter: numberConverter('processing-timeout'), typeText: 'number (ms)', default: ENGINE_DEFAULTS.processingTimeout, doc: 'How long to wait for the processing event.' }),

  maxRetries: engineProp({ group: 'reliability', attribute: 'max-retries', converter: numberConverter('max-retries'), typeText: 'number', default: ENGINE_DEFAULTS.maxRetries, doc: 'Retries after the first attempt (1 + maxRetries attempts in all).' }),
  maxConcurrentUploads: engineProp({ group: 'reliability', attribute: 'max-concurrent-uploads', converter: numberConverter('max-concurrent-uploads'), typeText: 'number', default: ENGINE_DEFAULTS.maxConcurrentUploads, doc: 'Files uploading at once.' }),
  resumable: engineProp({ group: 'reliability', attribute: 'resumable', converter: jsonConverter('resumable'), typeText: "{ protocol: 'multipart', ... } | { protocol: 'tus', endpoint, ... } (JSON)", defaultText: 'none (single PUT)', doc: 'Resumable protocol and its settings; see the engine documentation for every field.' }),
  crashRecovery: engineProp({ group: 'reliability', attribute: 'crash-recovery', boolean: true, typeText: 'boolean', default: false, doc: 'Keep files and upload state in IndexedDB so a reload restores them.' }),
  persistenceKey: engineProp({ group: 'reliability', attribute: 'persistence-key', converter: stringConverter, typeText: 'string', defaultText: 'none', doc: 'The signed-in user: what `crash-recovery` and resumable uploads keep is scoped to it, `server-url` and the element `id` (or `name`).' }),
  networkAware: engineProp({ group: 'reliability', attribute: 'no-network-aware', converter: negatedBooleanConverter, typeText: 'boolean', default: ENGINE_DEFAULTS.networkAware, doc: 'Going offline pauses the run and coming back resumes what offline paused. `no-network-aware` restores fail-and-retry.' }),
  metadata: engineProp({ group: 'reliability', attribute: 'metadata', converter: jsonConverter('metadata'), typeText: 'object (JSON)', defaultText: 'none', doc: 'Sent with presign and multipart-init requests.' }),
  cors: engineProp({ group: 'reliability', attribute: 'cors', converter: jsonConverter('cors'), typeText: '{ allowedOrigins, dangerouslyAutoConfigure?, ... } (JSON)', defaultText: 'none', doc: 'Bucket CORS settings forwarded to a client-mode token endpoint; auto-configure is for local development.' }),

  sources: prop({ group: 'sources', attribute: 'sources', converter: listConverter('sources'), typeText: 'UploadSource[] (comma list or JSON array)', default: DEFAULT_SOURCES, doc: 'Which source chips appear, in this order: `local`, `url`, `camera`, `microphone`, `screen`, and the drives `googleDrive`, `oneDrive`, `dropbox`, `box`.' }),
  cloudDrives: prop({ group: 'sources', attribute: 'cloud-drives', converter: jsonConverter('cloud-drives'), typeText: '{ googleDrive?, oneDrive?, dropbox?, box? } (JSON)', defaultText: 'none', doc: 'Browser-safe drive settings for client mode (client ids, never secrets). Drive chips appear whenever `sources` lists them; in server mode they browse and import through the handler. Client-mode drive pickers are not implemented: there the panel says the drive is not available (`svc-error` `DRIVE_NEEDS_SERVER`).' }),

  theme: prop({ group: 'appearance', attribute: 'theme', converter: jsonConverter('theme'), typeText: "{ mode?: 'light' | 'dark' | 'system', tokens?, slots? } (JSON)", defaultText: 'none', doc: '`mode` (`system` follows the OS preference live) sets `data-svc-mode` on the host; `tokens` (`color-accent` or `--svc-color-accent`, with `dark` overrides) become custom properties on it; `slots` add page classes to inner elements, keyed by component then slot, and the page\'s rules for them apply inside.' }),
  animations: prop({ group: 'appearance', attribute: 'no-animations', converter: negatedBooleanConverter, typeText: 'boolean', default: true, doc: 'Decorative motion. `prefers-reduced-motion` is always honoured; progress always animates.' }),
  mini: engineProp({ group: 'appearance', attribute: 'mini', boolean: true, reflect: true, typeText: 'boolean', default: false, doc: 'Compact square layout (about 280 px) holding one file.' }),
  icons: prop({ group: 'appearance', attribute: false, typeText: 'Partial<Record<IconName, ({ className }) => TemplateResult | string>>', defaultText: 'none', doc: 'Replacement glyphs: ContainerAddMoreIcon, FileDeleteIcon, CameraDeleteIcon, CameraCaptureIcon, CameraRotateIcon, LoaderIcon. Property only.' }),
  allowPreview: prop({ group: 'appearance', attribute: 'no-allow-preview', converter: negatedBooleanConverter, typeText: 'boolean', default: true, doc: 'Expanded preview of images, video and audio: their thumbnail opens a dialog with the browser\'s own viewer or player.' }),
  showBranding: prop({ group: 'appearance', attribute: 'no-show-branding', converter: negatedBooleanConverter, typeText: 'boolean', default: true, doc: 'The branding footer.' }),
  isProcessing: prop({ group: 'appearance', attribute: 'is-processing', boolean: true, reflect: true, typeText: 'boolean', default: false, doc: 'Host-controlled busy state: a spinner shows and drops and pastes are ignored.' }),
  i18n: prop({ group: 'appearance', attribute: 'i18n', converter: jsonConverter('i18n'), typeText: '{ bundle?, locale?, fallbackLocale?, overrides? } (JSON)', defaultText: 'none (the page language)', doc: 'Localization: a bundle (takes precedence), or a BCP-47 `locale` that sets lang/dir only; `fallbackLocale` fills gaps; `overrides` merge last. Unset: follows `<html lang>` and `dir`.' }),
} satisfies Record<string, PropDefinition>;

export type UploaderPropName = keyof typeof uploaderProps;

/** Props the engine acts on; the element forwards them on every change. */
export const ENGINE_PROP_NAMES = (Object.keys(uploaderProps) as UploaderPropName[])
  .filter((name) => uploaderProps[name].engine);

/**
 * The initial value of every prop that has one, fresh on each call: the element takes it in its
 * constructor, so no two elements share an array or object.
 */
export function propDefaults(): Partial<Record<UploaderPropName, unknown>> {
  const defaults: Partial<Record<UploaderPropName, unknown>> = {};
  for (const [name, definition] of Object.entries(uploaderProps) as [UploaderPropName, PropDefinition][]) {
    if ('default' in definition) defaults[name] = structuredClone(definition.default);
  }
  return defaults;
}

/** Lit property declarations derived from the table. */
export function toPropertyDeclarations(): PropertyDeclarations {
  const declarations: Record<string, PropertyDeclaration> = {};
  for (const [name, definition] of Object.entries(uploaderProps) as [string, PropDefinition][]) {
    declarations[name] = {
      attribute: definition.attribute,
      ...(definition.boolean ? { type: Boolean } : {}),
      ...(definition.converter ? { converter: definition.converter } : {}),
      ...(definition.reflect ? { reflect: true } : {}),
    };
  }
  return declarations;
}
