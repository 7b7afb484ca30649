/**
 * Everything the server seeds from the project's data/ folder: the
 * public, read-only catalogue collections, every document validated against schemas/.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Achievement } from '../../schemas/achievements.ts';
import type { Campground } from '../../schemas/campgrounds.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { Wma } from '../../schemas/wmas.ts';
import { assertValidDocument } from '../validation.ts';
import { loadAchievements } from './achievements.ts';
import { loadCampgrounds } from '../../datasets/campgrounds.ts';
import { loadTrails, loadWmas } from './places.ts';
import { withUsfsTrailLines } from './trail-lines.ts';

/**
 * Bump when the mapping from data files to documents changes, so servers re-seed even though
 * the data files did not change.
 */
export const seedFormatVersion = 4;

/** The data files, relative to the data folder, that the seed is built from. */
export const seedFiles = [
  'places/trails.geojson',
  'places/wmas.geojson',
  'trails/usfs-ohv-brock-creek.geojson',
  'trails/usfs-ohv-buckhorn.geojson',
  'trails/usfs-ohv-moccasin-gap.geojson',
  'trails/usfs-ohv-wolf-pen-gap.geojson',
  'campgrounds/ridb-arkansas.geojson',
  'campgrounds/osm-arkansas.geojson',
  'basemap/arkansas-counties.geojson',
  'basemap/ne-lakes.geojson',
  'basemap/ne-rivers.geojson',
  'achievements.json',
] as const;

/** The seeded collections; their documents are public (no owner). */
export interface SeedDocuments {
  trails: Trail[];
  wmas: Wma[];
  campgrounds: Campground[];
  achievements: Achievement[];
}

export type SeededCollection = keyof SeedDocuments;

export const seededCollections: SeededCollection[] = [
  'trails',
  'wmas',
  'campgrounds',
  'achievements',
];

/**
 * SHA-256 (hex) over the seed format version and the content of every seed file, so a changed
 * file (or mapping) means a re-seed. Throws if a seed file is missing.
 */
export function seedContentHash(dataDir: string): string {
  const hash = createHash('sha256').update(`seed-format:${seedFormatVersion}\n`);
  for (const file of seedFiles) {
    hash
      .update(`${file}\n`)
      .update(readFileSync(join(dataDir, file)))
      .update('\n');
  }
  return hash.digest('hex');
}

/**
 * Builds every seeded document from `dataDir`, each stamped with `updatedAt` (ms). Throws if a
 * file is unreadable, an id repeats within a collection, or a document does not match its
 * schema: a data error must stop the server, not reach clients.
 */
export function buildSeedDocuments(dataDir: string, updatedAt: number): SeedDocuments {
  const documents: SeedDocuments = {
    trails: withUsfsTrailLines(dataDir, loadTrails(dataDir, updatedAt), updatedAt),
    wmas: loadWmas(dataDir, updatedAt),
    campgrounds: loadCampgrounds(dataDir, updatedAt),
    achievements: loadAchievements(dataDir, updatedAt),
  };
  for (const collection of seededCollections) {
    const ids = new Set<string>();
    for (const document of documents[collection]) {
      assertValidDocument(collection, document);
      if (ids.has(document.id)) throw new Error(`Duplicate ${collection} id ${document.id}`);
      ids.add(document.id);
    }
  }
  return documents;
}
