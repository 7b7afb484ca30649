/**
 * The one place the hunting area reads Wildlife Management Areas. Today they are public
 * waypoints of category `wma` (data/places/wmas.geojson, seeded by the server: 33 areas as
 * approximate interior points with a `waterfowl` flag); when WMAs move to their own catalogue,
 * only this hook changes.
 */
import { useMemo } from 'react';
import type { Waypoint } from '../../schemas/waypoints.ts';
import { useWaypoints } from '../db/hooks.ts';

/** A WMA as the hunting pages show it (a public waypoint row). */
export type Wma = Waypoint;

/** The WMAs on this device, by name; `isLoading` until the first read. */
export function useWmas(): { wmas: Wma[]; isLoading: boolean } {
  const { waypoints, isLoading } = useWaypoints({ category: 'wma' });
  const wmas = useMemo(
    () =>
      waypoints
        .filter((waypoint) => waypoint.ownerId === null)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [waypoints],
  );
  return { wmas, isLoading };
}
