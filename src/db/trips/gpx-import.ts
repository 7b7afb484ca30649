/**
 * GPX import (requirements §core-3 "Trip"): the tracks and routes of a parsed GPX file
 * (lib/gpx/gpx-import.ts) stored as imported trips with their points, and its waypoints as the
 * rider's own, all or nothing. Imported trips are finished from the start, so this never touches
 * the recording session.
 */
import { LOCAL_USER_ID, newTempId } from '../../../schemas/identity.ts';
import { trackChunkId, type TrackChunk, type TrackPoint } from '../../../schemas/track-chunks.ts';
import type { Trip } from '../../../schemas/trips.ts';
import type { Waypoint } from '../../../schemas/waypoints.ts';
import { boundingBox } from '../../lib/geo/track-stats.ts';
import type { GpxContents } from '../../lib/gpx/gpx-import.ts';
import type { AppDatabase } from '../database.ts';
import { recordFeatureUse } from '../usage-queue.ts';
import { statisticsOfPoints, tripStatisticsFields } from './track-statistics.ts';

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
