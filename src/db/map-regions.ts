/**
 * The offline map regions on this device (schemas/map-regions.ts), kept in the local document
 * `map-regions`: reactive reads for the map screens and the small write functions the offline
 * region store (src/map/region-downloads.ts) uses. The archives themselves live outside RxDB
 * (src/map/archive-store.ts); these entries track them. A local document rather than a
 * collection: the list is small (the catalog's regions), device-only, never queried by field
 * and always read whole, which is what RxDB's local documents are for; a collection slot is
 * worth more to synced data (docs/architecture.md "Collection budget").
 */
import { map, type Observable } from 'rxjs';
import { statewideRegionId } from '../../schemas/map-catalog.ts';
import type { MapRegion } from '../../schemas/map-regions.ts';
import type { AppDatabase } from './database.ts';
import { localDocumentData, modifyLocalDocument } from './local-document-write.ts';

/** RxDB local document holding `{ regions: MapRegion[] }`, one entry per region id. */
export const mapRegionsDocumentId = 'map-regions';

/** The local document's data. */
export interface StoredMapRegions {
  regions: MapRegion[];
}

/** Reads and writes of the device's map regions, as the region store needs them. */
export interface MapRegionRepository {
  /** Every region, statewide first then by name. */
  list(): Promise<MapRegion[]>;
  get(id: string): Promise<MapRegion | null>;
  /** Inserts or replaces whole regions. */
  put(regions: MapRegion[]): Promise<void>;
  /** Changes some fields of an existing region; rejects when it does not exist. */
  patch(id: string, patch: Partial<Omit<MapRegion, 'id'>>): Promise<void>;
}

function orderRegions(regions: readonly MapRegion[]): MapRegion[] {
  return [...regions].sort(
    (a, b) =>
      Number(b.id === statewideRegionId) - Number(a.id === statewideRegionId) ||
      a.name.localeCompare(b.name),
  );
}

/** `regions` with each of `replacements` in place of the region of its id, new ones added. */
export function withRegions(
  regions: readonly MapRegion[],
  replacements: readonly MapRegion[],
): MapRegion[] {
  const byId = new Map(regions.map((region) => [region.id, region]));
  for (const region of replacements) byId.set(region.id, region);
  return [...byId.values()];
}

async function storedRegions(db: AppDatabase): Promise<MapRegion[]> {
  const document = await db.getLocal<StoredMapRegions>(mapRegionsDocumentId);
  return localDocumentData(document)?.regions ?? [];
}

/** The repository over the device's map regions. */
export function mapRegionRepository(db: AppDatabase): MapRegionRepository {
  return {
    async list() {
      return orderRegions(await storedRegions(db));
    },
    async get(id) {
      return (await storedRegions(db)).find((region) => region.id === id) ?? null;
    },
    async put(regions) {
      if (regions.length === 0) return;
      await modifyLocalDocument<StoredMapRegions>(db, mapRegionsDocumentId, (current) => ({
        regions: withRegions(current?.regions ?? [], regions),
      }));
    },
    async patch(id, patch) {
      await modifyLocalDocument<StoredMapRegions>(db, mapRegionsDocumentId, (current) => {
        const region = current?.regions.find((stored) => stored.id === id);
        if (!region) throw new Error(`No map region "${id}" on this device.`);
        return { regions: withRegions(current!.regions, [{ ...region, ...patch, id }]) };
      });
    },
  };
}

/** Every map region on this device, statewide first then by name. */
export function observeMapRegions(db: AppDatabase): Observable<MapRegion[]> {
  return db
    .getLocal$<StoredMapRegions>(mapRegionsDocumentId)
    .pipe(map((document) => orderRegions(localDocumentData(document)?.regions ?? [])));
}
