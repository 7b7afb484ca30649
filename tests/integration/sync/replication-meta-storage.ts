// Dexie on fake-indexeddb whose RxDB replication bookkeeping instances ('rx-replication-meta-*')
// a test may change, to replay what a phone does when a page goes away or its storage is slow.
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { RxStorage, RxStorageInstance } from 'rxdb';

/** A replication bookkeeping instance, as RxDB's Dexie storage opens it. */
export type ReplicationMetaInstance = RxStorageInstance<unknown, unknown, unknown>;

/**
 * Dexie storage on which `adapt` may replace methods of each replication bookkeeping instance
 * (its `bulkWrite`, its `findDocumentsById`); every other instance is Dexie's own.
 */
export function storageWithReplicationMeta(
  adapt: (instance: ReplicationMetaInstance) => void,
): RxStorage<unknown, unknown> {
  const dexie = getRxStorageDexie();
  return {
    ...dexie,
    async createStorageInstance(params: Parameters<typeof dexie.createStorageInstance>[0]) {
      const instance = await dexie.createStorageInstance(params);
      if (params.collectionName.startsWith('rx-replication-meta-')) {
        adapt(instance as unknown as ReplicationMetaInstance);
      }
      return instance;
    },
  } as RxStorage<unknown, unknown>;
}
