/**
 * The element's API without the engine: the element class, its prop and event tables and types,
 * registration helpers for panels, and the localization and theming runtimes. The browser bundle's
 * entry exports this list; `svc-uploader/element` adds the engine to it.
 */
export { SvcUploader } from './svc-uploader/svc-uploader.js';
export { SVC_UPLOADER_TAG } from './svc-uploader/tag-name.js';
export { svcUploaderEvents } from './svc-uploader/events.js';
export type { EventDefinition, SvcUploaderEventDetail, SvcUploaderEventMap, SvcUploaderEventName } from './svc-uploader/events.js';
export type * from './svc-uploader/event-details.js';
export { uploaderProps } from './svc-uploader/properties.js';
export type { PropDefinition, UploaderPropName } from './svc-uploader/properties.js';
export { DEFAULT_SOURCES, UPLOAD_SOURCES } from './svc-uploader/types.js';
export type * from './svc-uploader/types.js';
export { registerPanel } from './svc-uploader/sources/panel-loaders.js';
export { registerDrivePanels } from './svc-uploader/drives/register-drive-panels.js';
export type { SourcePanel, SourcePanelContext, SourcePanelFactory } from './svc-uploader/sources/source-panel.js';
export type { DriveAuthDetail, DriveFileEntry, DriveImportDetail, DriveProviderSlug, DriveSource } from './svc-uploader/drives/drive-types.js';

// Localization and theming runtimes, curated: `ThemeMode` is already exported with the element's types.
export {
  canonicalizeLang,
  createTranslator,
  detectDirection,
  formatBytes,
  formatCount,
  formatList,
  formatPercent,
  I18nController,
  loadMessageFormat,
  resolveLocale,
  TranslationError,
} from './i18n/index.js';
export type {
  I18nOptions,
  LocaleBundle,
  MessageKey,
  MessageOverrides,
  Messages,
  MessageValues,
  PartialLocaleBundle,
  TextDirection,
  Translator,
  TranslatorOptions,
} from './i18n/index.js';
export {
  applyTokenProperties,
  designTokens,
  MODE_ATTRIBUTE,
  publicTokenStyles,
  resolveThemeMode,
  SlotStylesController,
  ThemeController,
  tokenDefaultStyles,
  tokenNames,
  toTokenProperties,
  watchSystemColorScheme,
} from './theme/index.js';
export type { DesignToken, ResolvedMode, ThemeSettings, ThemeTokens, ThemeTokenValues, TokenName } from './theme/index.js';
export { themeSlotNames } from './svc-uploader/theme-slots.js';
export type { SlotComponent, SlotName, ThemeSlots } from './svc-uploader/theme-slots.js';
