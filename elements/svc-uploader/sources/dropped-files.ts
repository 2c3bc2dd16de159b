/**
 * Reads the files of a drop, walking into dropped folders when allowed. Each file found inside a
 * folder keeps its path below the dropped folder (`photos/2024/a.jpg`) in `relativePath`.
 */

export interface DroppedFile {
  file: File;
  /** Path from the dropped folder down to the file; the bare name for a top-level file. */
  relativePath: string;
}

export interface DropReadResult {
  files: DroppedFile[];
  /** Folders whose contents were read (the dropped ones and every folder below them). */
  folderCount: number;
  /** Folders that were dropped while folder drops are off, and entries that could not be read. */
  skipped: string[];
}

/** Reading stops after this many files so a dropped home directory cannot freeze the page. */
export const MAX_FILES_PER_DROP = 10_000;

/**
 * Must be called synchronously inside the `drop` handler: the browser empties
 * `dataTransfer.items` as soon as the handler returns, so the entries are taken first and read
 * afterwards.
 */
export function readDroppedFiles(dataTransfer: DataTransfer, options: { allowFolders: boolean }): Promise<DropReadResult> {
  const entries: (FileSystemEntry | null)[] = [];
  const plainFiles: File[] = [];
  const items = Array.from(dataTransfer.items ?? []).filter((item) => item.kind === 'file');
  if (items.length > 0 && typeof items[0]!.webkitGetAsEntry === 'function') {
    for (const item of items) entries.push(item.webkitGetAsEntry());
    // An item without an entry (some synthetic transfers) still has its File.
    items.forEach((item, index) => {
      if (entries[index] === null) {
        const file = item.getAsFile();
        if (file) plainFiles.push(file);
      }
    });
  } else {
    plainFiles.push(...Array.from(dataTransfer.files ?? []));
  }
  return collect(entries.filter((entry): entry is FileSystemEntry => entry !== null), plainFiles, options.allowFolders);
}

async function collect(entries: FileSystemEntry[], plainFiles: File[], allowFolders: boolean): Promise<DropReadResult> {
  const result: DropReadResult = {
    files: plainFiles.map((file) => ({ file, relativePath: file.name })),
    folderCount: 0,
    skipped: [],
  };
  for (const entry of entries) {
    if (entry.isDirectory && !allowFolders) {
      result.skipped.push(entry.name);
      continue;
    }
    await walk(entry, '', result);
  }
  return result;
}

async function walk(entry: FileSystemEntry, parentPath: string, result: DropReadResult): Promise<void> {
  if (result.files.length >= MAX_FILES_PER_DROP) return;
  const path = parentPath ? `${parentPath}/${entry.name}` : entry.name;
  try {
    if (entry.isFile) {
      result.files.push({ file: await readFileEntry(entry as FileSystemFileEntry), relativePath: path });
    } else if (entry.isDirectory) {
      result.folderCount += 1;
      for (const child of await readAllChildren(entry as FileSystemDirectoryEntry)) await walk(child, path, result);
    }
  } catch {
    // Unreadable entries (permissions, files deleted mid-drop) are reported, the rest goes on.
    result.skipped.push(path);
  }
}

function readFileEntry(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/**
 * `readEntries` hands out a folder's children in batches (100 at a time in Chromium) and signals
 * the end with an empty batch; reading it once silently loses the rest of a large folder.
 */
async function readAllChildren(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return children.sort((a, b) => a.name.localeCompare(b.name));
    children.push(...batch);
  }
}
