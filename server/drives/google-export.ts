/**
 * Google Docs, Sheets, Slides and Drawings have no bytes of their own: Drive only exports them.
 * Listing and transfer present each as the file the export produces (an Office document, a PNG, or
 * a PDF for the other native kinds), so names, types and `allowedTypes` checks match what lands.
 */
export const GOOGLE_FOLDER_TYPE = 'application/vnd.google-apps.folder';
export const GOOGLE_SHORTCUT_TYPE = 'application/vnd.google-apps.shortcut';
const GOOGLE_NATIVE_PREFIX = 'application/vnd.google-apps.';

export interface GoogleExportFormat {
  mimeType: string;
  extension: string;
}

const EXPORT_FORMATS: Record<string, GoogleExportFormat> = {
  'application/vnd.google-apps.document': {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  'application/vnd.google-apps.spreadsheet': {
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  },
  'application/vnd.google-apps.presentation': {
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
  },
  'application/vnd.google-apps.drawing': { mimeType: 'image/png', extension: 'png' },
};

const PDF_EXPORT: GoogleExportFormat = { mimeType: 'application/pdf', extension: 'pdf' };

/** Native kinds Drive cannot export at all (forms, sites, maps, folders, shortcuts). */
const NOT_EXPORTABLE = new Set([
  GOOGLE_FOLDER_TYPE,
  GOOGLE_SHORTCUT_TYPE,
  'application/vnd.google-apps.form',
  'application/vnd.google-apps.site',
  'application/vnd.google-apps.map',
  'application/vnd.google-apps.fusiontable',
]);

export function isGoogleNativeType(mimeType: string): boolean {
  return mimeType.startsWith(GOOGLE_NATIVE_PREFIX);
}

/** The export of a native document; `undefined` for ordinary files and for kinds without one. */
export function getGoogleExportFormat(mimeType: string): GoogleExportFormat | undefined {
  if (!isGoogleNativeType(mimeType) || NOT_EXPORTABLE.has(mimeType)) return undefined;
  return EXPORT_FORMATS[mimeType] ?? PDF_EXPORT;
}

/** `Budget` exported as xlsx becomes `Budget.xlsx` (unless it already ends so). */
export function toExportedName(name: string, format: GoogleExportFormat): string {
  const suffix = `.${format.extension}`;
  return name.toLowerCase().endsWith(suffix) ? name : `${name}${suffix}`;
}
