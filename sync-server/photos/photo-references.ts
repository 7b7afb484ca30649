/**
 * Which photos may be served, learnt from the stored documents that refer to them
 * (user-documents.ts rows): a photo is public while a trail report that is not hidden refers to it
 * through a photo entry that is not hidden (schemas/photos.ts `PhotoReference`, by its full or
 * thumbnail hash); a photo only the rider's own waypoints or trips refer to is theirs alone.
 * Anything else (a hidden report, a hidden photo, a photo nobody refers to yet) is not served.
 */
import type { Kysely } from 'kysely';
import { allCollections } from '../../schemas/collections/index.ts';
import type { PhotoReference } from '../../schemas/photos.ts';
import type { ServerDatabase } from '../storage/database.ts';

/** Collections whose photos everyone sees (trail reports): their descriptors say `photos: 'public'`. */
export const publicPhotoCollections = collectionNamesWithPhotos('public');

/** Collections whose photos only their rider sees (waypoints, trips). */
export const ownPhotoCollections = collectionNamesWithPhotos('owner');

function collectionNamesWithPhotos(seenBy: 'public' | 'owner'): string[] {
  return allCollections
    .filter((descriptor) => descriptor.photos === seenBy)
    .map((descriptor) => descriptor.name);
}

/** Who may see a photo: everyone, only the rider asking, or nobody. */
export type PhotoVisibility = 'public' | 'owner' | 'none';

/** Whether a stored document's JSON refers to `hash` through a photo entry that is not hidden. */
function refersVisibly(data: string, hash: string): boolean {
  let document: { hidden?: unknown; photos?: unknown };
  try {
    document = JSON.parse(data) as typeof document;
  } catch {
    return false;
  }
  if (document.hidden === true || !Array.isArray(document.photos)) return false;
  return (document.photos as Partial<PhotoReference>[]).some(
    (photo) =>
      photo !== null &&
      typeof photo === 'object' &&
      photo.hidden !== true &&
      (photo.hash === hash || photo.thumbnailHash === hash),
  );
}

/**
 * Who may see the photo `hash` (64 lower-case hex digits, checked by the caller): 'public' when a
 * visible trail report shows it, 'owner' when `viewerId`'s own waypoint or trip does, else 'none'.
 * The hash is searched in the documents' text first, so only the few documents naming it are read.
 */
export async function photoVisibility(
  db: Kysely<ServerDatabase>,
  hash: string,
  viewerId: string | null,
): Promise<PhotoVisibility> {
  const pattern = `%${hash}%`;
  const reports = await db
    .selectFrom('user_documents')
    .select('data')
    .where('collection', 'in', publicPhotoCollections)
    .where('deleted', '=', 0)
    .where('data', 'like', pattern)
    .execute();
  if (reports.some((row) => refersVisibly(row.data, hash))) return 'public';
  if (viewerId === null) return 'none';
  const own = await db
    .selectFrom('user_documents')
    .select('data')
    .where('owner_id', '=', viewerId)
    .where('collection', 'in', ownPhotoCollections)
    .where('deleted', '=', 0)
    .where('data', 'like', pattern)
    .execute();
  return own.some((row) => refersVisibly(row.data, hash)) ? 'owner' : 'none';
}
