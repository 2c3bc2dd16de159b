/** What kind of file a record is, for its glyph, its label and whether it can be previewed. */
import type { GlyphName } from '../shell/icons.js';

export type FileKind = 'image' | 'video' | 'audio' | 'document' | 'archive' | 'other';

const ARCHIVE = /(zip|x-tar|gzip|x-7z|x-rar|x-bzip|x-xz|compressed)/;
const ARCHIVE_EXTENSION = /\.(zip|tar|tgz|gz|7z|rar|bz2|xz)$/i;
const DOCUMENT = /^(text\/|application\/(pdf|rtf|msword|vnd\.(ms-|openxmlformats|oasis\.opendocument)|json|xml))/;
const DOCUMENT_EXTENSION = /\.(pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|txt|md|csv|json|xml)$/i;

export function fileKindOf(type: string, name: string): FileKind {
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (ARCHIVE.test(type) || ARCHIVE_EXTENSION.test(name)) return 'archive';
  if (DOCUMENT.test(type) || DOCUMENT_EXTENSION.test(name)) return 'document';
  return 'other';
}

export const KIND_GLYPHS: Record<FileKind, GlyphName> = {
  image: 'ImageFileIcon',
  video: 'VideoFileIcon',
  audio: 'AudioFileIcon',
  document: 'DocumentFileIcon',
  archive: 'ArchiveFileIcon',
  other: 'FileIcon',
};

/** Kinds the expanded preview (`allowPreview`) can show with the browser's own players. */
export function isPreviewable(kind: FileKind): boolean {
  return kind === 'image' || kind === 'video' || kind === 'audio';
}
