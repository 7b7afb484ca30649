/**
 * Which trail lines the map draws as open or closed today. A line's status comes from its
 * published season (src/lib/trail-season.ts `seasonStatus`):
 * open, closed until its opening day, or unknown, which the map draws as its own style so a
 * rider never reads "no published season" as open. A reported, unconfirmed window (likely open
 * or likely closed) is drawn as unknown too: the map shows only what a manager publishes.
 */
import type { Trail } from '../../schemas/trails.ts';
import { seasonStatus } from '../lib/trail-season.ts';
import type { TrailLineStatus } from './map-style.ts';

/**
 * Status of every USFS trail line (a trail with a `systemId`) whose season says open or
 * closed on `date`; lines with an unknown season are left out (drawn as unknown).
 */
export function trailLineStatuses(
  trails: readonly Pick<Trail, 'id' | 'systemId' | 'season'>[],
  date: Date,
): Record<string, TrailLineStatus> {
  const statuses: Record<string, TrailLineStatus> = {};
  for (const trail of trails) {
    if (!trail.systemId) continue;
    const status = seasonStatus(trail, date);
    if (status.state === 'open' || status.state === 'closed') statuses[trail.id] = status.state;
  }
  return statuses;
}
