/**
 * Maps the trail and Wildlife Management Area datasets of data/places (see data/README.md) to
 * the trail and WMA documents of schemas/. Values are copied as given; nothing is inferred.
 */
import { join } from 'node:path';
import type { Trail } from '../../schemas/trails.ts';
import type { Wma } from '../../schemas/wmas.ts';
import { readPointRecords } from '../../datasets/geojson.ts';

/** A record of data/places/trails.geojson (snake_case, as shipped). */
interface TrailRecord {
  id: string;
  name: string;
  kind: Trail['kind'];
  /** For a trailhead: the trail it serves (scripts/places/match-trailheads.ts); else absent. */
  system_id?: string | null;
  activities: Trail['activities'];
  difficulty: Trail['difficulty'];
  length_miles: number | null;
  county: string;
  region: Trail['region'];
  manager: string | null;
  fee: string | null;
  official_url: string | null;
  location_confidence: Trail['locationConfidence'];
  notes: string | null;
  sources: string[];
}

/** A record of data/places/wmas.geojson. */
interface WmaRecord {
  id: string;
  name: string;
  county: string;
  region: Wma['region'];
  waterfowl: boolean;
  location_confidence: Wma['locationConfidence'];
  sources: string[];
}

/**
 * Trails from `${dataDir}/places/trails.geojson`, one per feature, located by the trailhead
 * Point ([lon, lat]); `path` is null because the dataset has no line geometry.
 * `updatedAt` (ms) is stamped on every document. Throws if the file is unreadable.
 */
export function loadTrails(dataDir: string, updatedAt: number): Trail[] {
  return readPointRecords<TrailRecord>(join(dataDir, 'places', 'trails.geojson')).map(
    ({ longitude, latitude, properties: record }) => ({
      id: record.id,
      name: record.name,
      kind: record.kind,
      systemId: record.system_id ?? null,
      trailNumber: null,
      vehicleClasses: null,
      trailClass: null,
      season: null,
      dataDate: null,
      activities: [...record.activities],
      difficulty: record.difficulty ?? null,
      lengthMiles: record.length_miles ?? null,
      county: record.county,
      region: record.region,
      manager: record.manager ?? null,
      fee: record.fee ?? null,
      officialUrl: record.official_url ?? null,
      locationConfidence: record.location_confidence,
      notes: record.notes ?? null,
      sources: [...record.sources],
      longitude,
      latitude,
      path: null,
      updatedAt,
    }),
  );
}

/**
 * Arkansas Game and Fish Commission WMAs from `${dataDir}/places/wmas.geojson` as documents of
 * the public `wmas` catalogue, each at its approximate interior point. `updatedAt` (ms) is
 * stamped on every document. Throws if the file is unreadable.
 */
export function loadWmas(dataDir: string, updatedAt: number): Wma[] {
  return readPointRecords<WmaRecord>(join(dataDir, 'places', 'wmas.geojson')).map(
    ({ longitude, latitude, properties: record }) => ({
      id: record.id,
      name: record.name,
      county: record.county,
      region: record.region,
      waterfowl: record.waterfowl,
      longitude,
      latitude,
      locationConfidence: record.location_confidence,
      sources: [...record.sources],
      updatedAt,
    }),
  );
}
