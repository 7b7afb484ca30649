/**
 * One query straight against an RxDB storage instance, bypassing the collection's cached
 * queries. A cached `find()` is brought up to date by replaying every change since its last run
 * (thousands of events after a bulk write); a storage query reads only the index range its
 * selector names. Used where a sync step reads stored documents in bulk
 * (src/db/changes-since-storage.ts, src/db/promotion.ts).
 */
import {
  normalizeMangoQuery,
  prepareQuery,
  type MangoQuerySelector,
  type MangoQuerySortPart,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorageInstance,
} from 'rxdb';

/** A storage instance of any collection (a collection's own instance type narrows it). */
export type AnyStorageInstance = RxStorageInstance<unknown, unknown, unknown, unknown>;

/** What to read: a selector over stored documents (it may name `_deleted` and `_meta.lwt`). */
export interface StorageQuery<Stored> {
  selector: MangoQuerySelector<RxDocumentData<Stored>>;
  /** Sort order; RxDB's default (the primary key) when absent. */
  sort?: MangoQuerySortPart<RxDocumentData<Stored>>[];
  limit?: number;
}

/**
 * The stored documents of `instance` that match `query`, in its sort order. Rejects when the
 * storage does (a closed instance).
 */
export async function queryStorage<Stored = unknown>(
  instance: AnyStorageInstance,
  { selector, sort, limit }: StorageQuery<Stored>,
): Promise<RxDocumentData<Stored>[]> {
  const schema = instance.schema as unknown as RxJsonSchema<RxDocumentData<Stored>>;
  const query = normalizeMangoQuery<RxDocumentData<Stored>>(schema, {
    selector,
    ...(sort ? { sort } : {}),
    ...(limit === undefined ? {} : { skip: 0, limit }),
  });
  // RxDB types the normalised query over RxDocumentData twice over; it is the same query.
  const result = await instance.query(prepareQuery<Stored>(schema, query as never));
  return result.documents as RxDocumentData<Stored>[];
}
