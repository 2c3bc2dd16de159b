/**
 * Named presets of `allowedFileTypes`. Each expands to MIME patterns and extensions; extensions
 * cover files whose browser-reported MIME type is empty or generic (common for fonts, CAD, GIS).
 */
export const FILE_TYPE_PRESETS = {
  images: ['image/*', '.heic', '.heif', '.avif', '.webp'],
  video: ['video/*', '.mkv', '.mov', '.m4v'],
  audio: ['audio/*', '.flac', '.m4a', '.opus'],
  documents: [
    'application/pdf', 'application/msword', 'text/plain', 'application/rtf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.oasis.opendocument.text', '.pdf', '.doc', '.docx', '.txt', '.rtf', '.odt', '.md',
  ],
  spreadsheets: [
    'application/vnd.ms-excel', 'text/csv', 'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '.xls', '.xlsx', '.csv', '.ods', '.tsv',
  ],
  presentations: [
    'application/vnd.ms-powerpoint', 'application/vnd.oasis.opendocument.presentation',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation', '.ppt', '.pptx', '.odp', '.key',
  ],
  archives: [
    'application/zip', 'application/x-7z-compressed', 'application/x-tar', 'application/gzip',
    'application/x-rar-compressed', 'application/vnd.rar', '.zip', '.7z', '.tar', '.gz', '.tgz', '.rar', '.bz2', '.xz',
  ],
  code: [
    'text/javascript', 'application/javascript', 'application/typescript', 'text/x-python', 'text/css',
    '.js', '.mjs', '.ts', '.tsx', '.jsx', '.py', '.java', '.c', '.cpp', '.h', '.cs', '.go', '.rs', '.rb',
    '.php', '.swift', '.kt', '.sh', '.css', '.scss', '.sql',
  ],
  fonts: ['font/*', 'application/font-woff', '.ttf', '.otf', '.woff', '.woff2', '.eot'],
  '3d': ['model/*', '.obj', '.fbx', '.stl', '.gltf', '.glb', '.blend', '.3ds', '.ply', '.usdz'],
  design: ['image/vnd.adobe.photoshop', 'application/postscript', '.psd', '.ai', '.sketch', '.fig', '.xd', '.indd'],
  ebooks: ['application/epub+zip', 'application/x-mobipocket-ebook', '.epub', '.mobi', '.azw', '.azw3', '.fb2'],
  photography: ['image/*', '.raw', '.cr2', '.cr3', '.nef', '.arw', '.dng', '.orf', '.rw2', '.raf'],
  animation: ['image/gif', 'image/apng', 'image/webp', 'application/json', '.gif', '.apng', '.lottie', '.riv'],
  ar: ['model/vnd.usdz+zip', 'model/gltf-binary', '.usdz', '.reality', '.glb'],
  vector: ['image/svg+xml', 'application/postscript', '.svg', '.eps', '.ai'],
  cad: ['application/acad', 'image/vnd.dwg', 'image/vnd.dxf', '.dwg', '.dxf', '.step', '.stp', '.iges', '.igs'],
  gis: [
    'application/geo+json', 'application/vnd.google-earth.kml+xml', 'application/vnd.google-earth.kmz',
    '.geojson', '.kml', '.kmz', '.shp', '.shx', '.dbf', '.gpx', '.gpkg',
  ],
  data: ['application/json', 'application/xml', 'text/csv', 'application/x-ndjson', '.json', '.xml', '.csv', '.ndjson', '.parquet', '.avro', '.yaml', '.yml'],
  markup: ['text/html', 'text/markdown', 'application/xml', 'text/xml', '.html', '.htm', '.md', '.xml', '.xhtml'],
  subtitles: ['text/vtt', 'application/x-subrip', '.srt', '.vtt', '.ass', '.ssa', '.sub'],
  email: ['message/rfc822', 'application/vnd.ms-outlook', '.eml', '.msg', '.mbox'],
  calendar: ['text/calendar', '.ics', '.ical'],
  contacts: ['text/vcard', 'text/x-vcard', '.vcf', '.vcard'],
  disk: ['application/x-iso9660-image', 'application/x-apple-diskimage', '.iso', '.img', '.dmg', '.vhd', '.vmdk'],
  ml: ['.onnx', '.pt', '.pth', '.h5', '.pb', '.tflite', '.safetensors', '.pkl', '.gguf'],
  database: ['application/vnd.sqlite3', 'application/x-sqlite3', '.sqlite', '.sqlite3', '.db', '.mdb', '.accdb', '.sql'],
  certificates: ['application/x-x509-ca-cert', 'application/pkix-cert', 'application/x-pem-file', '.pem', '.crt', '.cer', '.der', '.p12', '.pfx', '.key'],
  firmware: ['.bin', '.hex', '.fw', '.rom', '.uf2'],
  executable: [
    'application/x-msdownload', 'application/x-executable', 'application/vnd.android.package-archive',
    '.exe', '.msi', '.dmg', '.pkg', '.deb', '.rpm', '.apk', '.appimage',
  ],
  config: ['application/toml', 'application/yaml', '.json', '.yaml', '.yml', '.toml', '.ini', '.cfg', '.conf', '.env', '.properties'],
  financial: ['application/x-ofx', 'application/x-qif', '.ofx', '.qfx', '.qif', '.qbo', '.csv', '.xlsx'],
  scientific: ['application/x-hdf5', 'application/x-netcdf', '.hdf5', '.h5', '.nc', '.fits', '.mat', '.sav'],
  medical: ['application/dicom', '.dcm', '.dicom', '.nii', '.hl7'],
} as const satisfies Record<string, readonly string[]>;

export type FileTypePresetName = keyof typeof FILE_TYPE_PRESETS;
