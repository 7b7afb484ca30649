/**
 * Which trail lines the map draws as open or closed today. A line's status comes from its
 * published season (src/lib/trail-season.ts `seasonStatus`):
 * open, closed until its opening day, or unknown, which the map draws as its own style so a
 * rider never reads "no published season" as open.
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
    if (status.state !== 'unknown') statuses[trail.id] = status.state;
  }
  return statuses;
}
