/**
 * Keeps the device's copy of this installation's published seasons and regulations
 * (src/db/published-regulations.ts) current: fetched again after every successful pull of the
 * public catalogues, so a device that was offline when a duck season was published shows it
 * after its next sync. A failed fetch keeps the earlier copy.
 */
import { distinctUntilChanged, filter, map, type Subscription } from 'rxjs';
import type { PublishedRegulations } from '../../schemas/published-regulations.ts';
import type { AppDatabase } from '../db/database.ts';
import { keepPublishedRegulations } from '../db/published-regulations.ts';
import type { SyncStatusStore } from './sync-status.ts';
import type { SyncTransport } from './sync-transport.ts';

/** Starts following; unsubscribe to stop. */
export function followPublishedRegulations(
  db: AppDatabase,
  transport: SyncTransport,
  status: SyncStatusStore,
): Subscription {
  return status.status$
    .pipe(
      map((value) => value.catalogue.lastSyncedAt),
      filter((lastSyncedAt): lastSyncedAt is number => lastSyncedAt !== null),
      distinctUntilChanged(),
    )
    .subscribe(() => {
      transport
        .request<PublishedRegulations>('GET', '/api/regulations')
        .then(({ regulations }) => keepPublishedRegulations(db, regulations, Date.now()))
        .catch((error: unknown) => {
          // Offline again, or an older server without the route: the kept copy stays.
          console.info('Published regulations not refreshed:', error);
        });
    });
}
