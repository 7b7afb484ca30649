/**
 * Waypoints a rider marks by hand (the scouting guide): stored with a `temp-` id and
 * the device's placeholder owner, so they work offline and the sync engine pushes and promotes
 * them like imported GPX waypoints. Public waypoints (WMAs) have `ownerId` null and
 * are never written here.
 */
import { map, type Observable } from 'rxjs';
import { ownDocumentMaxPhotos, type PhotoReference } from '../../schemas/photos.ts';
import type { Waypoint, WaypointCategory } from '../../schemas/waypoints.ts';
import type { AppDatabase } from './database.ts';
import { LOCAL_USER_ID, newTempId } from '../../schemas/identity.ts';

/** What the rider enters: a name (1-200 characters), a note, a position in decimal degrees. */
export interface RiderWaypointInput {
  name: string;
  description?: string | null;
  category?: WaypointCategory;
  longitude: number;
  latitude: number;
  /** How the position was obtained, kept in `sources` (e.g. "GPS fix ±12 m"). */
  positionSource: string;
  /** Photos prepared on this device (src/photos), at most 4; their upload is the caller's. */
  photos?: readonly PhotoReference[];
}

/** A RangeError for more photos than a waypoint holds. */
function checkPhotoCount(photos: readonly PhotoReference[]): void {
  if (photos.length > ownDocumentMaxPhotos) {
    throw new RangeError(`A waypoint holds at most ${ownDocumentMaxPhotos} photos`);
  }
}

/**
 * Stores a new rider waypoint and returns it. Throws a RangeError (and writes nothing) for an
 * empty name, a position outside WGS84 ranges or more than 4 photos.
 */
export async function createRiderWaypoint(
  db: AppDatabase,
  input: RiderWaypointInput,
  now: number = Date.now(),
): Promise<Waypoint> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) {
    throw new RangeError('A waypoint needs a name of 1 to 200 characters');
  }
  if (!(Math.abs(input.latitude) <= 90) || !(Math.abs(input.longitude) <= 180)) {
    throw new RangeError('The position is not a latitude and longitude');
  }
  const photos = input.photos ?? [];
  checkPhotoCount(photos);
  const description = input.description?.trim() ?? '';
  const waypoint: Waypoint = {
    id: newTempId(now),
    ownerId: LOCAL_USER_ID,
    name,
    category: input.category ?? 'other',
    description: description.length > 0 ? description.slice(0, 4000) : null,
    longitude: input.longitude,
    latitude: input.latitude,
    elevationMetres: null,
    trailId: null,
    tripId: null,
    county: null,
    region: null,
    waterfowl: null,
    locationConfidence: 'exact',
    sources: [`Marked by the rider: ${input.positionSource}`.slice(0, 500)],
    createdAt: now,
    updatedAt: now,
    ...(photos.length > 0 ? { photos: [...photos] } : {}),
  };
  await db.waypoints.insert(waypoint);
  return waypoint;
}

/**
 * Replaces the photos of the rider's waypoint `id` (offline too; the sync engine sends the
 * change) and resolves to the stored waypoint. Throws a RangeError for more than 4 photos, and an
 * Error for a waypoint that is not the rider's own or not on this device.
 */
export async function setRiderWaypointPhotos(
  db: AppDatabase,
  id: string,
  photos: readonly PhotoReference[],
  now: number = Date.now(),
): Promise<Waypoint> {
  checkPhotoCount(photos);
  const document = await db.waypoints.findOne(id).exec();
  if (!document || document.ownerId === null)
    throw new Error('That waypoint is not on this device');
  const updated = await document.incrementalPatch({ photos: [...photos], updatedAt: now });
  return updated.toJSON() as Waypoint;
}

/** Removes one of the rider's waypoints (public waypoints are left alone). */
export async function removeRiderWaypoint(db: AppDatabase, id: string): Promise<void> {
  const document = await db.waypoints.findOne(id).exec();
  if (document && document.ownerId !== null) await document.remove();
}

/** The rider's own waypoints on this device (not linked to a trip), newest first. */
export function observeRiderWaypoints(db: AppDatabase): Observable<Waypoint[]> {
  return db.waypoints
    .find({ selector: { ownerId: { $ne: null }, tripId: null } })
    .$.pipe(
      map((documents) =>
        documents
          .map((document) => document.toJSON() as Waypoint)
          .sort((a, b) => b.createdAt - a.createdAt),
      ),
    );
}
