/**
 * The recording store: the recording machine's storage port (lib/recording/recording-storage.ts)
 * implemented over the app database (requirements §core-3 "Trip", §core-4 "Offline"). It creates
 * the recorded trip with a `temp-` id and status pending, writes its points through the track
 * writer, keeps the trip's running totals and the recording session, and finds and resumes a
 * recording that a reload or crash interrupted.
 *
 * After each chunk write the trip's running totals and then the recording session are written;
 * on resume, points stored after the last session write are replayed into the statistics, so
 * the totals always match the points.
 */
import { LOCAL_USER_ID, newTempId } from '../../../schemas/identity.ts';
import type { TrackChunk, TrackPoint } from '../../../schemas/track-chunks.ts';
import type { Trip } from '../../../schemas/trips.ts';
import {
  addFixToStats,
  emptyTrackStats,
  type Fix,
  type TrackStatsState,
} from '../../lib/geo/track-stats.ts';
import type {
  InterruptedTripSummary,
  RecordingSessionSnapshot,
  RecordingStorePort,
  ResumedTripState,
} from '../../lib/recording/recording-storage.ts';
import type { AppDatabase } from '../database.ts';
import { readRecordingSession, writeRecordingSession } from './recording-session.ts';
import { fixToPoint, pointToFix, tripStatisticsFields } from './track-statistics.ts';
import { createTrackWriter, type TrackWriter } from './track-writer.ts';
import { plainTrip, readTrip } from './trip-reads.ts';
import { finishRecordedTrip } from './trip-writes.ts';

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
