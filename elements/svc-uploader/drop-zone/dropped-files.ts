/**
 * Reads the files of a drop, walking into dropped folders when allowed. Each file found inside a
 * folder keeps its path below the dropped folder (`photos/2024/a.jpg`) in `relativePath`.
 */

interface DroppedFile {
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
  /** The drop held more than `MAX_FILES_PER_FOLDER` files: reading stopped there, the rest is left out. */
  truncated: boolean;
}

/**
 * Reading stops after this many files so a dropped home directory cannot freeze the page; the
 * folder picker is held to the same number.
 */
export const MAX_FILES_PER_FOLDER = 10_000;

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
  return collect(
    entries.filter((entry): entry is FileSystemEntry => entry !== null),
    plainFiles,
    options.allowFolders,
  );
}

async function collect(entries: FileSystemEntry[], plainFiles: File[], allowFolders: boolean): Promise<DropReadResult> {
  const result: DropReadResult = {
    files: plainFiles.map((file) => ({ file, relativePath: file.name })),
    folderCount: 0,
    skipped: [],
    truncated: false,
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
  if (result.files.length >= MAX_FILES_PER_FOLDER) {
    result.truncated = true;
    return;
  }
  const path = parentPath ? `${parentPath}/${entry.name}` : entry.name;
  try {
    if (entry.isFile) {
      result.files.push({ file: await readFileEntry(entry as FileSystemFileEntry), relativePath: path });
    } else if (entry.isDirectory) {
      result.folderCount += 1;
      const children = await readChildren(entry as FileSystemDirectoryEntry, MAX_FILES_PER_FOLDER - result.files.length);
      if (children.more) result.truncated = true;
      for (const child of children.entries) await walk(child, path, result);
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
 * the end with an empty batch; reading it once silently loses the rest of a large folder. Reading
 * stops once `budget` children are in hand (`more` then says the folder had others), so a folder
 * of a million files is not listed in full only to be cut down afterwards.
 */
async function readChildren(directory: FileSystemDirectoryEntry, budget: number): Promise<{ entries: FileSystemEntry[]; more: boolean }> {
  const reader = directory.createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return { entries: children.sort((a, b) => a.name.localeCompare(b.name)), more: false };
    children.push(...batch);
    if (children.length > budget) {
      return { entries: children.slice(0, budget).sort((a, b) => a.name.localeCompare(b.name)), more: true };
    }
  }
}
