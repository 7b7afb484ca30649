/**
 * One-time migration of the legacy offline database into the current one (requirements §core-3
 * "Offline collections" and §core-4 "Offline"). Responsible for: finding the legacy IndexedDB
 * database, mapping each legacy document onto today's schemas, inserting it without ever
 * overwriting a current document, deleting the legacy database and recording the migrated flag.
 *
 * ## The legacy format
 * The previous app kept its offline data with localForage-style instances sharing one IndexedDB
 * database, `arkansas-trails-offline`, one object store per kind of document, each value under
 * its document id as key (out-of-line keys; an in-line `id` key path reads the same). The
 * config carried localForage's `size: 4980736`, a WebSQL size hint that IndexedDB ignores: it is
 * the "default size value" of requirements §core-9 and means nothing to this migration.
 * Stores and the shapes we accept (camelCase or the server's snake_case, numbers possibly as
 * numeric strings because the old server returned Postgres decimals as text, dates as ISO
 * strings or epoch ms):
 * - `trails`: cached GET /api/trails rows: id, name, description, difficulty
 *   (easy|moderate|difficult|expert), length (miles), latitude, longitude, county, region,
 *   trailType|trail_type, vehicleTypes|vehicle_types, fee, website, managingAgency, updatedAt.
 * - `waypoints`: id, name, description, latitude, longitude, type|category, elevation (feet),
 *   trailId, tripId, userId (null for public points), createdAt, updatedAt.
 * - `trips`: id (`temp-…` when recorded offline), userId, name, trailId, vehicleType, status,
 *   startTime, endTime, distance (miles), duration (moving seconds), maxSpeed and avgSpeed
 *   (mph), elevationGain and elevationLoss (feet), route: [{latitude, longitude, altitude
 *   (metres), accuracy (metres), timestamp}], notes, createdAt, updatedAt.
 * - `achievements`: cached GET /api/achievements rows: id, name|title, description, category,
 *   icon, requirement {type, value} (or requirementType/requirementValue), points, sortOrder.
 * - `userAchievements`: id, userId, achievementId, progress, unlockedAt|earnedAt.
 * - `tripPlans`: the requirements §core-3 trip plan fields (planData|plan_data etc.).
 * - `tripContext`: one record under any key with the requirements §core-3 trip context fields.
 * - `mapTiles`: raster tiles keyed by tile key: dropped, the offline map regions (PMTiles
 *   archives) replace them; the flag records how many were dropped.
 *
 * ## The rule
 * Runs only while the migrated flag (local document `legacy-migration`) is absent. Every legacy
 * document that maps onto a current schema is inserted when its id is absent; a document already
 * present is never overwritten, so when the current database is empty everything mappable is
 * copied, and when it is not, nothing current is lost. Trips and trip plans keep their `temp-`
 * ids and stay pending so the sync engine promotes them. Cached trip plans with the outdated
 * generic names of requirements §core-5 are purged. Documents that cannot be mapped are counted as
 * skipped (riders' own ones are also kept verbatim in the local document
 * `legacy-migration-unmapped`). Then the legacy database is deleted and the flag set.
 * Each step is safe to repeat, so a crash anywhere only means the next start does it again.
 */
import { formatDateTime } from '../lib/format.ts';
import { isOutdatedGenericPlanName } from '../lib/trip-plans/generic-plan-names.ts';
import type { RxCollection } from 'rxdb';
import { achievementCategories, achievementMetrics } from '../../schemas/achievements.ts';
import type { Achievement, AchievementMetric } from '../../schemas/achievements.ts';
import { arkansasRegions } from '../../schemas/common.ts';
import type { CollectionName } from '../../schemas/index.ts';
import {
  trackChunkId,
  trackChunkMaxPoints,
  type TrackChunk,
  type TrackPoint,
} from '../../schemas/track-chunks.ts';
import type { Trail, TrailActivity } from '../../schemas/trails.ts';
import { tripContextKey, tripContextLimits } from '../../schemas/trip-context.ts';
import type { TripContext } from '../../schemas/trip-context.ts';
import { tripPlanDefaults } from '../../schemas/trip-plans.ts';
import type { TripPlan } from '../../schemas/trip-plans.ts';
import type { Trip } from '../../schemas/trips.ts';
import type { UserAchievement } from '../../schemas/user-achievements.ts';
import { moveOf } from '../../schemas/collections/moves.ts';
import type { RiderRecord } from '../../schemas/records.ts';
import type { Waypoint, WaypointCategory } from '../../schemas/waypoints.ts';
import type { AppDatabase } from './database.ts';

const achievementProgressMove = moveOf('userAchievements')!;

/** The legacy database as the previous app configured it (requirements §core-3, §core-9). */
export const legacyOfflineDatabase = {
  name: 'arkansas-trails-offline',
  storeNames: [
    'trails',
    'waypoints',
    'trips',
    'achievements',
    'userAchievements',
    'mapTiles',
    'tripPlans',
    'tripContext',
  ],
  /** localForage's WebSQL size hint (bytes); IndexedDB ignores it. */
  size: 4980736,
} as const;

export type LegacyStoreName = (typeof legacyOfflineDatabase.storeNames)[number];

/** Id of the local document holding the migrated flag. */
export const legacyMigrationFlagId = 'legacy-migration';
/** Id of the local document keeping riders' legacy documents that could not be mapped. */
export const legacyUnmappedDocumentsId = 'legacy-migration-unmapped';

/** Legacy stores copied into a current collection of the same purpose. */
type CopiedStore = Exclude<LegacyStoreName, 'mapTiles'>;

/** The migrated flag: when it ran and what happened to every legacy document. */
export interface LegacyMigrationRecord {
  /** Epoch ms. */
  migratedAt: number;
  legacyDatabaseFound: boolean;
  currentDatabaseWasEmpty: boolean;
  /**
   * Documents copied, by current collection. `mapTiles` is always 0: tiles are dropped because
   * offline map regions (PMTiles archives) replace them; see `skipped.mapTilesDropped`.
   */
  counts: Record<CopiedStore | 'trackChunks' | 'mapTiles', number>;
  skipped: {
    /** Legacy documents that do not map onto a current schema, by store. */
    invalid: Record<CopiedStore, number>;
    /** Legacy documents whose id already exists in the current database (never overwritten). */
    alreadyPresent: Record<CopiedStore, number>;
    /** Cached trip plans with an outdated generic name (requirements §core-5). */
    outdatedTripPlans: number;
    mapTilesDropped: number;
  };
}

/** Options of `runLegacyMigration`; tests inject fake-indexeddb and a clock. */
export interface LegacyMigrationOptions {
  indexedDB?: IDBFactory;
  /**
   * The current database was created by this start (nothing was ever written to it), so it is
   * known to be empty without counting every collection.
   */
  currentDatabaseIsNew?: boolean;
  legacyDatabaseName?: string;
  now?: () => number;
}

type LegacyRecord = { key: IDBValidKey; value: unknown };
type LegacyContents = Partial<Record<LegacyStoreName, LegacyRecord[]>>;

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * Opens the legacy database only if it exists: opening an absent one would create it, so the
 * upgrade of a brand-new database is aborted and reported as absent.
 */
function openExistingDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    let absent = false;
    const request = factory.open(name);
    request.onupgradeneeded = (event) => {
      if (event.oldVersion === 0) {
        absent = true;
        request.transaction?.abort();
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = (event) => {
      if (absent) {
        event.preventDefault();
        resolve(null);
      } else {
        reject(request.error ?? new Error(`Cannot open legacy database ${name}`));
      }
    };
    request.onblocked = () => undefined;
  });
}

async function readLegacyDatabase(database: IDBDatabase): Promise<LegacyContents> {
  const storeNames = legacyOfflineDatabase.storeNames.filter((store) =>
    database.objectStoreNames.contains(store),
  );
  if (storeNames.length === 0) return {};
  const transaction = database.transaction(storeNames, 'readonly');
  const contents: LegacyContents = {};
  await Promise.all(
    storeNames.map(async (storeName) => {
      const store = transaction.objectStore(storeName);
      // Same transaction, same order: keys and values line up.
      const [keys, values] = await Promise.all([
        requestResult(store.getAllKeys()),
        requestResult(store.getAll()),
      ]);
      contents[storeName] = keys.map((key, index) => ({ key, value: values[index] }));
    }),
  );
  return contents;
}

function deleteDatabase(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`Cannot delete ${name}`));
    // An old tab still holds it open: the deletion is queued and completes when that tab
    // closes. The data is already copied, so waiting for it would only block start-up.
    request.onblocked = () => resolve();
  });
}

// ---------------------------------------------------------------------------------------------
// Reading loosely typed legacy values

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** First present field among camelCase / snake_case spellings. */
function field(record: Loose, ...names: string[]): unknown {
  for (const name of names) {
    if (record[name] !== undefined && record[name] !== null) return record[name];
  }
  return undefined;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function toNonNegative(value: unknown): number | null {
  const parsed = toNumber(value);
  return parsed !== null && parsed >= 0 ? parsed : null;
}

function toText(value: unknown, maxLength: number): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, maxLength);
}

function toId(value: unknown): string | null {
  return toText(value, 128);
}

/** Epoch ms from epoch ms, a numeric string, an ISO string or a Date. */
function toEpochMs(value: unknown): number | null {
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isFinite(time) && time >= 0 ? Math.round(time) : null;
  }
  const numeric = toNumber(value);
  if (numeric !== null) return numeric >= 0 ? Math.round(numeric) : null;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
  }
  return null;
}

function toLongitude(value: unknown): number | null {
  const parsed = toNumber(value);
  return parsed !== null && parsed >= -180 && parsed <= 180 ? parsed : null;
}

function toLatitude(value: unknown): number | null {
  const parsed = toNumber(value);
  return parsed !== null && parsed >= -90 && parsed <= 90 ? parsed : null;
}

function recordId(record: LegacyRecord, value: Loose): string | null {
  return (
    toId(value.id) ??
    (typeof record.key === 'string' || typeof record.key === 'number' ? toId(record.key) : null)
  );
}

const legacySource = `Legacy offline database ${legacyOfflineDatabase.name}`;
const metresPerFoot = 0.3048;

// ---------------------------------------------------------------------------------------------
// Mappers: legacy value -> current document, or null when it cannot be mapped

const trailKindByLegacyType: Record<string, Trail['kind']> = {
  ohv: 'ohv_trail_system',
  atv: 'ohv_trail_system',
  'off-road': 'ohv_trail_system',
  offroad: 'ohv_trail_system',
  'riding-park': 'riding_park',
  riding_park: 'riding_park',
  park: 'riding_park',
  'multi-use': 'multi_use_trail',
  multi_use: 'multi_use_trail',
  multiuse: 'multi_use_trail',
  hiking: 'hiking_trail',
  mtb: 'mtb_trail',
  'mountain-bike': 'mtb_trail',
  biking: 'mtb_trail',
  equestrian: 'equestrian_trail',
  horse: 'equestrian_trail',
  water: 'water_trail',
  paddling: 'water_trail',
};

const activityByLegacyVehicle: Record<string, TrailActivity> = {
  atv: 'atv',
  quad: 'atv',
  utv: 'utv',
  sxs: 'utv',
  'side-by-side': 'utv',
  '4x4': '4x4',
  jeep: '4x4',
  truck: '4x4',
  'dirt bike': 'dirt_bike',
  dirt_bike: 'dirt_bike',
  'dirt-bike': 'dirt_bike',
  motorcycle: 'dirt_bike',
  hiking: 'hiking',
  hiker: 'hiking',
  biking: 'biking',
  bicycle: 'biking',
  mtb: 'biking',
  horse: 'horse',
  equestrian: 'horse',
  paddling: 'paddling',
  kayak: 'paddling',
  canoe: 'paddling',
};

const difficultyByLegacy: Record<string, Trail['difficulty']> = {
  easy: 'easy',
  beginner: 'easy',
  moderate: 'moderate',
  intermediate: 'moderate',
  difficult: 'hard',
  hard: 'hard',
  expert: 'hard',
  advanced: 'hard',
};

function mapTrail(record: LegacyRecord, value: unknown): Trail | null {
  if (!isObject(value)) return null;
  const id = recordId(record, value);
  const name = toText(value.name, 200);
  const longitude = toLongitude(field(value, 'longitude', 'lng', 'lon'));
  const latitude = toLatitude(field(value, 'latitude', 'lat'));
  const region = arkansasRegions.find((known) => known === toText(value.region, 40));
  const county = toText(value.county, 100);
  const legacyType = toText(field(value, 'trailType', 'trail_type', 'type'), 40)?.toLowerCase();
  const kind = legacyType ? trailKindByLegacyType[legacyType] : undefined;
  // Without these the trail cannot be placed or filtered; the server catalogue refills it.
  if (!id || !name || longitude === null || latitude === null || !region || !county || !kind) {
    return null;
  }
  const vehicles = field(value, 'vehicleTypes', 'vehicle_types', 'allowedVehicles', 'activities');
  const activities = Array.isArray(vehicles)
    ? [
        ...new Set(
          vehicles
            .map((vehicle) =>
              typeof vehicle === 'string'
                ? activityByLegacyVehicle[vehicle.trim().toLowerCase()]
                : undefined,
            )
            .filter((activity): activity is TrailActivity => activity !== undefined),
        ),
      ]
    : [];
  const legacyDifficulty = toText(value.difficulty, 40)?.toLowerCase();
  return {
    id,
    name,
    kind,
    systemId: null,
    trailNumber: null,
    vehicleClasses: null,
    trailClass: null,
    season: null,
    dataDate: null,
    activities,
    difficulty: (legacyDifficulty && difficultyByLegacy[legacyDifficulty]) || null,
    lengthMiles: toNonNegative(field(value, 'lengthMiles', 'length', 'distance')),
    county,
    region,
    manager: toText(field(value, 'managingAgency', 'managing_agency', 'manager'), 300),
    fee: toText(value.fee, 300),
    officialUrl: toText(field(value, 'website', 'officialUrl', 'official_url'), 500),
    // The legacy cache does not say how its point was located.
    locationConfidence: 'approximate',
    notes: toText(value.description, 4000),
    sources: [legacySource],
    longitude,
    latitude,
    path: null,
    updatedAt: toEpochMs(field(value, 'updatedAt', 'updated_at')) ?? 0,
  };
}

const waypointCategoryByLegacy: Record<string, WaypointCategory> = {
  wma: 'wma',
  trailhead: 'trailhead',
  camp: 'camp',
  camping: 'camp',
  campsite: 'camp',
  campground: 'camp',
  parking: 'parking',
  water: 'water',
  water_source: 'water',
  fuel: 'fuel',
  gas: 'fuel',
  viewpoint: 'viewpoint',
  scenic: 'viewpoint',
  overlook: 'viewpoint',
  hazard: 'hazard',
  danger: 'hazard',
  warning: 'hazard',
  gate: 'gate',
};

function mapWaypoint(record: LegacyRecord, value: unknown, now: number): Waypoint | null {
  if (!isObject(value)) return null;
  const id = recordId(record, value);
  const name = toText(field(value, 'name', 'title'), 200);
  const longitude = toLongitude(field(value, 'longitude', 'lng', 'lon'));
  const latitude = toLatitude(field(value, 'latitude', 'lat'));
  if (!id || !name || longitude === null || latitude === null) return null;
  const legacyCategory = toText(field(value, 'category', 'type'), 40)?.toLowerCase();
  const elevationFeet = toNumber(value.elevation);
  const createdAt = toEpochMs(field(value, 'createdAt', 'created_at')) ?? now;
  return {
    id,
    // A rider's own point keeps its owner so the public catalogue refresh never removes it.
    ownerId: toId(field(value, 'userId', 'user_id', 'ownerId')),
    name,
    // A rider's point is never lost over an unknown category.
    category: (legacyCategory && waypointCategoryByLegacy[legacyCategory]) || 'other',
    description: toText(value.description, 4000),
    longitude,
    latitude,
    elevationMetres: elevationFeet === null ? null : elevationFeet * metresPerFoot,
    trailId: toId(field(value, 'trailId', 'trail_id')),
    tripId: toId(field(value, 'tripId', 'trip_id')),
    county: toText(value.county, 100),
    region: toText(value.region, 40),
    waterfowl: null,
    locationConfidence: 'exact',
    sources: [legacySource],
    createdAt,
    updatedAt: toEpochMs(field(value, 'updatedAt', 'updated_at')) ?? createdAt,
  };
}

function syncStatusFor(id: string, legacyStatus: unknown): 'pending' | 'synced' {
  if (id.startsWith('temp-')) return 'pending';
  return legacyStatus === 'pending' ? 'pending' : 'synced';
}

function mapTrip(
  record: LegacyRecord,
  value: unknown,
  now: number,
): { trip: Trip; chunks: TrackChunk[] } | null {
  if (!isObject(value)) return null;
  const id = recordId(record, value);
  const startedAt = toEpochMs(
    field(value, 'startTime', 'start_time', 'startedAt', 'createdAt', 'created_at'),
  );
  if (!id || startedAt === null) return null;
  const route = field(value, 'route', 'points', 'trackPoints', 'track_points');
  const points = (Array.isArray(route) ? route : [])
    .map((point): TrackPoint | null => {
      if (!isObject(point)) return null;
      const longitude = toLongitude(field(point, 'longitude', 'lng', 'lon'));
      const latitude = toLatitude(field(point, 'latitude', 'lat'));
      const time = toEpochMs(field(point, 'timestamp', 'time'));
      if (longitude === null || latitude === null || time === null) return null;
      return [longitude, latitude, toNumber(point.altitude), time, toNonNegative(point.accuracy)];
    })
    .filter((point) => point !== null);
  const lastPointTime = points.at(-1)?.[3] ?? null;
  const endedAt = toEpochMs(field(value, 'endTime', 'end_time', 'endedAt')) ?? lastPointTime;
  const movingSeconds = toNonNegative(field(value, 'duration', 'movingTime', 'moving_time'));
  const movingTimeMs = movingSeconds === null ? 0 : Math.round(movingSeconds * 1000);
  const elapsedTimeMs =
    endedAt !== null && endedAt >= startedAt ? endedAt - startedAt : movingTimeMs;
  const distanceMiles = toNonNegative(field(value, 'distance', 'distanceMiles')) ?? 0;
  const averageSpeedMph =
    toNonNegative(field(value, 'avgSpeed', 'avg_speed', 'averageSpeed')) ??
    (movingTimeMs > 0 ? distanceMiles / (movingTimeMs / 3_600_000) : 0);
  const createdAt = toEpochMs(field(value, 'createdAt', 'created_at')) ?? startedAt;
  const longitudes = points.map((point) => point[0]);
  const latitudes = points.map((point) => point[1]);
  const trip: Trip = {
    id,
    userId: toId(field(value, 'userId', 'user_id')) ?? tripPlanDefaults.userId,
    name: toText(field(value, 'name', 'title'), 200) ?? `Trip ${formatDateTime(startedAt)}`,
    trailId: toId(field(value, 'trailId', 'trail_id')),
    vehicleType: toText(field(value, 'vehicleType', 'vehicle_type'), 40),
    source: 'recorded',
    // The legacy recorder's state is gone, so an unfinished recording cannot be resumed.
    recordingState: 'finished',
    status: syncStatusFor(id, value.status),
    startedAt,
    endedAt,
    distanceMiles,
    movingTimeMs,
    elapsedTimeMs,
    averageSpeedMph,
    maxSpeedMph: toNonNegative(field(value, 'maxSpeed', 'max_speed')) ?? 0,
    elevationGainFeet: toNonNegative(field(value, 'elevationGain', 'elevation_gain')) ?? 0,
    elevationLossFeet: toNonNegative(field(value, 'elevationLoss', 'elevation_loss')) ?? 0,
    trackPointCount: points.length,
    bbox:
      points.length > 0
        ? [
            Math.min(...longitudes),
            Math.min(...latitudes),
            Math.max(...longitudes),
            Math.max(...latitudes),
          ]
        : null,
    notes: toText(value.notes, 10000),
    createdAt,
    updatedAt: toEpochMs(field(value, 'updatedAt', 'updated_at')) ?? createdAt ?? now,
  };
  const chunks: TrackChunk[] = [];
  for (let start = 0; start < points.length; start += trackChunkMaxPoints) {
    const sequence = start / trackChunkMaxPoints;
    chunks.push({
      id: trackChunkId(id, sequence),
      tripId: id,
      sequence,
      points: points.slice(start, start + trackChunkMaxPoints),
      updatedAt: trip.updatedAt,
    });
  }
  return { trip, chunks };
}

const metricByLegacyRequirement: Record<string, AchievementMetric> = {
  trips: 'trips_recorded',
  trip_count: 'trips_recorded',
  distance: 'miles_ridden',
  miles: 'miles_ridden',
  trails: 'trails_visited',
  trails_completed: 'trails_visited',
  regions: 'regions_visited',
  waypoints: 'waypoints_created',
};

function mapAchievement(record: LegacyRecord, value: unknown, now: number): Achievement | null {
  if (!isObject(value)) return null;
  const id = recordId(record, value);
  const title = toText(field(value, 'title', 'name'), 120);
  const category = achievementCategories.find(
    (known) => known === toText(value.category, 40)?.toLowerCase(),
  );
  const requirement = isObject(value.requirement) ? value.requirement : value;
  const legacyMetric = toText(
    field(requirement, 'metric', 'type', 'requirementType', 'requirement_type'),
    60,
  )?.toLowerCase();
  const metric = legacyMetric
    ? (achievementMetrics.find((known) => known === legacyMetric) ??
      metricByLegacyRequirement[legacyMetric])
    : undefined;
  const threshold = toNumber(
    field(requirement, 'threshold', 'value', 'requirementValue', 'requirement_value'),
  );
  if (!id || !title || !category || !metric || threshold === null || threshold < 1) return null;
  const points = Math.round(toNonNegative(value.points) ?? 0);
  const sortOrder = Math.round(toNonNegative(field(value, 'sortOrder', 'sort_order')) ?? 0);
  return {
    id,
    title,
    description: toText(value.description, 500) ?? '',
    category,
    icon: toText(value.icon, 40) ?? '',
    metric,
    threshold,
    points: Math.min(points, 10000),
    sortOrder: Math.min(sortOrder, 100000),
    updatedAt: toEpochMs(field(value, 'updatedAt', 'updated_at')) ?? now,
  };
}

function mapUserAchievement(value: unknown, now: number): UserAchievement | null {
  if (!isObject(value)) return null;
  const userId = toId(field(value, 'userId', 'user_id'));
  const achievementId = toId(field(value, 'achievementId', 'achievement_id'));
  if (!userId || !achievementId) return null;
  const id = `${userId}:${achievementId}`;
  if (id.length > 128) return null;
  const earnedAt = toEpochMs(field(value, 'earnedAt', 'earned_at', 'unlockedAt', 'unlocked_at'));
  return {
    id,
    userId,
    achievementId,
    progress: toNonNegative(value.progress) ?? 0,
    earnedAt,
    updatedAt: toEpochMs(field(value, 'updatedAt', 'updated_at')) ?? earnedAt ?? now,
  };
}

function mapTripPlan(record: LegacyRecord, value: unknown, now: number): TripPlan | null {
  if (!isObject(value)) return null;
  const id = recordId(record, value);
  const name = toText(value.name, 200);
  if (!id || !name) return null;
  const planData = field(value, 'planData', 'plan_data');
  const plan: Loose = isObject(planData) ? planData : {};
  const insights = isObject(plan.insights) ? plan.insights : {};
  const difficulty = toNumber(value.difficulty);
  const confidence =
    toNumber(field(value, 'aiConfidence', 'ai_confidence')) ?? toNumber(insights.confidence);
  const createdAt = toEpochMs(field(value, 'createdAt', 'created_at')) ?? now;
  return {
    id,
    userId: toId(field(value, 'userId', 'user_id')) ?? tripPlanDefaults.userId,
    name,
    description: toText(value.description, 4000) ?? '',
    planData: plan,
    totalDuration: toNonNegative(field(value, 'totalDuration', 'total_duration')) ?? 0,
    totalDistance: toNonNegative(field(value, 'totalDistance', 'total_distance')) ?? 0,
    difficulty:
      difficulty !== null && difficulty >= 1 && difficulty <= 10
        ? difficulty
        : tripPlanDefaults.difficulty,
    estimatedCost: toNonNegative(field(value, 'estimatedCost', 'estimated_cost')) ?? 0,
    status: syncStatusFor(id, value.status),
    aiConfidence:
      confidence !== null && confidence >= 0 && confidence <= 1
        ? confidence
        : tripPlanDefaults.aiConfidence,
    createdAt,
    updatedAt: toEpochMs(field(value, 'updatedAt', 'updated_at')) ?? createdAt,
  };
}

function mapTripContext(value: unknown, now: number): TripContext | null {
  if (!isObject(value)) return null;
  const current = isObject(value.currentRecommendations) ? value.currentRecommendations : null;
  const currentTimestamp = current ? toEpochMs(current.timestamp) : null;
  const recommendations =
    current && Array.isArray(current.recommendations)
      ? current.recommendations.filter(isObject)
      : null;
  const recent = Array.isArray(value.recentRecommendedTrails) ? value.recentRecommendedTrails : [];
  const history = Array.isArray(value.tripPlannerHistory) ? value.tripPlannerHistory : [];
  return {
    id: tripContextKey,
    currentRecommendations:
      recommendations && currentTimestamp !== null
        ? {
            recommendations: recommendations.slice(0, 100),
            timestamp: currentTimestamp,
            source: 'trip_planner',
          }
        : null,
    activeTripPlan: isObject(value.activeTripPlan) ? value.activeTripPlan : null,
    recentRecommendedTrails: recent
      .filter(isObject)
      .map((trail) => ({ ...trail, id: toId(trail.id) }))
      .filter((trail): trail is Loose & { id: string } => trail.id !== null)
      .slice(0, tripContextLimits.recentTrails),
    tripPlannerHistory: history.filter(isObject).slice(0, tripContextLimits.history),
    navigationContext: isObject(value.navigationContext) ? value.navigationContext : null,
    updatedAt: toEpochMs(field(value, 'lastUpdated', 'updatedAt')) ?? now,
  };
}

// ---------------------------------------------------------------------------------------------

function zeroCounts<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

const copiedStores = legacyOfflineDatabase.storeNames.filter(
  (store): store is CopiedStore => store !== 'mapTiles',
);

/** Stores holding what riders made themselves: kept verbatim when they cannot be mapped. */
const riderStores: readonly CopiedStore[] = [
  'waypoints',
  'trips',
  'userAchievements',
  'tripPlans',
  'tripContext',
];
const maximumUnmappedKept = 1000;

/** Inserts documents whose ids are absent; returns how many were inserted, present, invalid. */
async function insertAbsent<T extends { id: string }>(
  collection: RxCollection<T>,
  documents: T[],
): Promise<{ inserted: T[]; present: number; invalid: T[] }> {
  const unique = [...new Map(documents.map((document) => [document.id, document])).values()];
  const duplicates = documents.length - unique.length;
  if (unique.length === 0) return { inserted: [], present: duplicates, invalid: [] };
  const existing = await collection.findByIds(unique.map((document) => document.id)).exec();
  const absent = unique.filter((document) => !existing.has(document.id));
  let present = duplicates + (unique.length - absent.length);
  if (absent.length === 0) return { inserted: [], present, invalid: [] };
  const result = await collection.bulkInsert(absent);
  const failedIds = new Set<string>();
  for (const error of result.error) {
    failedIds.add(error.documentId);
    // 409: another tab inserted it meanwhile; anything else is a document our schema refuses.
    if (error.status === 409) present += 1;
  }
  const invalidIds = new Set(
    result.error.filter((error) => error.status !== 409).map((error) => error.documentId),
  );
  return {
    inserted: absent.filter((document) => !failedIds.has(document.id)),
    present,
    invalid: absent.filter((document) => invalidIds.has(document.id)),
  };
}

function toPlainJson(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch (_error) {
    return null;
  }
}

async function isDatabaseEmpty(database: AppDatabase): Promise<boolean> {
  const names = Object.keys(database.collections) as CollectionName[];
  const counts = await Promise.all(names.map((name) => database.collections[name].count().exec()));
  return counts.every((count) => count === 0);
}

/** The migrated flag before anything is copied: every count zero, no legacy database yet. */
function emptyMigrationRecord(
  now: number,
  currentDatabaseWasEmpty: boolean,
): LegacyMigrationRecord {
  return {
    migratedAt: now,
    legacyDatabaseFound: false,
    currentDatabaseWasEmpty,
    counts: { ...zeroCounts(copiedStores), trackChunks: 0, mapTiles: 0 },
    skipped: {
      invalid: zeroCounts(copiedStores),
      alreadyPresent: zeroCounts(copiedStores),
      outdatedTripPlans: 0,
      mapTilesDropped: 0,
    },
  };
}

/** A rider's legacy document kept verbatim because it maps onto no current schema. */
interface UnmappedDocument {
  store: CopiedStore;
  key: unknown;
  value: unknown;
}

/**
 * Copies legacy stores into their collections, counting into `record` what was inserted,
 * already present or invalid, and keeping up to 1000 of the riders' own documents that could
 * not be mapped (`unmapped`) so nothing they made is silently lost.
 */
class LegacyCopier {
  readonly unmapped: UnmappedDocument[] = [];

  constructor(
    private readonly contents: LegacyContents,
    private readonly record: LegacyMigrationRecord,
  ) {}

  /** Maps and inserts one store; resolves to the documents inserted now. */
  async copy<T extends { id: string }>(
    store: CopiedStore,
    collection: RxCollection<T>,
    mapper: (legacyRecord: LegacyRecord) => T | null,
  ): Promise<T[]> {
    const mapped: T[] = [];
    for (const legacyRecord of this.contents[store] ?? []) {
      const document = mapper(legacyRecord);
      if (document) {
        mapped.push(document);
      } else {
        this.record.skipped.invalid[store] += 1;
        this.keep(store, toPlainJson(legacyRecord.key), toPlainJson(legacyRecord.value));
      }
    }
    const result = await insertAbsent(collection, mapped);
    this.record.counts[store] += result.inserted.length;
    this.record.skipped.alreadyPresent[store] += result.present;
    this.record.skipped.invalid[store] += result.invalid.length;
    for (const document of result.invalid) this.keep(store, document.id, toPlainJson(document));
    return result.inserted;
  }

  /** Keeps an unmappable document of a rider store, up to the limit. */
  private keep(store: CopiedStore, key: unknown, value: unknown): void {
    if (riderStores.includes(store) && this.unmapped.length < maximumUnmappedKept) {
      this.unmapped.push({ store, key, value });
    }
  }
}

/** Drops cached trip plans with an outdated generic name (requirements §core-5), counting them. */
function dropOutdatedTripPlans(contents: LegacyContents, record: LegacyMigrationRecord): void {
  contents.tripPlans = (contents.tripPlans ?? []).filter((legacyRecord) => {
    const name = isObject(legacyRecord.value) ? toText(legacyRecord.value.name, 10000) : null;
    if (name && isOutdatedGenericPlanName(name)) {
      record.skipped.outdatedTripPlans += 1;
      return false;
    }
    return true;
  });
}

/**
 * One context per device: keeps the most recently updated legacy record and counts the others
 * as invalid.
 */
function keepLatestTripContext(
  contents: LegacyContents,
  record: LegacyMigrationRecord,
  now: number,
): void {
  const contexts = (contents.tripContext ?? [])
    .map((legacyRecord) => ({ legacyRecord, mapped: mapTripContext(legacyRecord.value, now) }))
    .sort((a, b) => (b.mapped?.updatedAt ?? -1) - (a.mapped?.updatedAt ?? -1));
  contents.tripContext = contexts.slice(0, 1).map((entry) => entry.legacyRecord);
  record.skipped.invalid.tripContext += Math.max(0, contexts.length - 1);
}

/**
 * Copies every legacy store into the current database (trips with their track chunks), fills
 * in `record`, and returns the riders' documents that could not be mapped. Map tiles are
 * dropped: offline map regions replace them.
 */
async function copyLegacyContents(
  database: AppDatabase,
  contents: LegacyContents,
  record: LegacyMigrationRecord,
  now: number,
): Promise<UnmappedDocument[]> {
  const copier = new LegacyCopier(contents, record);
  await copier.copy('trails', database.trails, (legacyRecord) =>
    mapTrail(legacyRecord, legacyRecord.value),
  );
  await copier.copy('waypoints', database.waypoints, (legacyRecord) =>
    mapWaypoint(legacyRecord, legacyRecord.value, now),
  );
  const tripChunks = new Map<string, TrackChunk[]>();
  const insertedTrips = await copier.copy('trips', database.trips, (legacyRecord) => {
    const mapped = mapTrip(legacyRecord, legacyRecord.value, now);
    if (mapped) tripChunks.set(mapped.trip.id, mapped.chunks);
    return mapped?.trip ?? null;
  });
  // Chunks only for trips inserted now: a trip already present keeps its own track.
  const chunks = insertedTrips.flatMap((trip) => tripChunks.get(trip.id) ?? []);
  record.counts.trackChunks += (await insertAbsent(database.trackChunks, chunks)).inserted.length;
  await copier.copy('achievements', database.achievements, (legacyRecord) =>
    mapAchievement(legacyRecord, legacyRecord.value, now),
  );
  // Achievement progress is kept as records now (schemas/collections/moves.ts).
  await copier.copy('userAchievements', database.records, (legacyRecord) => {
    const progress = mapUserAchievement(legacyRecord.value, now);
    return progress
      ? (achievementProgressMove.convert(progress, 'pending') as RiderRecord | null)
      : null;
  });
  dropOutdatedTripPlans(contents, record);
  await copier.copy('tripPlans', database.tripPlans, (legacyRecord) =>
    mapTripPlan(legacyRecord, legacyRecord.value, now),
  );
  keepLatestTripContext(contents, record, now);
  await copier.copy('tripContext', database.tripContext, (legacyRecord) =>
    mapTripContext(legacyRecord.value, now),
  );
  record.skipped.mapTilesDropped = contents.mapTiles?.length ?? 0;
  return copier.unmapped;
}

/**
 * Runs the one-time legacy migration described at the top of this file, if the migrated flag
 * is absent. Returns the record stored as the flag, or null when it had already run.
 * Throws only when the current database cannot be written or the legacy one cannot be read;
 * then nothing is deleted and no flag is set, so the next start retries.
 */
export async function runLegacyMigration(
  database: AppDatabase,
  options: LegacyMigrationOptions = {},
): Promise<LegacyMigrationRecord | null> {
  if (await database.getLocal(legacyMigrationFlagId)) return null;
  const factory = options.indexedDB ?? globalThis.indexedDB;
  const legacyName = options.legacyDatabaseName ?? legacyOfflineDatabase.name;
  const now = (options.now ?? Date.now)();
  const record = emptyMigrationRecord(
    now,
    options.currentDatabaseIsNew === true || (await isDatabaseEmpty(database)),
  );

  const legacy = factory ? await openExistingDatabase(factory, legacyName) : null;
  if (legacy) {
    record.legacyDatabaseFound = true;
    let contents: LegacyContents;
    try {
      contents = await readLegacyDatabase(legacy);
    } finally {
      legacy.close();
    }
    const unmapped = await copyLegacyContents(database, contents, record, now);
    if (unmapped.length > 0) {
      await database.upsertLocal(legacyUnmappedDocumentsId, { keptAt: now, documents: unmapped });
    }
    await deleteDatabase(factory, legacyName);
  }

  await database.upsertLocal<LegacyMigrationRecord>(legacyMigrationFlagId, record);
  return record;
}
