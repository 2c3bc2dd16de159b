import type { CrashRecoveryEntry, CrashRecoveryStorage } from '../core/types.js';

const DATABASE_NAME = 'svc-uploader-recovery';
const BLOBS = 'blobs';
const STATES = 'states';

type StateRecord = Omit<CrashRecoveryEntry, 'blob'>;

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function completion(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new DOMException('Transaction aborted', 'AbortError'));
  });
}

/**
 * Crash-recovery storage in IndexedDB. File bytes and session state live in separate object
 * stores, so the frequent state writes never rewrite a large blob.
 */
export class IndexedDbRecoveryStorage implements CrashRecoveryStorage {
  #database?: Promise<IDBDatabase>;
  readonly #storedBlobs = new Set<string>();

  readonly #name: string;

  constructor(name = DATABASE_NAME) {
    this.#name = name;
  }

  #open(): Promise<IDBDatabase> {
    this.#database ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(this.#name, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(BLOBS);
        request.result.createObjectStore(STATES, { keyPath: 'id' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return this.#database;
  }

  async getAll(): Promise<CrashRecoveryEntry[]> {
    const database = await this.#open();
    const transaction = database.transaction([BLOBS, STATES], 'readonly');
    const states = await promisify(transaction.objectStore(STATES).getAll() as IDBRequest<StateRecord[]>);
    const entries: CrashRecoveryEntry[] = [];
    for (const state of states) {
      const blob = await promisify(transaction.objectStore(BLOBS).get(state.id) as IDBRequest<Blob | undefined>);
      if (blob) {
        this.#storedBlobs.add(state.id);
        entries.push({ ...state, blob });
      }
    }
    return entries;
  }

  async put(entry: CrashRecoveryEntry): Promise<void> {
    const database = await this.#open();
    const writeBlob = !this.#storedBlobs.has(entry.id);
    const transaction = database.transaction(writeBlob ? [BLOBS, STATES] : [STATES], 'readwrite');
    const { blob, ...state } = entry;
    if (writeBlob) transaction.objectStore(BLOBS).put(blob, entry.id);
    transaction.objectStore(STATES).put(state);
    await completion(transaction);
    this.#storedBlobs.add(entry.id);
  }

  async delete(id: string): Promise<void> {
    const database = await this.#open();
    const transaction = database.transaction([BLOBS, STATES], 'readwrite');
    transaction.objectStore(BLOBS).delete(id);
    transaction.objectStore(STATES).delete(id);
    await completion(transaction);
    this.#storedBlobs.delete(id);
  }

  async clear(): Promise<void> {
    const database = await this.#open();
    const transaction = database.transaction([BLOBS, STATES], 'readwrite');
    transaction.objectStore(BLOBS).clear();
    transaction.objectStore(STATES).clear();
    await completion(transaction);
    this.#storedBlobs.clear();
  }

  /** Closes the connection (tests delete the database afterwards). */
  close(): void {
    void this.#database?.then((database) => database.close());
    this.#database = undefined;
  }
}
