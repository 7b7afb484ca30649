/**
 * What waits to reach the server (requirements §core-4 "Offline": trips and trip plans created
 * offline have status pending and count as pending sync). Counted from the database, so the
 * number is right before the sync engine starts and while signed out.
 */
import { combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs';
import { LOCAL_USER_ID } from '../../schemas/identity.ts';
import type { AppDatabase } from './database.ts';

/**
 * Number of rider-made documents the server does not have yet, live: trips and trip plans with
 * status 'pending', plus rider waypoints and trail reports still holding a temp- id (they
 * carry no status; a temp- id means the server has never seen them) and rider waypoints the
 * server has not sent back yet (owner still `LOCAL_USER_ID`). Track chunks and the trip context
 * travel with their trip and are not counted separately. (A find rather than RxDB's count():
 * `status` is not indexed, and count() refuses non-indexed selectors.)
 */
export function observePendingSyncCount(db: AppDatabase): Observable<number> {
  const pendingTrips = db.trips.find({ selector: { status: 'pending' } }).$;
  const pendingPlans = db.tripPlans.find({ selector: { status: 'pending' } }).$;
  // A promoted waypoint keeps the device's owner until the server's copy comes back with the
  // rider's: until then the server may not hold it yet.
  const waitingWaypoints = db.waypoints.find({
    selector: { $or: [{ id: { $regex: '^temp-' } }, { ownerId: LOCAL_USER_ID }] },
  }).$;
  const tempReports = db.trailReports.find({ selector: { id: { $regex: '^temp-' } } }).$;
  return combineLatest([pendingTrips, pendingPlans, waitingWaypoints, tempReports]).pipe(
    map(
      ([trips, plans, waypoints, reports]) =>
        trips.length + plans.length + waypoints.length + reports.length,
    ),
    distinctUntilChanged(),
  );
}
