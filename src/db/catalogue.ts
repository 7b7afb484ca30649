/**
 * The read-only catalogues the server publishes (trails, public waypoints, achievements,
 * campgrounds) as cached offline in RxDB (core-platform §3, §7). The server's latest answer
 * replaces the cached catalogue; riders' own waypoints are not part of the waypoint catalogue
 * (ownerId set) and are never touched here: replication owns them.
 */
import { deepEqual } from 'rxdb/plugins/utils';
import type { Achievement } from '../../schemas/achievements.ts';
import type { Campground } from '../../schemas/campgrounds.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { Waypoint } from '../../schemas/waypoints.ts';
import type { AppDatabase } from './database.ts';

/** Document type of each catalogue. */
export interface CatalogueDocuments {
  trails: Trail;
  waypoints: Waypoint;
  achievements: Achievement;
  campgrounds: Campground;
}

export type CatalogueName = keyof CatalogueDocuments;

export const catalogueNames: readonly CatalogueName[] = [
  'trails',
  'waypoints',
  'achievements',
  'campgrounds',
];

/** Raised when the storage refused some catalogue documents; the old ones were kept. */
export class CatalogueWriteError extends Error {
  constructor(
    readonly catalogue: CatalogueName,
    readonly failedIds: string[],
  ) {
    super(
      `${failedIds.length} ${catalogue} documents could not be stored: ${failedIds.slice(0, 5).join(', ')}`,
    );
    this.name = 'CatalogueWriteError';
  }
}

function inCatalogue(name: CatalogueName, document: object): boolean {
  return name !== 'waypoints' || (document as { ownerId?: unknown }).ownerId === null;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Orders a catalogue as its screens list it: achievements by sortOrder, others by name. */
export function sortCatalogue<N extends CatalogueName>(
  name: N,
  documents: CatalogueDocuments[N][],
): CatalogueDocuments[N][] {
  const sorted = [...documents];
  if (name === 'achievements') {
    (sorted as Achievement[]).sort(
      (a, b) => a.sortOrder - b.sortOrder || collator.compare(a.title, b.title),
    );
  } else {
    (sorted as (Trail | Waypoint | Campground)[]).sort((a, b) => collator.compare(a.name, b.name));
  }
  return sorted;
}

/**
 * Makes the cached catalogue `name` equal to `documents` (the server's full answer): new and
 * changed documents are upserted (unchanged ones are not rewritten, so open screens do not
 * re-render), and cached catalogue documents absent from the answer are removed. For
 * waypoints only public ones (ownerId null) are stored or removed. Throws CatalogueWriteError
 * when the storage refuses some documents; stale ones are then kept rather than leave a gap.
 */
export async function replaceCatalogue<N extends CatalogueName>(
  db: AppDatabase,
  name: N,
  documents: readonly CatalogueDocuments[N][],
): Promise<void> {
  // The collections share one shape of API; TypeScript cannot narrow the union by `name`.
  const collection = db.collections[name] as unknown as AppDatabase['trails'];
  const incoming = (documents as unknown as Trail[]).filter((document) =>
    inCatalogue(name, document),
  );
  const incomingIds = new Set(incoming.map((document) => document.id));
  const existing = await collection.findByIds([...incomingIds]).exec();
  const changed = incoming.filter((document) => {
    const stored = existing.get(document.id);
    return !stored || !deepEqual(stored.toJSON(), document);
  });
  if (changed.length > 0) {
    const result = await collection.bulkUpsert(changed);
    if (result.error.length > 0) {
      throw new CatalogueWriteError(
        name,
        result.error.map((error) => error.documentId),
      );
    }
  }
  const cached = await collection.find().exec();
  const stale = cached.filter(
    (document) => inCatalogue(name, document.toJSON()) && !incomingIds.has(document.primary),
  );
  if (stale.length > 0) await collection.bulkRemove(stale.map((document) => document.primary));
}

/**
 * The cached catalogue `name` as plain documents, in display order (achievements by
 * sortOrder, others by name); for waypoints only public ones. [] when nothing is cached.
 */
export async function readCatalogue<N extends CatalogueName>(
  db: AppDatabase,
  name: N,
): Promise<CatalogueDocuments[N][]> {
  const collection = db.collections[name] as unknown as AppDatabase['trails'];
  const documents = (await collection.find().exec())
    .map((document) => document.toJSON() as unknown as CatalogueDocuments[N])
    .filter((document) => inCatalogue(name, document));
  return sortCatalogue(name, documents);
}
