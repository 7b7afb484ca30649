/**
 * Trips and their track points (schemas/trips.ts, schemas/track-chunks.ts; requirements §core-3
 * "Trip", §core-4 "Offline"): creating a recorded trip with a `temp-` id and status pending,
 * writing its points in small chunks as they arrive, the recording session that lets a reload or
 * crash resume the same trip, finishing, deleting, and importing GPX tracks, routes and waypoints.
 *
 * Durability: points are buffered and written every FLUSH_EVERY_POINTS points or
 * FLUSH_INTERVAL_MS, whichever comes first, so a killed tab loses at most a few seconds. Each
 * flush rewrites the chunk in progress (at most TRACK_CHUNK_POINTS points), the trip's running
 * totals and the recording session in that order; on resume, points stored after the last
 * session write are replayed into the statistics, so the totals always match the points.
 */
import { LOCAL_USER_ID, newTempId } from '../../schemas/identity.ts';
import { trackChunkId, type TrackChunk, type TrackPoint } from '../../schemas/track-chunks.ts';
import type { Trip } from '../../schemas/trips.ts';
import type { Waypoint } from '../../schemas/waypoints.ts';
import {
  addFixToStats,
  boundingBox,
  emptyTrackStats,
  toTripStatistics,
  type Fix,
  type TrackStatsState,
} from '../lib/geo/track-stats.ts';
import type { GpxContents } from '../lib/gpx/gpx-import.ts';
import type {
  InterruptedTripSummary,
  RecordingSessionSnapshot,
  RecordingStorePort,
  ResumedTripState,
} from '../lib/recording/recording-storage.ts';
import type { AppDatabase } from './database.ts';
import { modifyLocalDocument } from './local-document-write.ts';
import { recordFeatureUse } from './usage-queue.ts';

/** Points per chunk document: one minute at 1 Hz, small enough to rewrite on every flush. */
export const TRACK_CHUNK_POINTS = 60;
/** Buffered points are written after this many… */
export const FLUSH_EVERY_POINTS = 5;
/** …or after this long (ms), whichever comes first. */
export const FLUSH_INTERVAL_MS = 5000;
/** A stored point from a fix. */
export function fixToPoint(fix: Fix): TrackPoint {
  return [fix.longitude, fix.latitude, fix.elevation, fix.time, fix.accuracy];
}

/** A fix from a stored point (time 0 when the point has none). */
export function pointToFix(point: TrackPoint): Fix {
  return {
    longitude: point[0],
    latitude: point[1],
    elevation: point[2],
    time: point[3] ?? 0,
    accuracy: point[4],
  };
}

/** Default trip name from its start time, e.g. "Ride on Nov 20, 2026 at 14:05". */
export function defaultTripName(startedAt: number): string {
  const date = new Date(startedAt);
  const day = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const time = date.toLocaleTimeString('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  return `Ride on ${day} at ${time}`;
}

function plainTrip(document: { toJSON(): unknown }): Trip {
  return document.toJSON() as Trip;
}

/** Inputs of `createRecordedTrip`. Times epoch ms. */
export interface NewRecordedTrip {
  name?: string | null;
  trailId?: string | null;
  vehicleType?: string | null;
  startedAt: number;
}

/**
 * Inserts a trip being recorded: `temp-` id, status pending (requirements §core-4 "Offline"),
 * recordingState 'recording', zero statistics. Resolves to the stored trip.
 */
export async function createRecordedTrip(db: AppDatabase, input: NewRecordedTrip): Promise<Trip> {
  const now = Date.now();
  const trip: Trip = {
    id: newTempId(now),
    userId: LOCAL_USER_ID,
    name: input.name?.trim() || defaultTripName(input.startedAt),
    trailId: input.trailId ?? null,
    vehicleType: input.vehicleType ?? null,
    source: 'recorded',
    recordingState: 'recording',
    status: 'pending',
    startedAt: input.startedAt,
    endedAt: null,
    distanceMiles: 0,
    movingTimeMs: 0,
    elapsedTimeMs: 0,
    averageSpeedMph: 0,
    maxSpeedMph: 0,
    elevationGainFeet: 0,
    elevationLossFeet: 0,
    trackPointCount: 0,
    bbox: null,
    notes: null,
    createdAt: now,
    updatedAt: now,
  };
  const inserted = await db.trips.insert(trip);
  return plainTrip(inserted);
}

/** Every stored point of a trip in order (chunks by sequence). */
export async function readTrackPoints(db: AppDatabase, tripId: string): Promise<TrackPoint[]> {
  const chunks = await db.trackChunks
    .find({ selector: { tripId }, sort: [{ sequence: 'asc' }] })
    .exec();
  return chunks.flatMap((chunk) => (chunk.toJSON() as TrackChunk).points as TrackPoint[]);
}

/** A trip by id, or null. */
export async function readTrip(db: AppDatabase, tripId: string): Promise<Trip | null> {
  const document = await db.trips.findOne(tripId).exec();
  return document ? plainTrip(document) : null;
}

/** The trip fields that follow from the statistics (miles, mph, feet, ms). */
export function tripStatisticsFields(
  stats: TrackStatsState,
  elapsedTimeMs: number,
): Pick<
  Trip,
  | 'distanceMiles'
  | 'movingTimeMs'
  | 'elapsedTimeMs'
  | 'averageSpeedMph'
  | 'maxSpeedMph'
  | 'elevationGainFeet'
  | 'elevationLossFeet'
  | 'trackPointCount'
> {
  const statistics = toTripStatistics(stats);
  return {
    distanceMiles: statistics.distanceMiles,
    movingTimeMs: Math.round(statistics.movingTimeMs),
    elapsedTimeMs: Math.max(0, Math.round(elapsedTimeMs)),
    averageSpeedMph: statistics.averageSpeedMph,
    maxSpeedMph: statistics.maxSpeedMph,
    elevationGainFeet: statistics.elevationGainFeet,
    elevationLossFeet: statistics.elevationLossFeet,
    trackPointCount: statistics.pointCount,
  };
}

/** Writes points of one trip to trackChunks in small chunks (see the file comment). */
export interface TrackWriter {
  readonly tripId: string;
  /** Points accepted so far, stored or buffered. */
  readonly pointCount: number;
  /** Buffers a point; resolves once it is stored if this append triggered a flush, else at once. */
  append(point: TrackPoint): Promise<void>;
  /** Stores every buffered point; resolves when they are durable. */
  flush(): Promise<void>;
  /** Stops the flush timer after a final flush. */
  close(): Promise<void>;
}

/** Options of `createTrackWriter`. */
export interface TrackWriterOptions {
  /** Points already stored for this trip (a resumed recording continues after them). */
  storedPointCount?: number;
  /** The last stored chunk, continued until it is full. */
  lastChunk?: { sequence: number; points: TrackPoint[] } | null;
  flushEveryPoints?: number;
  flushIntervalMs?: number;
  /** Runs after each chunk write, inside the write queue (trip totals, session). */
  afterFlush?: (pointCount: number) => Promise<void>;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

/** A writer appending points of `tripId` to trackChunks (see TrackWriter). */
export function createTrackWriter(
  db: AppDatabase,
  tripId: string,
  options: TrackWriterOptions = {},
): TrackWriter {
  const flushEvery = options.flushEveryPoints ?? FLUSH_EVERY_POINTS;
  let sequence = options.lastChunk?.sequence ?? 0;
  let chunkPoints: TrackPoint[] = [...(options.lastChunk?.points ?? [])];
  if (chunkPoints.length >= TRACK_CHUNK_POINTS) {
    sequence += 1;
    chunkPoints = [];
  }
  let pointCount = options.storedPointCount ?? 0;
  let buffered: TrackPoint[] = [];
  let queue: Promise<void> = Promise.resolve();

  const writeBuffered = async () => {
    if (buffered.length === 0) return;
    const pending = buffered;
    buffered = [];
    for (const point of pending) {
      chunkPoints.push(point);
      if (chunkPoints.length === TRACK_CHUNK_POINTS) {
        await db.trackChunks.upsert({
          id: trackChunkId(tripId, sequence),
          tripId,
          sequence,
          points: chunkPoints,
          updatedAt: Date.now(),
        });
        sequence += 1;
        chunkPoints = [];
      }
    }
    if (chunkPoints.length > 0) {
      await db.trackChunks.upsert({
        id: trackChunkId(tripId, sequence),
        tripId,
        sequence,
        points: [...chunkPoints],
        updatedAt: Date.now(),
      });
    }
    await options.afterFlush?.(pointCount);
  };

  const flush = () => {
    queue = queue.catch(() => undefined).then(writeBuffered);
    return queue;
  };

  const startTimer =
    options.setInterval ?? ((callback, ms) => globalThis.setInterval(callback, ms));
  const stopTimer =
    options.clearInterval ??
    ((handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>));
  const timer = startTimer(() => {
    if (buffered.length > 0) {
      flush().catch((error: unknown) => console.error('Track flush failed', error));
    }
  }, options.flushIntervalMs ?? FLUSH_INTERVAL_MS);

  return {
    tripId,
    get pointCount() {
      return pointCount;
    },
    append(point) {
      buffered.push(point);
      pointCount += 1;
      return buffered.length >= flushEvery ? flush() : Promise.resolve();
    },
    flush,
    async close() {
      stopTimer(timer);
      await flush();
    },
  };
}

/** Local document holding the recording in progress, for resuming after a reload or crash. */
export const recordingSessionDocumentId = 'recording-session';

/** What is persisted of a recording in progress, with when it was saved (epoch ms). */
export interface RecordingSession extends RecordingSessionSnapshot {
  savedAt: number;
}

/** Writes (replaces) the recording session. */
export async function writeRecordingSession(
  db: AppDatabase,
  session: RecordingSession,
): Promise<void> {
  await modifyLocalDocument<RecordingSession | { tripId: null }>(
    db,
    recordingSessionDocumentId,
    () => session,
  );
}

/** Clears the recording session (after finishing or discarding). */
export async function clearRecordingSession(db: AppDatabase): Promise<void> {
  await modifyLocalDocument<RecordingSession | { tripId: null }>(
    db,
    recordingSessionDocumentId,
    () => ({ tripId: null }),
  );
}

async function readRecordingSession(db: AppDatabase): Promise<RecordingSession | null> {
  const document = await db.getLocal<RecordingSession | { tripId: null }>(
    recordingSessionDocumentId,
  );
  if (!document) return null;
  const data = (document.toJSON() as unknown as { data: RecordingSession | { tripId: null } }).data;
  return data.tripId ? (data as RecordingSession) : null;
}

/** A recording that was interrupted (tab closed, crash) and can be resumed. */
export interface InterruptedRecording {
  trip: Trip;
  phase: 'recording' | 'paused';
}

/**
 * The interrupted recording, if any: the session's trip when it is not finished, else any trip
 * still in recordingState recording or paused (a session write lost in a crash). Null when none.
 */
export async function findInterruptedRecording(
  db: AppDatabase,
): Promise<InterruptedRecording | null> {
  const session = await readRecordingSession(db);
  if (session) {
    const trip = await readTrip(db, session.tripId);
    if (trip && trip.recordingState !== 'finished') return { trip, phase: session.phase };
  }
  const open = await db.trips
    .find({
      selector: { recordingState: { $in: ['recording', 'paused'] }, source: 'recorded' },
      sort: [{ startedAt: 'desc' }],
    })
    .exec();
  const trip = open[0] ? plainTrip(open[0]) : null;
  return trip ? { trip, phase: trip.recordingState === 'paused' ? 'paused' : 'recording' } : null;
}

/** Everything needed to continue a recording. */
export interface ResumedRecording {
  trip: Trip;
  stats: TrackStatsState;
  storedPointCount: number;
  lastChunk: { sequence: number; points: TrackPoint[] } | null;
}

/**
 * Loads a trip for resuming: the last persisted statistics, with every point stored after them
 * replayed, so nothing written before the crash is missing from the totals. Throws when the trip
 * does not exist.
 */
export async function loadRecordingForResume(
  db: AppDatabase,
  tripId: string,
): Promise<ResumedRecording> {
  const trip = await readTrip(db, tripId);
  if (!trip) throw new Error(`Trip ${tripId} no longer exists on this device`);
  const session = await readRecordingSession(db);
  const chunks = (
    await db.trackChunks.find({ selector: { tripId }, sort: [{ sequence: 'asc' }] }).exec()
  ).map((chunk) => chunk.toJSON() as TrackChunk);
  const points = chunks.flatMap((chunk) => chunk.points as TrackPoint[]);
  let stats =
    session && session.tripId === tripId && session.stats.pointCount <= points.length
      ? session.stats
      : emptyTrackStats();
  for (const point of points.slice(stats.pointCount)) {
    stats = addFixToStats(stats, pointToFix(point));
  }
  const last = chunks[chunks.length - 1];
  return {
    trip,
    stats,
    storedPointCount: points.length,
    lastChunk: last ? { sequence: last.sequence, points: last.points as TrackPoint[] } : null,
  };
}

/** Updates the running totals of a trip being recorded (and its recordingState). */
export async function updateRecordingTrip(
  db: AppDatabase,
  tripId: string,
  stats: TrackStatsState,
  elapsedTimeMs: number,
  recordingState: 'recording' | 'paused',
): Promise<void> {
  const document = await db.trips.findOne(tripId).exec();
  if (!document) return;
  await document.incrementalPatch({
    ...tripStatisticsFields(stats, elapsedTimeMs),
    recordingState,
    updatedAt: Date.now(),
  });
}

/**
 * Marks a trip finished with its final statistics, end time and bounding box, and clears the
 * recording session. Resolves to the stored trip; throws when the trip does not exist.
 */
export async function finishRecordedTrip(
  db: AppDatabase,
  tripId: string,
  stats: TrackStatsState,
  endedAt: number,
): Promise<Trip> {
  const document = await db.trips.findOne(tripId).exec();
  if (!document) throw new Error(`Trip ${tripId} no longer exists on this device`);
  const points = await readTrackPoints(db, tripId);
  const trip = plainTrip(document);
  const updated = await document.incrementalPatch({
    ...tripStatisticsFields(stats, endedAt - trip.startedAt),
    trackPointCount: points.length,
    recordingState: 'finished',
    endedAt,
    bbox: boundingBox(points),
    updatedAt: Date.now(),
  });
  await clearRecordingSession(db);
  recordFeatureUse(db, 'trip-recorded');
  return plainTrip(updated);
}

/** Deletes a trip, its track chunks and the waypoints imported with it. */
export async function deleteTrip(db: AppDatabase, tripId: string): Promise<void> {
  await db.trackChunks.find({ selector: { tripId } }).remove();
  await db.waypoints.find({ selector: { tripId } }).remove();
  await db.trips.findOne(tripId).remove();
  const session = await readRecordingSession(db);
  if (session?.tripId === tripId) await clearRecordingSession(db);
}

/** Renames a trip (trimmed, 1–200 characters). Throws on an empty name. */
export async function renameTrip(db: AppDatabase, tripId: string, name: string): Promise<void> {
  const trimmed = name.trim().slice(0, 200);
  if (!trimmed) throw new Error('A trip needs a name');
  const document = await db.trips.findOne(tripId).exec();
  await document?.incrementalPatch({ name: trimmed, updatedAt: Date.now() });
}

/** Statistics of a point list, replayed as if recorded (time-less routes get distance only). */
export function statisticsOfPoints(points: readonly TrackPoint[]): TrackStatsState {
  let stats = emptyTrackStats();
  const timed = points.every((point) => point[3] !== null);
  points.forEach((point, index) => {
    // Routes have no times: spacing them 1 s apart at a walking pace would invent speeds, so
    // distance is measured with a time that always reads as moving and speed is reset below.
    const fix = pointToFix(point);
    stats = addFixToStats(stats, timed ? fix : { ...fix, time: index * 1000, speed: 1 });
  });
  if (!timed) stats = { ...stats, movingTimeMs: 0, maxSpeedMps: 0, currentSpeedMps: 0 };
  return stats;
}

/** What an import stored. */
export interface GpxImportResult {
  tripIds: string[];
  waypointCount: number;
}

/** Points per chunk document of an imported line (written once, never appended to). */
const importChunkPoints = 600;

/**
 * One GPX track or route as an imported trip (temp- id from `now + lineIndex`) and its chunks.
 * Its name is the line's, else the file's for a one-line file, else the file name numbered;
 * times come from the points (a route has none, so it starts `now` and has no end).
 */
function importedTrip(
  contents: GpxContents,
  lineIndex: number,
  fileName: string,
  now: number,
): { trip: Trip; chunks: TrackChunk[] } {
  const line = contents.lines[lineIndex] as GpxContents['lines'][number];
  const points: TrackPoint[] = line.positions.map((position) => [
    position[0],
    position[1],
    position[2],
    position[3],
    null,
  ]);
  const stats = statisticsOfPoints(points);
  const times = points.map((point) => point[3]).filter((time): time is number => time !== null);
  const startedAt = times.length > 0 ? Math.min(...times) : now;
  const endedAt = times.length > 0 ? Math.max(...times) : null;
  const id = newTempId(now + lineIndex);
  const name =
    line.name ??
    (contents.lines.length === 1 ? contents.name : null) ??
    `${fileName.replace(/\.gpx$/i, '')}${contents.lines.length > 1 ? ` (${lineIndex + 1})` : ''}`;
  const trip: Trip = {
    id,
    userId: LOCAL_USER_ID,
    name: name.slice(0, 200) || 'Imported track',
    trailId: null,
    vehicleType: null,
    source: 'imported',
    recordingState: 'finished',
    status: 'pending',
    startedAt,
    endedAt,
    ...tripStatisticsFields(stats, endedAt !== null ? endedAt - startedAt : 0),
    trackPointCount: points.length,
    bbox: boundingBox(points),
    notes: [
      line.kind === 'route' ? 'Imported GPX route (no times).' : 'Imported GPX track.',
      line.description,
      contents.creator ? `Written by ${contents.creator}.` : null,
      `File: ${fileName}`,
    ]
      .filter(Boolean)
      .join(' ')
      .slice(0, 10000),
    createdAt: now,
    updatedAt: now,
  };
  const chunks: TrackChunk[] = [];
  for (
    let start = 0, sequence = 0;
    start < points.length;
    start += importChunkPoints, sequence += 1
  ) {
    chunks.push({
      id: trackChunkId(id, sequence),
      tripId: id,
      sequence,
      points: points.slice(start, start + importChunkPoints),
      updatedAt: now,
    });
  }
  return { trip, chunks };
}

/** The file's waypoints as the rider's own ('other' category), linked to `tripId` or to none. */
function importedWaypoints(
  contents: GpxContents,
  fileName: string,
  now: number,
  tripId: string | null,
): Waypoint[] {
  return contents.waypoints.map((waypoint, index) => ({
    id: newTempId(now + 1000 + index),
    ownerId: LOCAL_USER_ID,
    name: (waypoint.name ?? `Waypoint ${index + 1}`).slice(0, 200),
    category: 'other',
    description: waypoint.description?.slice(0, 4000) ?? null,
    longitude: waypoint.longitude,
    latitude: waypoint.latitude,
    elevationMetres: waypoint.elevation,
    trailId: null,
    tripId,
    county: null,
    region: null,
    waterfowl: null,
    locationConfidence: 'exact',
    sources: [`GPX import: ${fileName}`.slice(0, 500)],
    createdAt: now,
    updatedAt: now,
  }));
}

/**
 * Inserts trips, then chunks, then waypoints; if any insert fails (an error or a refused
 * document), removes everything of this import and rethrows, so a half-imported file never
 * shows up.
 */
async function insertImportAllOrNothing(
  db: AppDatabase,
  trips: Trip[],
  chunks: TrackChunk[],
  waypoints: Waypoint[],
): Promise<void> {
  try {
    for (const [collection, documents] of [
      [db.trips, trips],
      [db.trackChunks, chunks],
      [db.waypoints, waypoints],
    ] as const) {
      if (documents.length === 0) continue;
      const result = await (
        collection as unknown as {
          bulkInsert(documents: unknown[]): Promise<{ error: unknown[] }>;
        }
      ).bulkInsert(documents as unknown[]);
      if (result.error.length > 0) throw new Error('The device refused to store the import');
    }
  } catch (error) {
    const tripIds = trips.map((trip) => trip.id);
    await db.trackChunks.find({ selector: { tripId: { $in: tripIds } } }).remove();
    await db.trips.find({ selector: { id: { $in: tripIds } } }).remove();
    await db.waypoints.find({ selector: { id: { $in: waypoints.map((w) => w.id) } } }).remove();
    throw error;
  }
}

/**
 * Stores the tracks and routes of a parsed GPX file as imported trips (temp- ids, status
 * pending, finished) with their points, and its waypoints linked to the first trip (or to none).
 * All or nothing: if any write fails, what was written is removed and the error rethrown.
 */
export async function importGpxContents(
  db: AppDatabase,
  contents: GpxContents,
  fileName: string,
): Promise<GpxImportResult> {
  const now = Date.now();
  const imported = contents.lines.map((_line, lineIndex) =>
    importedTrip(contents, lineIndex, fileName, now),
  );
  const trips = imported.map((entry) => entry.trip);
  const chunks = imported.flatMap((entry) => entry.chunks);
  const waypoints = importedWaypoints(contents, fileName, now, trips[0]?.id ?? null);
  await insertImportAllOrNothing(db, trips, chunks, waypoints);
  recordFeatureUse(db, 'gpx-imported');
  return { tripIds: trips.map((trip) => trip.id), waypointCount: waypoints.length };
}

/** Waypoints stored with a trip (imported with it), by name. */
export async function readTripWaypoints(db: AppDatabase, tripId: string): Promise<Waypoint[]> {
  const documents = await db.waypoints.find({ selector: { tripId } }).exec();
  return documents
    .map((document) => document.toJSON() as Waypoint)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The recording machine's storage port as the app database implements it, plus a way to wait
 * for the writes (tests, benchmarks) and an explicit end time for finishing.
 */
export interface RecordingStore extends RecordingStorePort {
  finish(tripId: string, stats: TrackStatsState, endedAt?: number): Promise<{ tripId: string }>;
  /** Resolves when every write so far is stored. */
  whenIdle(): Promise<void>;
}

/** Options of `createRecordingStore` (timers injectable for tests). */
export interface RecordingStoreOptions {
  flushEveryPoints?: number;
  flushIntervalMs?: number;
  now?: () => number;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

/**
 * The state behind `createRecordingStore`: the open track writer, the latest session the
 * machine reported, which trip phase is already written, and one promise chain so writes
 * happen in the order they were asked for.
 */
class DatabaseRecordingStore {
  private readonly now: () => number;
  private writer: TrackWriter | null = null;
  private latest: RecordingSessionSnapshot | null = null;
  private writtenPhase: string | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: AppDatabase,
    private readonly options: RecordingStoreOptions,
  ) {
    this.now = options.now ?? (() => Date.now());
  }

  /** The interrupted recording, summarised for the "resume or finish" prompt. */
  async findInterrupted(): Promise<InterruptedTripSummary | null> {
    const interrupted = await findInterruptedRecording(this.db);
    if (!interrupted) return null;
    return {
      tripId: interrupted.trip.id,
      name: interrupted.trip.name,
      startedAt: interrupted.trip.startedAt,
      distanceMiles: interrupted.trip.distanceMiles,
      phase: interrupted.phase,
    };
  }

  /** Creates the trip and opens its writer. */
  async begin(input: Parameters<RecordingStorePort['begin']>[0]) {
    const trip = await createRecordedTrip(this.db, input);
    this.openWriter(trip.id, null);
    return { tripId: trip.id, name: trip.name };
  }

  /** Reopens an interrupted trip where its stored points end, paused if it was paused. */
  async resume(tripId: string): Promise<ResumedTripState> {
    const resumed = await loadRecordingForResume(this.db, tripId);
    this.openWriter(tripId, resumed);
    const phase = resumed.trip.recordingState === 'paused' ? 'paused' : 'recording';
    const { startedAt } = resumed.trip;
    this.latest = {
      tripId,
      phase,
      pausedBy: phase === 'paused' ? 'rider' : null,
      startedAt,
      stats: resumed.stats,
    };
    const { name, trailId } = resumed.trip;
    return { tripId, name, trailId, startedAt, stats: resumed.stats, phase };
  }

  /** Buffers a point for the open trip; rejects when no writer is open for that trip. */
  appendPoint(fix: Fix, session: RecordingSessionSnapshot): Promise<void> {
    this.latest = session;
    const current = this.writer;
    if (!current || current.tripId !== session.tripId) {
      return Promise.reject(new Error(`No recording open for trip ${session.tripId}`));
    }
    return this.enqueue(() => current.append(fixToPoint(fix)));
  }

  /** Writes the session at once when its phase changed; otherwise it goes with the next flush. */
  saveSession(session: RecordingSessionSnapshot): Promise<void> {
    this.latest = session;
    if (this.writtenPhase === `${session.tripId}:${session.phase}`) return Promise.resolve();
    return this.enqueue(async () => {
      if (this.writer && this.writer.tripId === session.tripId) await this.writer.flush();
      await this.writeSession();
    });
  }

  /** Flushes and closes the writer, then marks the trip finished at `endedAt` (default now). */
  finish(tripId: string, stats: TrackStatsState, endedAt?: number) {
    return this.enqueue(async () => {
      if (this.writer?.tripId === tripId) {
        await this.writer.close();
        this.writer = null;
      }
      await finishRecordedTrip(this.db, tripId, stats, endedAt ?? this.now());
      this.latest = null;
      this.writtenPhase = null;
    }).then(() => ({ tripId }));
  }

  /** Finishes an interrupted trip at its last stored point. */
  closeInterrupted(tripId: string): Promise<void> {
    return this.enqueue(async () => {
      const resumed = await loadRecordingForResume(this.db, tripId);
      const lastTime = resumed.stats.last?.time ?? resumed.trip.startedAt;
      await finishRecordedTrip(this.db, tripId, resumed.stats, lastTime);
    });
  }

  /** Resolves when every write so far is stored. */
  whenIdle(): Promise<void> {
    return this.enqueue(async () => {
      await this.writer?.flush();
    });
  }

  /** Writes the trip's running totals and the session (after each chunk write, see above). */
  private async writeSession(): Promise<void> {
    const session = this.latest;
    if (!session) return;
    const lastTime = session.stats.last?.time ?? this.now();
    await updateRecordingTrip(
      this.db,
      session.tripId,
      session.stats,
      Math.max(lastTime, this.now()) - session.startedAt,
      session.phase,
    );
    await writeRecordingSession(this.db, { ...session, savedAt: this.now() });
    this.writtenPhase = `${session.tripId}:${session.phase}`;
  }

  /** Closes the previous writer and opens one for `tripId`, continuing after `stored` points. */
  private openWriter(
    tripId: string,
    stored: { storedPointCount: number; lastChunk: ResumedRecording['lastChunk'] } | null,
  ): TrackWriter {
    const { options } = this;
    const previous = this.writer;
    if (previous) void previous.close();
    this.writer = createTrackWriter(this.db, tripId, {
      storedPointCount: stored?.storedPointCount ?? 0,
      lastChunk: stored?.lastChunk ?? null,
      ...(options.flushEveryPoints !== undefined
        ? { flushEveryPoints: options.flushEveryPoints }
        : {}),
      ...(options.flushIntervalMs !== undefined
        ? { flushIntervalMs: options.flushIntervalMs }
        : {}),
      ...(options.setInterval ? { setInterval: options.setInterval } : {}),
      ...(options.clearInterval ? { clearInterval: options.clearInterval } : {}),
      afterFlush: () => this.writeSession(),
    });
    return this.writer;
  }

  /** Runs `task` after every earlier write, whether that one failed or not. */
  private enqueue(task: () => Promise<void>): Promise<void> {
    this.chain = this.chain.catch(() => undefined).then(task);
    return this.chain;
  }
}

/**
 * The recording machine's storage over the app database. One writer per trip; the session and
 * the trip's running totals are written after each chunk write, so a crash leaves totals that
 * match the points (see the file comment).
 */
export function createRecordingStore(
  db: AppDatabase,
  options: RecordingStoreOptions = {},
): RecordingStore {
  const store = new DatabaseRecordingStore(db, options);
  return {
    findInterrupted: () => store.findInterrupted(),
    begin: (input) => store.begin(input),
    resume: (tripId) => store.resume(tripId),
    appendPoint: (fix, session) => store.appendPoint(fix, session),
    saveSession: (session) => store.saveSession(session),
    finish: (tripId, stats, endedAt) => store.finish(tripId, stats, endedAt),
    closeInterrupted: (tripId) => store.closeInterrupted(tripId),
    whenIdle: () => store.whenIdle(),
  };
}
