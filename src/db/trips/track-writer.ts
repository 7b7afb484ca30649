/**
 * The track writer: a recording's points written to trackChunks (schemas/track-chunks.ts) in
 * small chunks as they arrive (requirements §core-3 "Trip", §core-4 "Offline").
 *
 * Durability: points are buffered and written every FLUSH_EVERY_POINTS points or
 * FLUSH_INTERVAL_MS, whichever comes first, so a killed tab loses at most a few seconds. Each
 * flush rewrites the chunk in progress (at most TRACK_CHUNK_POINTS points), then runs the
 * caller's `afterFlush` (the recording store writes the trip's running totals and the session
 * there, in that order).
 */
import { trackChunkId, type TrackPoint } from '../../../schemas/track-chunks.ts';
import type { AppDatabase } from '../database.ts';

/** Points per chunk document: one minute at 1 Hz, small enough to rewrite on every flush. */
export const TRACK_CHUNK_POINTS = 60;
/** Buffered points are written after this many… */
export const FLUSH_EVERY_POINTS = 5;
/** …or after this long (ms), whichever comes first. */
export const FLUSH_INTERVAL_MS = 5000;

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
