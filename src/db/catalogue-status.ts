/**
 * Where the sync engine (src/sync/sync-engine.ts) keeps the public catalogues' state: the local
 * document 'catalogue-status', read by `useCatalogueStatus`. Kept in the database rather than in
 * memory so every tab shows the same status and the last sync time survives a reload.
 */
import type { AppDatabase } from './database.ts';
import { modifyLocalDocument } from './local-document-write.ts';

/** Id of the local document holding the catalogue refresh state. */
export const catalogueStatusDocumentId = 'catalogue-status';

/**
 * A pull that started longer ago than this is considered dead (its tab was closed mid-pull),
 * so a stale `isRefreshing` cannot stick forever. Twice the sync request time-out, in ms.
 */
export const refreshPresumedDeadAfterMs = 120_000;

/** What screens show about the catalogues. */
export interface CatalogueStatus {
  /** Epoch ms of the last refresh in which every catalogue succeeded; null if never. */
  lastSyncedAt: number | null;
  /** Message of the last refresh's failure; null after a success. */
  error: string | null;
  isRefreshing: boolean;
}

/** Stored shape: the status plus when the running refresh started (epoch ms). */
export interface StoredCatalogueStatus extends CatalogueStatus {
  refreshStartedAt: number | null;
}

/** The status from the stored document data (null when never written). */
export function readCatalogueStatusData(
  data: Partial<StoredCatalogueStatus> | null,
  now = Date.now(),
): CatalogueStatus {
  const startedAt = data?.refreshStartedAt ?? null;
  return {
    lastSyncedAt: data?.lastSyncedAt ?? null,
    error: data?.error ?? null,
    isRefreshing:
      Boolean(data?.isRefreshing) &&
      startedAt !== null &&
      now - startedAt < refreshPresumedDeadAfterMs,
  };
}

/** The current catalogue status. */
export async function readCatalogueStatus(db: AppDatabase): Promise<CatalogueStatus> {
  const document = await db.getLocal<StoredCatalogueStatus>(catalogueStatusDocumentId);
  return readCatalogueStatusData(
    document ? (document.toJSON() as unknown as { data: StoredCatalogueStatus }).data : null,
  );
}

/** Merges `patch` into the stored status. */
export async function writeCatalogueStatus(
  db: AppDatabase,
  patch: Partial<StoredCatalogueStatus>,
): Promise<void> {
  await modifyLocalDocument<StoredCatalogueStatus>(db, catalogueStatusDocumentId, (current) => ({
    lastSyncedAt: null,
    error: null,
    isRefreshing: false,
    refreshStartedAt: null,
    ...current,
    ...patch,
  }));
}
