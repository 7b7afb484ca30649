/**
 * The browser's offline region store: one RegionDownloader per app database (downloads keep
 * running while the rider moves between pages), the catalog refresh that fills mapRegions, and
 * the "statewide first" rule: the statewide archive downloads on its own as soon as the catalog
 * is known, before any region, so every part of the state has a map offline.
 */
import { statewideRegionId, type MapCatalog } from '../../schemas/map-catalog.ts';
import type { AppDatabase } from '../db/database.ts';
import { mapRegionRepository, type MapRegionRepository } from '../db/map-regions.ts';
import { getArchiveStore } from './archive-store.ts';
import { fetchRegionCatalog, mergeCatalogRegion } from './region-catalog.ts';
import { RegionDownloader } from './region-downloads.ts';

const downloaders = new WeakMap<AppDatabase, Promise<RegionDownloader>>();

/** The region downloader of `db`, created on first use (interrupted downloads become paused). */
export function getRegionDownloader(db: AppDatabase): Promise<RegionDownloader> {
  let downloader = downloaders.get(db);
  if (!downloader) {
    downloader = (async () => {
      const created = new RegionDownloader({
        repository: mapRegionRepository(db),
        store: await getArchiveStore(),
        fetch: (input, init) => fetch(input, init),
        baseUrl: window.location.origin,
        storage: navigator.storage ?? null,
        now: () => Date.now(),
      });
      await created.recoverInterrupted();
      return created;
    })();
    downloaders.set(db, downloader);
  }
  return downloader;
}

/**
 * Stores the catalog in mapRegions, keeping each region's download state and flagging updates
 * (region-catalog.ts `mergeCatalogRegion`). Regions the catalog dropped stay while downloaded;
 * the others are removed from the list.
 */
export async function storeRegionCatalog(
  repository: MapRegionRepository,
  catalog: MapCatalog,
  now: number,
): Promise<void> {
  const stored = new Map((await repository.list()).map((region) => [region.id, region]));
  await repository.put(
    catalog.regions.map((entry) => mergeCatalogRegion(stored.get(entry.id) ?? null, entry, now)),
  );
}

const attributionKey = 'nst.map.attribution';

/** The catalog's attribution as last fetched (kept for offline use), or null. */
export function storedAttribution(): string | null {
  try {
    return localStorage.getItem(attributionKey);
  } catch {
    return null;
  }
}

/**
 * Fetches the catalog, stores it and starts the statewide download when it is not on the
 * device yet. Rejects when the catalog cannot be fetched (offline): the stored one stays.
 */
export async function refreshRegionCatalog(db: AppDatabase): Promise<MapCatalog> {
  const catalog = await fetchRegionCatalog();
  await storeRegionCatalog(mapRegionRepository(db), catalog, Date.now());
  try {
    localStorage.setItem(attributionKey, catalog.attribution);
  } catch {
    // Private mode without storage: the built-in attribution is shown instead.
  }
  const statewide = await mapRegionRepository(db).get(statewideRegionId);
  if (statewide && (statewide.status === 'not-downloaded' || statewide.status === 'paused')) {
    const downloader = await getRegionDownloader(db);
    void downloader.start(statewideRegionId);
  }
  return catalog;
}
