/**
 * Where downloaded map archives live on the device: an IndexedDB database of its own
 * ('nst-map-archives'), holding each finished archive as one Blob and, while a download runs,
 * its received parts, so an interrupted download resumes from the last stored byte
 * (docs/architecture.md#maps: "an IndexedDB blob"). RxDB's mapRegions documents
 * track which archive belongs to which region; this store only keeps bytes.
 */

/** Byte storage for archives and partial downloads. Keys are opaque strings. */
export interface ArchiveStore {
  /** Stores part `index` of the download `downloadKey`. Rejects with QuotaExceededError when full. */
  putPart(downloadKey: string, index: number, chunk: Blob): Promise<void>;
  /** The stored parts of a download, in order (empty when none). */
  readParts(downloadKey: string): Promise<Blob[]>;
  /** Keys of the downloads with stored parts whose key starts with `prefix`. */
  listDownloads(prefix: string): Promise<string[]>;
  /** Deletes every stored part whose part key starts with `prefix` (`<downloadKey>#` for one). */
  deleteParts(prefix: string): Promise<void>;
  putArchive(storageKey: string, archive: Blob): Promise<void>;
  getArchive(storageKey: string): Promise<Blob | null>;
  deleteArchive(storageKey: string): Promise<void>;
}

const databaseName = 'nst-map-archives';
const archivesStore = 'archives';
const partsStore = 'parts';

function request<T>(operation: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error ?? new Error('IndexedDB request failed'));
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });
}

/** Part keys sort by download then index: the index is zero-padded. */
function partKey(downloadKey: string, index: number): string {
  return `${downloadKey}#${String(index).padStart(6, '0')}`;
}

function prefixRange(prefix: string, keyRange: typeof IDBKeyRange): IDBKeyRange {
  return keyRange.bound(prefix, `${prefix}\uffff`);
}

/**
 * Opens the IndexedDB archive store. `indexedDB`/`IDBKeyRange` default to the browser's (tests
 * pass fake-indexeddb). Rejects when IndexedDB is unavailable.
 */
export async function openIndexedDbArchiveStore(
  factory: IDBFactory = indexedDB,
  keyRange: typeof IDBKeyRange = IDBKeyRange,
): Promise<ArchiveStore> {
  const open = factory.open(databaseName, 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore(archivesStore);
    open.result.createObjectStore(partsStore);
  };
  const db = await request(open);

  const write = async (store: string, action: (objects: IDBObjectStore) => void) => {
    const transaction = db.transaction(store, 'readwrite');
    action(transaction.objectStore(store));
    await done(transaction);
  };

  return {
    putPart: (downloadKey, index, chunk) =>
      write(partsStore, (objects) => objects.put(chunk, partKey(downloadKey, index))),
    async readParts(downloadKey) {
      const objects = db.transaction(partsStore).objectStore(partsStore);
      return (await request(objects.getAll(prefixRange(`${downloadKey}#`, keyRange)))) as Blob[];
    },
    async listDownloads(prefix) {
      const objects = db.transaction(partsStore).objectStore(partsStore);
      const keys = (await request(objects.getAllKeys(prefixRange(prefix, keyRange)))) as string[];
      return [...new Set(keys.map((key) => key.slice(0, key.lastIndexOf('#'))))];
    },
    deleteParts: (prefix) =>
      write(partsStore, (objects) => objects.delete(prefixRange(prefix, keyRange))),
    putArchive: (storageKey, archive) =>
      write(archivesStore, (objects) => objects.put(archive, storageKey)),
    async getArchive(storageKey) {
      const objects = db.transaction(archivesStore).objectStore(archivesStore);
      const found = (await request(objects.get(storageKey))) as Blob | undefined;
      return found ?? null;
    },
    deleteArchive: (storageKey) => write(archivesStore, (objects) => objects.delete(storageKey)),
  };
}

let browserStore: Promise<ArchiveStore> | null = null;

/** The browser's archive store, opened once; a failed open is retried on the next call. */
export function getArchiveStore(): Promise<ArchiveStore> {
  if (!browserStore) {
    browserStore = openIndexedDbArchiveStore();
    browserStore.catch(() => {
      browserStore = null;
    });
  }
  return browserStore;
}
