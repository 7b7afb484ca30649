/**
 * The mapRegions collection (schemas/map-regions.ts): reactive reads for the map screens and
 * the small write functions the offline region store (src/map/region-downloads.ts) uses. The
 * archives themselves live outside RxDB (src/map/archive-store.ts); these documents track them.
 */
import { map, type Observable } from 'rxjs';
import { statewideRegionId } from '../../schemas/map-catalog.ts';
import type { MapRegion } from '../../schemas/map-regions.ts';
import type { AppDatabase } from './database.ts';

/** Reads and writes of mapRegions documents, as the region store needs them. */
export interface MapRegionRepository {
  /** Every region document, statewide first then by name. */
  list(): Promise<MapRegion[]>;
  get(id: string): Promise<MapRegion | null>;
  /** Inserts or replaces whole documents. */
  put(regions: MapRegion[]): Promise<void>;
  /** Changes some fields of an existing region; rejects when it does not exist. */
  patch(id: string, patch: Partial<Omit<MapRegion, 'id'>>): Promise<void>;
}

function orderRegions(regions: MapRegion[]): MapRegion[] {
  return [...regions].sort(
    (a, b) =>
      Number(b.id === statewideRegionId) - Number(a.id === statewideRegionId) ||
      a.name.localeCompare(b.name),
  );
}

/** The repository over the app database's mapRegions collection. */
export function mapRegionRepository(db: AppDatabase): MapRegionRepository {
  return {
    async list() {
      const documents = await db.mapRegions.find().exec();
      return orderRegions(documents.map((document) => document.toJSON() as MapRegion));
    },
    async get(id) {
      const document = await db.mapRegions.findOne(id).exec();
      return document ? (document.toJSON() as MapRegion) : null;
    },
    async put(regions) {
      if (regions.length > 0) await db.mapRegions.bulkUpsert(regions);
    },
    async patch(id, patch) {
      const document = await db.mapRegions.findOne(id).exec();
      if (!document) throw new Error(`No map region "${id}" on this device.`);
      await document.incrementalPatch(patch);
    },
  };
}

/** Every map region on this device, statewide first then by name. */
export function observeMapRegions(db: AppDatabase): Observable<MapRegion[]> {
  return db.mapRegions
    .find()
    .$.pipe(
      map((documents) => orderRegions(documents.map((document) => document.toJSON() as MapRegion))),
    );
}
