/**
 * English messages: the reference every other locale is checked against, and the fallback the
 * runtime uses for any key a bundle lacks.
 *
 * Keys are `namespace.name`. Messages are ICU MessageFormat. Argument conventions:
 * - `count`, `maxFiles`, `uploaded`, `failed`, `total`, `attempt`, `maxAttempts` are numbers and only
 *   appear inside `plural` or `number` arguments, so ICU formats them for the locale;
 * - `size`, `maxSize`, `minSize`, `uploadedSize`, `totalSize`, `percent`, `elapsed` arrive already
 *   formatted (`formatBytes`, `formatPercent`, …), since ICU cannot scale bytes;
 * - `name`, `source`, `provider`, `account`, `query`, `types`, `reason`, `status`, `origin` are plain
 *   text (`status` is an HTTP status code or a translated status); `when` is a relative time already
 *   formatted for the locale (`in 30 seconds`, `Intl.RelativeTimeFormat`);
 * - `width`, `height` are numbers (pixels);
 * - `kind`, `outcome`, `tab`, `filter`, `corner` are `select` keys.
 */
import firstPaintMessages from './en/first-paint.js';

const messages = {
  // What an empty uploader shows, kept apart so the element's first load carries only these.
  ...firstPaintMessages,

  'fileList.label': 'Selected files',
  'fileList.addMore': 'Add more',
  'fileList.removeAll': 'Remove all',
  'fileList.count': '{count, plural, one {# file selected} other {# files selected}}',
  'fileList.totalSize': '{totalSize} in total',
  'fileList.showAll': '{count, plural, one {Show # more file} other {Show # more files}}',

  'file.thumbnail': 'Preview of {name}',
  'file.kind': '{kind, select, image {Image} video {Video} audio {Audio} document {Document} archive {Archive} other {File}}',
  'file.previewClose': 'Close preview',

  'status.queued': 'Ready to upload',
  'status.processing': 'Preparing…',
  'status.uploading': 'Uploading',
  'status.checking': 'Checking…',
  'status.paused': 'Paused',
  'status.pausedOffline': 'Paused: offline',
  'status.uploaded': 'Processing on the server…',
  'status.successful': 'Uploaded',
  'status.failed': 'Upload failed',
  'status.blocked': 'Blocked',
  'status.canceled': 'Canceled',
  'status.retrying': 'Retrying (attempt {attempt, number} of {maxAttempts, number})…',

  'progress.file': '{percent} · {uploadedSize} of {totalSize}',
  'progress.overall': '{total, plural, one {Uploading # file} other {Uploading {uploaded, number} of # files}}',
  'progress.percent': '{percent} complete',
  'progress.secondsLeft': '{count, plural, one {# second left} other {# seconds left}}',
  'progress.minutesLeft': '{count, plural, one {# minute left} other {# minutes left}}',
  'progress.hoursLeft': '{count, plural, one {# hour left} other {# hours left}}',

  'action.upload': '{count, plural, one {Upload # file} other {Upload # files}}',
  'action.done': 'Done',
  'action.retry': 'Retry',
  'action.retryAll': 'Retry all',
  'action.remove': 'Remove',
  'action.pause': 'Pause',
  'action.resume': 'Resume',
  'action.pauseAll': 'Pause all',
  'action.resumeAll': 'Resume all',
  'action.cancel': 'Cancel',
  'action.cancelAll': 'Cancel all',
  'action.edit': 'Edit',
  'action.preview': 'Preview',
  'action.save': 'Save',

  'edit.title': 'Edit {name}',
  'edit.label': 'Image editor',
  'edit.loading': 'Opening the image…',
  'edit.saving': 'Saving…',
  'edit.tabs': 'Editing tools',
  'edit.tab': '{tab, select, crop {Crop} adjust {Adjust} filters {Filters} other {{tab}}}',
  'edit.fileName': 'File name',
  'edit.rotateLeft': 'Rotate left',
  'edit.rotateRight': 'Rotate right',
  'edit.flipHorizontal': 'Flip horizontally',
  'edit.flipVertical': 'Flip vertically',
  'edit.aspect': 'Aspect ratio',
  'edit.aspectFree': 'Free',
  'edit.aspectOriginal': 'Original',
  'edit.aspectSquare': 'Square',
  'edit.aspectRatio': '{width, number}:{height, number}',
  'edit.cropArea': 'Crop area',
  'edit.cropHint': 'Drag the crop area or its corners. With the keyboard, arrow keys move it and Shift with arrow keys resizes it.',
  'edit.cropHandle': '{corner, select, nw {Top left corner} ne {Top right corner} sw {Bottom left corner} se {Bottom right corner} other {Corner}}',
  'edit.brightness': 'Brightness',
  'edit.contrast': 'Contrast',
  'edit.saturation': 'Saturation',
  'edit.adjustValue': '{value, number, ::sign-except-zero}',
  'edit.filter': '{filter, select, none {Original} grayscale {Black and white} sepia {Sepia} vivid {Vivid} cool {Cool} warm {Warm} other {{filter}}}',
  'edit.size': '{width, number} × {height, number} px',
  'edit.reset': 'Reset',
  'edit.decodeFailed': 'This image cannot be edited in this browser.',
  'edit.tooLarge': 'This image is too large to edit in the browser.',
  'edit.saveFailed': 'The edited image could not be saved.',

  'summary.title': '{outcome, select, success {Upload complete} partial {Some files were not uploaded} failure {Upload failed} other {Upload finished}}',
  'summary.uploaded': '{count, plural, one {# file uploaded} other {# files uploaded}}',
  'summary.failed': '{count, plural, one {# file could not be uploaded} other {# files could not be uploaded}}',
  'summary.totalSize': '{totalSize} uploaded',
  'summary.quiet': 'Upload complete',

  'rejection.FILE_TOO_LARGE': '{name} is too large. The maximum is {maxSize}.',
  'rejection.FILE_TOO_SMALL': '{name} is too small. The minimum is {minSize}.',
  'rejection.TYPE_MISMATCH': '{name} is not an accepted file type. Accepted: {types}.',
  'rejection.LIMIT_EXCEEDED':
    '{maxFiles, plural, one {{name} was not added: only # file is allowed.} other {{name} was not added: up to # files are allowed.}}',
  'rejection.TOTAL_SIZE_EXCEEDED': '{name} was not added: all files together may not exceed {maxSize}.',
  'rejection.REJECTED_BY_HOOK': '{name} was not accepted.',
  'rejection.DUPLICATE': '{name} is already in the list.',
  'rejection.dismiss': 'Dismiss',

  'failure.NETWORK_ERROR': 'Network error. Check your connection and try again.',
  'failure.HTTP_ERROR': 'The server refused the upload.',
  'failure.PART_TIMEOUT': 'The upload timed out.',
  'failure.REQUEST_TIMEOUT': 'The server did not answer in time. Try again.',
  'failure.INVALID_RESPONSE': 'The storage gave an answer that does not confirm the upload.',
  'failure.REJECTED_BY_PREDICATE': 'The storage did not accept this file.',
  'failure.TOKEN_EXPIRED': 'The upload permission expired. Try again.',
  'failure.UPLOAD_GONE': 'The upload can no longer be resumed. Start it again.',
  'failure.PROCESSING_TIMEOUT': 'Processing took too long.',
  'failure.PROCESSING_ERROR': 'The file could not be processed.',
  'failure.TUS_ERROR': 'The resumable upload failed.',
  'failure.CONFIGURATION_ERROR': 'The uploader is not configured correctly.',
  'failure.REAUTH_REQUIRED': 'Sign in to the drive again, then retry.',
  'failure.FILE_UNREADABLE': 'This file can no longer be read (it was changed, moved or deleted). Add it again.',
  'failure.UPLOAD_REFUSED': 'The server did not accept this file.',

  'url.label': 'File link',
  'url.placeholder': 'https://example.com/photo.jpg',
  'url.submit': 'Import',
  'url.importing': 'Importing…',
  'url.invalid': 'Enter a link that starts with http:// or https://.',
  'url.failed': 'The file at this link could not be retrieved.',
  'url.corsBlocked': '{origin} does not let other websites download its files.',
  'url.networkError': 'The link could not be reached. Check the address and your connection.',
  'url.httpError': 'The server answered with an error ({status}).',
  'url.tooLarge': 'The file at this link is larger than {size}.',
  'url.timeout': 'The link stopped answering.',
  'url.typeMismatch': 'The file at this link is not the kind of file its name or type says.',

  'camera.preview': 'Camera preview',
  'camera.capture': 'Take photo',
  'camera.startRecording': 'Record video',
  'camera.stopRecording': 'Stop recording',
  'camera.switch': 'Switch camera',
  'camera.retake': 'Retake',
  'camera.discard': 'Discard',
  'camera.usePhoto': 'Use photo',
  'camera.useVideo': 'Use video',
  'camera.permissionDenied': 'Camera access was denied. Allow it in your browser settings to continue.',
  'camera.unavailable': 'No camera was found.',

  'microphone.start': 'Start recording',
  'microphone.stop': 'Stop recording',
  'microphone.recording': 'Recording… {elapsed}',
  'microphone.use': 'Use recording',
  'microphone.discard': 'Discard',
  'microphone.permissionDenied': 'Microphone access was denied. Allow it in your browser settings to continue.',
  'microphone.unavailable': 'No microphone was found.',

  'screen.start': 'Share screen',
  'screen.stop': 'Stop sharing',
  'screen.recording': 'Recording the screen… {elapsed}',
  'screen.use': 'Use recording',
  'screen.discard': 'Discard',
  'screen.permissionDenied': 'Screen sharing was blocked or canceled.',
  'screen.unsupported': 'This browser cannot record the screen.',

  'drive.signIn': 'Sign in to {provider}',
  'drive.signInHint': 'Sign in to choose files from your {provider} account.',
  'drive.signOut': 'Sign out',
  'drive.signOutFailed': 'Could not sign out of {provider}. You are still signed in; try again.',
  'drive.signedInAs': 'Signed in as {account}',
  'drive.search': 'Search',
  'drive.searchPlaceholder': 'Search in {provider}',
  'drive.clearSearch': 'Clear search',
  'drive.breadcrumbs': 'Folder path',
  'drive.root': 'My files',
  'drive.sharedWithMe': 'Shared with me',
  'drive.sharedDrives': 'Shared drives',
  'drive.loading': 'Loading files…',
  'drive.loadMore': 'Load more',
  'drive.empty': 'This folder is empty.',
  'drive.noResults': 'Nothing matches “{query}”.',
  'drive.item': '{kind, select, folder {Folder {name}} other {File {name}}}',
  'drive.openFolder': 'Open folder {name}',
  'drive.selectAll': 'Select all',
  'drive.deselectAll': 'Deselect all',
  'drive.selected': '{count, plural, one {# selected} other {# selected}}',
  'drive.addSelected': '{count, plural, one {Add # file} other {Add # files}}',
  'drive.reauth': 'Your {provider} session has expired. Sign in again to continue.',
  'drive.reauthAction': 'Sign in again',
  'drive.error': 'Files from {provider} could not be loaded.',
  'drive.popupBlocked': 'The sign-in window was blocked. Allow pop-ups for this site and try again.',
  'drive.waiting': 'Finish signing in to {provider} in the window that opened.',
  'drive.searchResults': 'Results for “{query}”',
  'drive.unavailable': '{provider} is not available here.',
  'drive.listLabel': 'Files in {provider}',

  'announce.filesAdded': '{count, plural, one {# file added} other {# files added}}',
  'announce.fileRemoved': '{name} removed',
  'announce.started': '{count, plural, one {Uploading # file} other {Uploading # files}}',
  'announce.progress': 'Upload {percent} complete',
  'announce.completed': '{count, plural, one {# file uploaded} other {All # files uploaded}}',
  'announce.failed': '{count, plural, one {# file failed to upload} other {# files failed to upload}}',
  'announce.fileFailed': '{name} could not be uploaded: {reason}',
  'announce.paused': 'Upload paused',
  'announce.resumed': 'Upload resumed',
  'announce.offline': 'Connection lost. Uploads are paused.',
  'announce.online': 'Connection restored. Uploads continue.',
  'announce.viewOpened': '{source} opened',
  'announce.editorOpened': 'Editing {name}',
  'announce.editorSaved': '{name} saved',

  'aria.removeFile': 'Remove {name}',
  'aria.retryFile': 'Retry {name}',
  'aria.pauseFile': 'Pause {name}',
  'aria.resumeFile': 'Resume {name}',
  'aria.editFile': 'Edit {name}',
  'aria.previewFile': 'Preview {name}',
  'aria.fileProgress': 'Upload progress of {name}',
  'aria.overallProgress': 'Overall upload progress',
  'aria.fileStatus': '{name}: {status}',
  'aria.notifications': 'Uploader notifications',

  'rejection.overLimit':
    '{count, plural, one {# file was not added: at most {maxFiles, number} can be added.} other {# files were not added: at most {maxFiles, number} can be added.}}',
  'rejection.more': '{count, plural, one {and # more file was not added} other {and # more files were not added}}',
  'rejection.folderLimit': 'The folder holds more than {limit, number} files: only the first {limit, number} were taken.',
  'refusal.badRequest': 'The server could not read the upload request. Reload the page and try again.',
  'refusal.signIn': 'Sign in to upload files, then try again.',
  'refusal.denied': 'You are not allowed to upload here. Ask the site owner for access.',
  'refusal.rejected': 'The server did not accept this file.',
  'refusal.crossSite': 'The server does not accept uploads from this page. The site owner must allow this site.',
  'refusal.tooLarge': 'This file is too large for the server. Choose a smaller file.',
  'refusal.multipartRequired': 'This file is too large to send in one piece. The site owner must enable multipart uploads.',
  'refusal.typeNotAllowed': 'The server does not accept this type of file. Choose another file.',
  'refusal.expired': 'The unfinished upload expired. Retry to send the file again from the start.',
  'refusal.busy': 'The server is busy. Try again in a moment.',
  'refusal.busyRetryAfter': 'The server is busy. Try again {when}.',
  'refusal.offline': 'You are offline. Connect to the internet, then retry.',
  'refusal.storageCors': 'The storage does not accept uploads from this site. The site owner must allow this site in the storage CORS settings.',
  'refusal.storageSignature': 'The storage refused the upload link. Check the date and time of this device, then retry.',
  'refusal.badDigest': 'The file was damaged on the way to the storage. Retry the upload.',
  'refusal.serverError': 'The server ran into a problem. Try again later.',
  'refusal.blocked': 'The server blocked this file: {reason}',
} as const;

/** Every message key the UI may ask for. */
export type MessageKey = keyof typeof messages;

/** A complete set of messages: one string per key. */
export type Messages = { readonly [Key in MessageKey]: string };

export type TextDirection = 'ltr' | 'rtl';

/** One locale: a canonical BCP-47 tag, its writing direction and every message. */
export interface LocaleBundle {
  readonly lang: string;
  readonly dir: TextDirection;
  readonly messages: Messages;
}

const en = { lang: 'en', dir: 'ltr', messages } satisfies LocaleBundle;

export default en;
