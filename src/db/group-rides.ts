/**
 * The device's copies of the group rides the rider organises or joined ("offline
 * copies for members"), in the local document `group-rides` (privacy policy: stored-data.ts).
 * A page reads them with no signal. This module only keeps them: the pages fetch the rider's
 * rides and each ride through the online-only API (src/lib/group-rides/group-ride-api.ts, via
 * TanStack Query) and store every answer here, as they do each event of a ride's stream. When a refreshed copy differs from the stored one in a way the rider
 * wants to hear about (time, meeting place, roster, cancelled), a `groupRideChanged`
 * notification is logged, keyed by the ride's `updatedAt` so one change is logged once. The
 * rider's own actions store their answer directly and so never notify them.
 */
import type { GroupRide } from '../../schemas/group-rides.ts';
import { formatDateTime } from '../lib/format.ts';
import { groupRideNotice } from '../lib/group-rides/group-ride-rules.ts';
import { map, type Observable } from 'rxjs';
import type { AppDatabase } from './database.ts';
import { modifyLocalDocument } from './local-document-write.ts';
import { addNotification } from './notifications.ts';
import { localDocumentData } from './local-document-write.ts';

/** Local document id of the copies. */
export const groupRidesDocumentId = 'group-rides';

/** One stored ride and when the device last received it (epoch ms). */
export interface StoredGroupRide {
  ride: GroupRide;
  savedAt: number;
}

/** The document: whose rides these are (username, and account id where known) and the rides. */
export interface StoredGroupRides {
  owner: string;
  ownerId: string | null;
  rides: StoredGroupRide[];
}

/** The signed-in rider the copies belong to. */
export interface GroupRideRider {
  username: string;
  id: string | null;
}

/** How a stored ride came to change: the rider's own action never notifies them. */
export type GroupRideSource = 'own-action' | 'refresh';

async function notifyChange(
  db: AppDatabase,
  previous: GroupRide | undefined,
  next: GroupRide,
  owner: string,
): Promise<void> {
  if (!previous || previous.updatedAt === next.updatedAt) return;
  const notice = groupRideNotice(previous, next, owner, formatDateTime);
  if (!notice) return;
  await addNotification(db, {
    id: `group-ride:${next.id}:${next.updatedAt}`,
    kind: 'groupRideChanged',
    title: notice.title,
    body: notice.body,
    link: `/group/${next.id}`,
  });
}

/**
 * Stores `fresh` copies for `owner` (a username). `complete` means `fresh` is every ride of the
 * rider (the server's list), so stored rides missing from it are dropped; otherwise only the
 * given rides are replaced, and one the rider is no longer a member of is dropped. Copies of
 * another owner (a previous rider of this device) are replaced without notifying anyone.
 * Resolves once stored and notified.
 */
export async function storeGroupRides(
  db: AppDatabase,
  { username: owner, id: ownerId }: GroupRideRider,
  fresh: readonly GroupRide[],
  {
    complete,
    source,
    now = Date.now(),
  }: { complete: boolean; source: GroupRideSource; now?: number },
): Promise<void> {
  let previous: StoredGroupRide[] = [];
  await modifyLocalDocument<StoredGroupRides>(db, groupRidesDocumentId, (current) => {
    previous = current?.owner === owner ? current.rides : [];
    const freshIds = new Set(fresh.map((ride) => ride.id));
    const kept = complete ? [] : previous.filter((entry) => !freshIds.has(entry.ride.id));
    const added = fresh
      .filter((ride) => ride.viewer.member)
      .map((ride) => ({ ride, savedAt: now }));
    return { owner, ownerId, rides: [...kept, ...added] };
  });
  if (source === 'own-action') return;
  for (const ride of fresh) {
    const before = previous.find((entry) => entry.ride.id === ride.id)?.ride;
    await notifyChange(db, before, ride, owner);
  }
}

/**
 * Stores the server's list of every ride of `rider` (GET /api/group-rides/mine): stored rides
 * missing from it are dropped, and changes someone else made are notified.
 */
export function storeFetchedGroupRides(
  db: AppDatabase,
  rider: GroupRideRider,
  rides: readonly GroupRide[],
): Promise<void> {
  return storeGroupRides(db, rider, rides, { complete: true, source: 'refresh' });
}

/**
 * For the achievements: the rides account `ownerId` organised or joined that were not cancelled,
 * from the device's copies; null when the copies belong to someone else or no rider signed in
 * on this device yet (the device cannot know then).
 */
export async function countGroupRidesTakenPart(
  db: AppDatabase,
  ownerId: string,
): Promise<number | null> {
  const document = await db.getLocal<StoredGroupRides>(groupRidesDocumentId);
  const stored = localDocumentData(document);
  if (!stored || stored.ownerId !== ownerId) return null;
  return stored.rides.filter((entry) => entry.ride.status !== 'cancelled').length;
}

/** The device's copies of group rides on every change; null until a first answer was kept. */
export function observeStoredGroupRides(db: AppDatabase): Observable<StoredGroupRides | null> {
  return db
    .getLocal$<StoredGroupRides>(groupRidesDocumentId)
    .pipe(map((document) => localDocumentData(document)));
}
