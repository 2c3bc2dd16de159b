/**
 * Every prop of `<svc-uploader>`, defined once: its attribute (kebab-case, or none for functions),
 * how attribute text becomes a value, whether the engine acts on it, and its default. The element's
 * `static properties` and the engine options it forwards derive from this table. The words about
 * each prop (type, meaning, what an unset prop means) live in property-docs.ts, which only the docs
 * and manifest generators import, so none of that text ships to a page.
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
 * from the engine's `ENGINE_DEFAULTS`, so both agree. Props without one start undefined, and
 * property-docs.ts says in words what that means.
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
import { ENGINE_DEFAULTS } from '../../engine/core/engine-defaults.js';

export interface PropDefinition {
  /** Attribute name, or false for props only a script can set (functions, component maps). */
  attribute: string | false;
  /** How the attribute's text is read; absent for plain strings and booleans. */
  converter?: ComplexAttributeConverter<unknown>;
  boolean?: boolean;
  reflect?: boolean;
  /** Forwarded to the engine (`engine.setOptions`) whenever it changes. */
  engine: boolean;
  /** The initial value, when the prop has one. */
  default?: unknown;
}

type Input = Omit<PropDefinition, 'engine'>;

const prop = (input: Input): PropDefinition => ({ ...input, engine: false });
const engineProp = (input: Input): PropDefinition => ({ ...input, engine: true });

export const uploaderProps = {
  provider: engineProp({ attribute: 'provider', converter: stringConverter }),
  uploadEndpoint: engineProp({ attribute: 'upload-endpoint', converter: stringConverter }),
  serverUrl: engineProp({ attribute: 'server-url', converter: stringConverter }),
  mode: engineProp({ attribute: 'mode', converter: stringConverter }),

  autoUpload: engineProp({ attribute: 'auto-upload', boolean: true, default: false }),
  quietCompletion: prop({ attribute: 'quiet-completion', boolean: true, default: false }),
  enablePaste: prop({ attribute: 'enable-paste', boolean: true, default: false }),
  pasteScope: prop({ attribute: 'paste-scope', converter: stringConverter, default: 'element' }),
  disableDragDrop: prop({ attribute: 'disable-drag-drop', boolean: true, default: false }),
  folderUpload: prop({ attribute: 'folder-upload', converter: jsonConverter('folder-upload') }),
  name: prop({ attribute: 'name', converter: stringConverter }),
  required: prop({ attribute: 'required', boolean: true, default: false }),
  disabled: prop({ attribute: 'disabled', boolean: true, reflect: true, default: false }),
  onBeforeFileAdded: engineProp({ attribute: false }),

  maxFiles: engineProp({ attribute: 'max-files', converter: numberConverter('max-files'), default: ENGINE_DEFAULTS.maxFiles }),
  allowedFileTypes: engineProp({ attribute: 'allowed-file-types', converter: fileTypesConverter('allowed-file-types'), default: '*' }),
  maxFileSize: engineProp({ attribute: 'max-file-size', converter: sizeLimitConverter('max-file-size'), default: ENGINE_DEFAULTS.maxFileSize }),
  minFileSize: engineProp({ attribute: 'min-file-size', converter: sizeLimitConverter('min-file-size') }),
  maxTotalFileSize: engineProp({ attribute: 'max-total-file-size', converter: sizeLimitConverter('max-total-file-size') }),
  contentDeduplication: engineProp({ attribute: 'content-deduplication', boolean: true, default: false }),

  imageCompression: engineProp({ attribute: 'image-compression', boolean: true, default: false }),
  heicConversion: engineProp({ attribute: 'heic-conversion', boolean: true, default: false }),
  stripExifData: engineProp({ attribute: 'strip-exif-data', boolean: true, default: false }),
  thumbnailGenerator: engineProp({ attribute: 'thumbnail-generator', boolean: true, default: false }),
  checksumVerification: engineProp({ attribute: 'checksum-verification', boolean: true, default: false }),
  checksumAlgorithm: engineProp({ attribute: 'checksum-algorithm', converter: stringConverter }),
  webWorker: engineProp({ attribute: 'web-worker', converter: optionalBooleanConverter }),
  imageEditor: prop({ attribute: 'image-editor', converter: booleanOrJsonConverter('image-editor') }),
  processingEndpoint: engineProp({ attribute: 'processing-endpoint', converter: stringConverter }),
  processingTimeout: engineProp({
    attribute: 'processing-timeout',
    converter: numberConverter('processing-timeout'),
    default: ENGINE_DEFAULTS.processingTimeout,
  }),

  maxRetries: engineProp({ attribute: 'max-retries', converter: numberConverter('max-retries'), default: ENGINE_DEFAULTS.maxRetries }),
  maxConcurrentUploads: engineProp({
    attribute: 'max-concurrent-uploads',
    converter: numberConverter('max-concurrent-uploads'),
    default: ENGINE_DEFAULTS.maxConcurrentUploads,
  }),
  resumable: engineProp({ attribute: 'resumable', converter: jsonConverter('resumable') }),
  crashRecovery: engineProp({ attribute: 'crash-recovery', boolean: true, default: false }),
  persistenceKey: engineProp({ attribute: 'persistence-key', converter: stringConverter }),
  networkAware: engineProp({ attribute: 'no-network-aware', converter: negatedBooleanConverter, default: ENGINE_DEFAULTS.networkAware }),
  metadata: engineProp({ attribute: 'metadata', converter: jsonConverter('metadata') }),
  cors: engineProp({ attribute: 'cors', converter: jsonConverter('cors') }),

  sources: prop({ attribute: 'sources', converter: listConverter('sources'), default: DEFAULT_SOURCES }),
  cloudDrives: prop({ attribute: 'cloud-drives', converter: jsonConverter('cloud-drives') }),
  urlImportTimeout: engineProp({
    attribute: 'url-import-timeout',
    converter: numberConverter('url-import-timeout'),
    default: ENGINE_DEFAULTS.urlImportTimeout,
  }),

  theme: prop({ attribute: 'theme', converter: jsonConverter('theme') }),
  animations: prop({ attribute: 'no-animations', converter: negatedBooleanConverter, default: true }),
  mini: engineProp({ attribute: 'mini', boolean: true, reflect: true, default: false }),
  icons: prop({ attribute: false }),
  allowPreview: prop({ attribute: 'no-allow-preview', converter: negatedBooleanConverter, default: true }),
  showBranding: prop({ attribute: 'no-show-branding', converter: negatedBooleanConverter, default: true }),
  isProcessing: prop({ attribute: 'is-processing', boolean: true, reflect: true, default: false }),
  i18n: prop({ attribute: 'i18n', converter: jsonConverter('i18n') }),
} satisfies Record<string, PropDefinition>;

export type UploaderPropName = keyof typeof uploaderProps;

/** Props the engine acts on; the element forwards them on every change. */
export const ENGINE_PROP_NAMES = (Object.keys(uploaderProps) as UploaderPropName[]).filter((name) => uploaderProps[name].engine);

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
