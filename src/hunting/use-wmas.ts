/**
 * The hunting area's view of the Wildlife Management Areas catalogue (`wmas`, seeded from
 * data/places/wmas.geojson: 33 areas as approximate interior points with a `waterfowl` flag),
 * sorted by name for the finder and pickers.
 */
import { useMemo } from 'react';
import type { Wma } from '../../schemas/wmas.ts';
import { useWmas as useWmaCatalogue } from '../db-react/hooks.ts';

export type { Wma };

/** The WMAs on this device, by name; `isLoading` until the first read. */
export function useWmas(): { wmas: Wma[]; isLoading: boolean } {
  const { wmas, isLoading } = useWmaCatalogue();
  const sorted = useMemo(() => [...wmas].sort((a, b) => a.name.localeCompare(b.name)), [wmas]);
  return { wmas: sorted, isLoading };
}
