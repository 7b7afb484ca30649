/**
 * Nearest town and county of a fix from the shipped data (lazily loaded with this chunk), and a
 * clock for fix ages. Used by the emergency page and card.
 */
import { useEffect, useState } from 'react';
import type { LocationFix } from '../lib/outdoor/emergency-message.ts';
import {
  countyAt,
  describeNearestTown,
  loadPlaceLookup,
  nearestTown,
  type PlaceLookup,
} from '../lib/outdoor/place-lookup.ts';

/** Where a fix is in words: "12.3 miles NE of Conway, Arkansas" and the county, when known. */
export interface PlaceDescription {
  nearTown: string | null;
  county: string | null;
}

/** The place description of `fix`; nulls until the data has loaded or without a fix. */
export function usePlace(fix: LocationFix | null): PlaceDescription {
  const [lookup, setLookup] = useState<PlaceLookup | null>(null);
  useEffect(() => {
    let cancelled = false;
    void loadPlaceLookup().then((loaded) => {
      if (!cancelled) setLookup(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  if (!fix || !lookup) return { nearTown: null, county: null };
  const point: [number, number] = [fix.longitude, fix.latitude];
  const town = nearestTown(point, lookup.towns);
  return {
    nearTown: town ? describeNearestTown(town) : null,
    county: countyAt(point, lookup.counties)?.name ?? null,
  };
}

/** Epoch ms, updated every `intervalMs` (default 1 s) while mounted. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Whether the browser reports a network connection, following online/offline events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}
