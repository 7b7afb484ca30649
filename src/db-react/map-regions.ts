/**
 * React bindings of src/db/map-regions.ts: the offline map regions on this device and their
 * repository, for the map screens and the region store. The hooks subscribe to the repository's
 * reads through useObservable and call its writes; the storage rules live in the repository
 * module.
 */
import { useMemo } from 'react';
import type { MapRegion } from '../../schemas/map-regions.ts';
import { useDatabase } from './provider.tsx';
import { useObservable } from './use-observable.ts';
import {
  type MapRegionRepository,
  mapRegionRepository,
  observeMapRegions,
} from '../db/map-regions.ts';

/** Every map region on this device with its download state, statewide first then by name. */
export function useMapRegions(): { regions: MapRegion[]; isLoading: boolean } {
  const db = useDatabase();
  const source = useMemo(() => observeMapRegions(db), [db]);
  const { value, isLoading } = useObservable(source);
  return { regions: value ?? [], isLoading };
}

/** The repository for the app database of the current provider. */
export function useMapRegionRepository(): MapRegionRepository {
  const db = useDatabase();
  return useMemo(() => mapRegionRepository(db), [db]);
}
