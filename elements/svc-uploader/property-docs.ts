/**
 * The documentation of every prop of `<svc-uploader>`: its group in the docs, its type as readers
 * see it, its meaning and, for a prop that starts unset, what that means. Only the docs and manifest
 * generators (scripts/generate-element-docs.ts, scripts/generate-element-manifest.ts) and Storybook
 * import this module, so the text stays out of the bundle a page loads; the element itself reads
 * only properties.ts.
 *
 * A prop's default is declared once, in properties.ts; here it is printed as source text. A prop
 * without a default has `defaultText` instead, and the table refuses either both or neither.
 */
import { uploaderProps, type PropDefinition, type UploaderPropName } from './properties.js';

export type PropGroup = 'target' | 'behaviour' | 'validation' | 'processing' | 'reliability' | 'sources' | 'appearance';

interface PropDocumentation {
  group: PropGroup;
  typeText: string;
  /** Only for props without a `default`: what an unset prop means. */
  defaultText?: string;
  doc: string;
}

/** A prop as the docs describe it: its runtime definition and its words. */
export interface DocumentedProp extends PropDefinition {
  group: PropGroup;
  typeText: string;
  /** What the default is, in words: the value's source text, or what an unset prop means. */
  defaultText: string;
  doc: string;
}

const propDocumentation = {
  provider: {
    group: 'target',
    typeText: 'string',
    defaultText: 'none',
    doc: 'Storage provider label sent to the token endpoint in client mode (`aws`, `r2`, `minio`, ...).',
  },
  uploadEndpoint: { group: 'target', typeText: 'string', defaultText: 'none', doc: 'Client mode: your token endpoint, which answers presigned upload URLs.' },
  serverUrl: { group: 'target', typeText: 'string', defaultText: 'none', doc: 'Server mode: the URL where the upload handler is mounted, e.g. `/api/upload`.' },
  mode: {
    group: 'target',
    typeText: "'client' | 'server'",
    defaultText: "'client'; 'server' when only server-url is set",
    doc: 'Client: the browser talks to storage and the server only signs. Server: the browser talks only to `serverUrl`.',
  },

  autoUpload: { group: 'behaviour', typeText: 'boolean', doc: 'Start uploading as soon as files are added.' },
  quietCompletion: { group: 'behaviour', typeText: 'boolean', doc: 'On success show only a brief check mark: no Done button, no summary.' },
  enablePaste: { group: 'behaviour', typeText: 'boolean', doc: 'Files pasted while focus is inside the uploader are added, with the same validation.' },
  pasteScope: {
    group: 'behaviour',
    typeText: "'element' | 'document'",
    doc: 'With `enable-paste`, `document` also takes pastes outside the uploader, not into editable fields.',
  },
  disableDragDrop: { group: 'behaviour', typeText: 'boolean', doc: 'Turn off drag and drop only; the file picker keeps working.' },
  folderUpload: {
    group: 'behaviour',
    typeText: '{ allowDrop?: boolean, showSelectFolderButton?: boolean } (JSON)',
    defaultText: 'both false',
    doc: '`allowDrop` traverses dropped folders; `showSelectFolderButton` adds a "Select folder" action.',
  },
  name: {
    group: 'behaviour',
    typeText: 'string',
    defaultText: 'none (nothing submitted)',
    doc: 'Form field name: each stored file submits its key (without an upload target, its File). See "Forms".',
  },
  required: { group: 'behaviour', typeText: 'boolean', doc: 'In a form: invalid until a file is stored.' },
  disabled: { group: 'behaviour', typeText: 'boolean', doc: 'Inert and dimmed, every source included; a disabled `<fieldset>` does the same.' },
  onBeforeFileAdded: {
    group: 'behaviour',
    typeText: '(file: File) => boolean | File | undefined | Promise<…>',
    defaultText: 'none',
    doc: 'Per-file filter before validation: false rejects, a File substitutes, true or undefined accepts. Property only.',
  },

  maxFiles: {
    group: 'validation',
    typeText: 'number',
    doc: 'Most files in the list; below 1 counts as 1; `mini` forces 1; at 1 the picker selects a single file. Exceeding it rejects with `LIMIT_EXCEEDED`.',
  },
  allowedFileTypes: {
    group: 'validation',
    typeText: 'string | string[] (comma list or JSON array)',
    doc: 'MIME patterns (`image/*`), extensions (`.pdf`) or preset names (`images`, `documents`, ...). A mismatch rejects with `TYPE_MISMATCH`.',
  },
  maxFileSize: {
    group: 'validation',
    typeText: '{ size, unit } (JSON or "10 MB")',
    doc: 'Largest accepted file; unit B, kB/KB, MB, GB, TB, PB, EB, ZB or YB (powers of 1000, as sizes are shown) or KiB, MiB, GiB, TiB, PiB, EiB, ZiB or YiB (powers of 1024). Violation: `FILE_TOO_LARGE`.',
  },
  minFileSize: {
    group: 'validation',
    typeText: '{ size, unit } (JSON or "1 KB")',
    defaultText: 'none',
    doc: 'Smallest accepted file. Violation: `FILE_TOO_SMALL`.',
  },
  maxTotalFileSize: {
    group: 'validation',
    typeText: '{ size, unit } (JSON or "2 GB")',
    defaultText: 'none',
    doc: 'Ceiling on the combined size of the list, checked when files are added.',
  },
  contentDeduplication: { group: 'validation', typeText: 'boolean', doc: 'Drop files whose content (SHA-256) is already in the list.' },

  imageCompression: {
    group: 'processing',
    typeText: 'boolean',
    doc: 'Re-encode JPEG, PNG, WebP and BMP images before upload: quality 0.82, longest edge 1920 px, upright, no metadata (opaque PNG becomes JPEG). The engine takes `{quality, maxWidthOrHeight, maxSizeMB}`.',
  },
  heicConversion: {
    group: 'processing',
    typeText: 'boolean',
    doc: 'Convert HEIC/HEIF photos to JPEG (quality 0.92, upright); the decoder (about 712 KiB gzipped) loads with the first HEIC file.',
  },
  stripExifData: {
    group: 'processing',
    typeText: 'boolean',
    doc: 'Remove EXIF, XMP, IPTC and comments (GPS, device model, timestamps) from JPEG, PNG and WebP without re-encoding; orientation is kept.',
  },
  thumbnailGenerator: {
    group: 'processing',
    typeText: 'boolean',
    doc: 'Make a thumbnail of each image (fits 200 × 200): `thumbnail.file` and a `data:` URL in `metadata.thumbnailUrl`. The engine takes `{width, height, quality}`.',
  },
  checksumVerification: {
    group: 'processing',
    typeText: 'boolean',
    doc: 'Have storage verify every upload: the MD5 of each PUT and part is signed into its URL, so bytes changed on the way are refused and sent again. Also sends the SHA-256 of each file as metadata.',
  },
  checksumAlgorithm: {
    group: 'processing',
    typeText: "'CRC32' | 'CRC32C' | 'SHA256'",
    defaultText: 'none',
    doc: "With checksumVerification, single PUTs also send the file's digest in this algorithm, and multipart uploads each part's digest, signed by the handler as `x-amz-checksum-<algorithm>` when the bucket's `checksumAlgorithm` is the same (AWS S3 checks it).",
  },
  webWorker: {
    group: 'processing',
    typeText: 'boolean',
    defaultText: 'unset (automatic)',
    doc: 'Run the pipeline off the main thread. Absent: automatic; `web-worker="false"`: main thread; present: worker.',
  },
  imageEditor: {
    group: 'processing',
    typeText: 'boolean | ImageEditorOptions ("false", or JSON)',
    defaultText: "enabled, display 'inline', autoOpen 'never'",
    doc: 'The image editor behind each image\'s Edit action (crop, rotate, flip, adjust, filters, rename); `false` disables it. Object keys: `enabled`, `display` (`inline` over the list or `modal`), `autoOpen` (`never`, `single`, `always`), `output` (`type`, `quality`, `maxWidth`, `maxHeight`), `tabs`, `tools`, `onOpen`, `onCancel`, `onSave`. See docs/element.md ("Image editor").',
  },
  processingEndpoint: {
    group: 'processing',
    typeText: 'string',
    defaultText: 'none',
    doc: 'After each upload, wait for a Server-Sent Event from this URL (`?key=<key>` appended); the result arrives as `svc-file-process`.',
  },
  processingTimeout: { group: 'processing', typeText: 'number (ms)', doc: 'How long to wait for the processing event.' },

  maxRetries: { group: 'reliability', typeText: 'number', doc: 'Retries after the first attempt (1 + maxRetries attempts in all).' },
  maxConcurrentUploads: { group: 'reliability', typeText: 'number', doc: 'Files uploading at once.' },
  resumable: {
    group: 'reliability',
    typeText: "{ protocol: 'multipart', ... } | { protocol: 'tus', endpoint, ... } (JSON)",
    defaultText: 'none (single PUT)',
    doc: 'Resumable protocol and its settings; see the engine documentation for every field.',
  },
  crashRecovery: {
    group: 'reliability',
    typeText: 'boolean',
    doc: 'Keep files and upload state in IndexedDB so a reload restores them. Needs `persistence-key`: without one it stays off (one console warning).',
  },
  persistenceKey: {
    group: 'reliability',
    typeText: 'string',
    defaultText: 'none',
    doc: 'The signed-in user: what `crash-recovery` and resumable uploads keep is scoped to it, `server-url` and the element `id` (or `name`). `crash-recovery` works only with it; a site without sign-in sets a fixed value.',
  },
  networkAware: {
    group: 'reliability',
    typeText: 'boolean',
    doc: 'Going offline pauses the run and coming back resumes what offline paused. `no-network-aware` restores fail-and-retry.',
  },
  metadata: { group: 'reliability', typeText: 'object (JSON)', defaultText: 'none', doc: 'Sent with presign and multipart-init requests.' },
  cors: {
    group: 'reliability',
    typeText: '{ allowedOrigins, dangerouslyAutoConfigure?, ... } (JSON)',
    defaultText: 'none',
    doc: 'Bucket CORS settings forwarded to a client-mode token endpoint; auto-configure is for local development.',
  },

  sources: {
    group: 'sources',
    typeText: 'UploadSource[] (comma list or JSON array)',
    doc: 'Which source chips appear, in this order: `local`, `url`, `camera`, `microphone`, `screen`, and the drives `googleDrive`, `oneDrive`, `dropbox`, `box`.',
  },
  cloudDrives: {
    group: 'sources',
    typeText: '{ googleDrive?, oneDrive?, dropbox?, box? } (JSON)',
    defaultText: 'none',
    doc: 'Browser-safe drive settings for client mode (client ids, never secrets). Drive chips appear whenever `sources` lists them; in server mode they browse and import through the handler. Client-mode drive pickers are not implemented: there the panel says the drive is not available (`svc-error` `DRIVE_NEEDS_SERVER`).',
  },
  urlImportTimeout: {
    group: 'sources',
    typeText: 'number (ms)',
    doc: 'How long a link being imported may stay silent (no answer, no new bytes) before the import gives up with `URL_TIMEOUT` ("The link stopped answering."). Below 1 counts as 1.',
  },

  theme: {
    group: 'appearance',
    typeText: "{ mode?: 'light' | 'dark' | 'system', tokens?, slots? } (JSON)",
    defaultText: 'none',
    doc: "`mode` (`system` follows the OS preference live) sets `data-svc-mode` on the host; `tokens` (`color-accent` or `--svc-color-accent`, with `dark` overrides) become custom properties on it; `slots` add page classes to inner elements, keyed by component then slot, and the page's rules for them apply inside.",
  },
  animations: { group: 'appearance', typeText: 'boolean', doc: 'Decorative motion. `prefers-reduced-motion` is always honoured; progress always animates.' },
  mini: { group: 'appearance', typeText: 'boolean', doc: 'Compact square layout (about 280 px) holding one file.' },
  icons: {
    group: 'appearance',
    typeText: 'Partial<Record<IconName, ({ className }) => TemplateResult | string>>',
    defaultText: 'none',
    doc: 'Replacement glyphs: ContainerAddMoreIcon, FileDeleteIcon, CameraDeleteIcon, CameraCaptureIcon, CameraRotateIcon, LoaderIcon. Property only.',
  },
  allowPreview: {
    group: 'appearance',
    typeText: 'boolean',
    doc: "Expanded preview of images, video and audio: their thumbnail opens a dialog with the browser's own viewer or player.",
  },
  showBranding: { group: 'appearance', typeText: 'boolean', doc: 'The branding footer.' },
  isProcessing: { group: 'appearance', typeText: 'boolean', doc: 'Host-controlled busy state: a spinner shows and drops and pastes are ignored.' },
  i18n: {
    group: 'appearance',
    typeText: '{ bundle?, locale?, fallbackLocale?, overrides? } (JSON)',
    defaultText: 'none (the page language)',
    doc: 'Localization: a bundle (takes precedence), or a BCP-47 `locale` that sets lang/dir only; `fallbackLocale` fills gaps; `overrides` merge last. Unset: follows `<html lang>` and `dir`.',
  },
} satisfies Record<UploaderPropName, PropDocumentation>;

/** A default as JavaScript source, the way the docs and the manifest print it: `{ size: 1, unit: 'GB' }`. */
function toSourceText(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(toSourceText).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([key, item]) => `${key}: ${toSourceText(item)}`)
      .join(', ')} }`;
  }
  return String(value);
}

function documented(name: UploaderPropName): DocumentedProp {
  const definition: PropDefinition = uploaderProps[name];
  const words: PropDocumentation = propDocumentation[name];
  const hasDefault = 'default' in definition;
  if (hasDefault === (words.defaultText !== undefined)) {
    throw new Error(`prop ${name}: declare either a default (properties.ts) or a defaultText (property-docs.ts), not ${hasDefault ? 'both' : 'neither'}`);
  }
  return { ...definition, ...words, defaultText: hasDefault ? toSourceText(definition.default) : words.defaultText! };
}

/** Every prop with its documentation, in the table's order. */
export const documentedProps = Object.fromEntries((Object.keys(uploaderProps) as UploaderPropName[]).map((name) => [name, documented(name)])) as Record<
  UploaderPropName,
  DocumentedProp
>;
