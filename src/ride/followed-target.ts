/**
 * Which route the navigation page guides along, kept across a temp- trip's promotion to its
 * server id (requirements §voice-2.1 "Navigation for a trail"; temp- ids in DESIGN "sync").
 *
 * While the sync engine swaps a temp- trip for its server copy, the page's id changes and the
 * device's reads of the new id (the trail, the trip, its points, its waypoints) answer one by
 * one and in no fixed order. The route followed is the same throughout, so guidance (the
 * navigation actor with its off-route alarm and progress) must keep running instead of starting
 * over or flashing a loading state.
 */
import type { Trail } from '../../schemas/trails.ts';
import type { Trip } from '../../schemas/trips.ts';
import type { NavigationTarget } from '../machines/navigation-cues.ts';

/** The target guidance follows, kept under every id it has had. */
export interface FollowedTarget {
  /** The page ids this route has been shown under (a temp- id, then its server id). */
  ids: string[];
  /**
   * Identifies the route: `${trailId}:${kind}` for a trail, `trip:${createdAt}` for a trip
   * (the server copy keeps the temp- trip's createdAt, and no two trips share one).
   */
  key: string;
  target: NavigationTarget;
}

/** What the device found for the page's id so far (nulls while a read has not answered). */
export interface FoundTarget {
  target: NavigationTarget | null;
  trail: Trail | null;
  trip: Trip | null;
}

/**
 * The followed target after a render with page id `id`: the found target when it is a new
 * route, the previous one otherwise (also while the id's reads have not answered yet, as long
 * as the previous route was shown under this id), and the promoted server id added to its ids
 * as soon as it is known, so the page can move to it without losing the route. Null when the
 * id names nothing followed.
 */
export function followTarget(
  previous: FollowedTarget | null,
  id: string,
  promotedId: string | null,
  found: FoundTarget,
): FollowedTarget | null {
  const { target, trail, trip } = found;
  let next = previous;
  if (target) {
    const key = trail ? `${id}:${target.kind}` : `trip:${trip?.createdAt ?? id}`;
    // Compared by key, not by object: the reads hand out fresh arrays while they load, and a
    // new value on every render would never settle. The kept target is the same route.
    if (next?.key !== key || !next.ids.includes(id)) next = { ids: [id], key, target };
  } else if (next && !next.ids.includes(id)) {
    next = null;
  }
  if (next && promotedId && next.ids.includes(id) && !next.ids.includes(promotedId)) {
    next = { ...next, ids: [...next.ids, promotedId] };
  }
  return next;
}

/**
 * What the navigation page shows: guidance whenever a route is followed (even while some of
 * the id's reads are still loading, which during a promotion they are, one after another),
 * otherwise a loading state until every read has answered, then "nothing to navigate".
 */
export function navigationPageView(
  followed: FollowedTarget | null,
  loading: boolean,
): { show: 'guidance'; followed: FollowedTarget } | { show: 'loading' } | { show: 'nothing' } {
  if (followed) return { show: 'guidance', followed };
  return { show: loading ? 'loading' : 'nothing' };
}
