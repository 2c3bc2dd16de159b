/**
 * The English messages an empty uploader shows: the drop zone, the source chips, the titles of
 * the source panels, the offline banner and the form's validity messages. The element's first
 * load carries these alone; the rest of English (en.ts) loads after the first paint
 * (elements/i18n/english-messages.ts).
 * Part of en.ts, which spreads them first: edit them here.
 */
const firstPaintMessages = {
  'uploader.label': 'File uploader',
  'uploader.branding': 'Powered by svc-uploader',
  'uploader.busy': 'Processing, please wait…',
  // A required uploader's validity message: a form can be submitted before anything else loads.
  'form.valueMissing': 'Upload at least one file.',
  'form.uploadsInFlight': 'Wait until the uploads finish.',
  'form.uploadsNotStored': 'Upload or remove the listed files first.',
  'dropZone.title': 'Drag and drop files here',
  'dropZone.titleSingle': 'Drag and drop a file here',
  'dropZone.browse': 'Browse files',
  'dropZone.browseSingle': 'Browse for a file',
  'dropZone.browseFolder': 'Select a folder',
  'dropZone.or': 'or',
  'dropZone.pasteHint': 'You can also paste files',
  'dropZone.dragActive': 'Drop to add',
  'dropZone.dragRejected': 'Some of these files cannot be added',
  'dropZone.limitFiles': '{maxFiles, plural, one {Up to # file} other {Up to # files}}',
  'dropZone.limitSize': 'Max. {maxSize} per file',
  'dropZone.limitSizeRange': 'From {minSize} to {maxSize} per file',
  'dropZone.limitTypes': 'Accepted: {types}',
  'source.local': 'My device',
  'source.url': 'Link',
  'source.camera': 'Camera',
  'source.microphone': 'Microphone',
  'source.screen': 'Screen',
  'source.googleDrive': 'Google Drive',
  'source.oneDrive': 'OneDrive',
  'source.dropbox': 'Dropbox',
  'source.box': 'Box',
  'source.listLabel': 'Add files from',
  'source.open': 'Add files from {source}',
  'view.back': 'Back',
  'view.cancel': 'Cancel',
  'view.close': 'Close',
  'view.loading': 'Loading…',
  'offline.banner': 'You are offline. Uploads will continue when the connection is back.',
  'offline.bannerNoResume': 'You are offline. Uploads will fail until the connection is back.',
  'url.title': 'Import from a link',
  'camera.title': 'Camera',
  'microphone.title': 'Voice recording',
  'screen.title': 'Screen recording',
  'aria.dropZone': 'Add files: drop them here or press Enter to browse',
} as const;

export default firstPaintMessages;
