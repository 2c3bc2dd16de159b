// What the crash-recovery suites read and do around an uploader: the names IndexedDB holds, a page
// that leaves a file behind, and the events a later page fires. Parameterised by where the recovery
// storage and the element come from, so the source suites and the built-bundle suites share it
// (this module imports nothing from elements/).
import { eventually } from '../eventually.js';

interface RecoveryStorageLike {
  getAll(): Promise<Array<{ name: string }>>;
  clear(): Promise<void>;
  close(): void;
}

interface UploaderLike extends HTMLElement {
  addFiles(files: File[]): Promise<unknown>;
}

export interface RecoveryProbe {
  /** Names of the files crash recovery holds, for every scope. */
  storedNames(): Promise<string[]>;
  clearRecovery(): Promise<void>;
  /** A page that added `file` to an uploader with these attributes, then went away. */
  leaveBehind(attributes: string, file: File): Promise<void>;
}

export function createRecoveryProbe(openStorage: () => RecoveryStorageLike, mount: (markup: string) => Promise<UploaderLike>): RecoveryProbe {
  async function storedNames(): Promise<string[]> {
    const storage = openStorage();
    const names = (await storage.getAll()).map((entry) => entry.name);
    storage.close();
    return names;
  }
  return {
    storedNames,
    async clearRecovery() {
      const storage = openStorage();
      await storage.clear();
      storage.close();
    },
    async leaveBehind(attributes, file) {
      const element = await mount(`<svc-uploader server-url="/api/upload" crash-recovery ${attributes}></svc-uploader>`);
      await element.addFiles([file]);
      await eventually(async () => (await storedNames()).includes(file.name), `${file.name} in IndexedDB`);
      element.remove();
    },
  };
}

/** Every event of these types anywhere on the page until `stop()`. */
export function listenOnDocument(types: string[]): { events: CustomEvent[]; stop(): void } {
  const events: CustomEvent[] = [];
  const record = (event: Event): void => void events.push(event as CustomEvent);
  for (const type of types) document.addEventListener(type, record);
  return { events, stop: () => types.forEach((type) => document.removeEventListener(type, record)) };
}
