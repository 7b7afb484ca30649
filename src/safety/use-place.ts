/**
 * Where a fix is, in the one sentence the emergency card, text and dispatcher script share
 * (src/lib/geo/place-description.ts): the gazetteer towns and county polygons (lazily loaded
 * with this chunk) and the trails and campgrounds on the device. Also a clock for fix ages and
 * the network state. Used by the emergency page and card.
 */
import { useEffect, useMemo, useState } from 'react';
import { useCampgrounds, useTrails } from '../db-react/hooks.ts';
import { describePlace, namedFeaturesOf } from '../lib/geo/place-description.ts';
import type { LocationFix } from '../lib/outdoor/emergency-message.ts';
import { loadPlaceLookup, type PlaceLookup } from '../lib/outdoor/place-lookup.ts';

/**
 * Where a fix is in words: "8.1 miles E of Mena (Polk County), 0.3 miles from …" and the
 * county containing it, when known.
 */
export interface PlaceDescription {
  description: string | null;
  county: string | null;
}

/** The place description of `fix`; nulls until the towns have loaded or without a fix. */
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
  const { trails } = useTrails();
  const { campgrounds } = useCampgrounds();
  const features = useMemo(() => namedFeaturesOf(trails, campgrounds), [trails, campgrounds]);
  const longitude = fix?.longitude;
  const latitude = fix?.latitude;
  // The screen re-renders every second for the fix age; describe only a new fix or new data.
  return useMemo(() => {
    if (longitude === undefined || latitude === undefined || !lookup) {
      return { description: null, county: null };
    }
    const parts = describePlace([longitude, latitude], { ...lookup, features });
    return { description: parts.sentence, county: parts.county };
  }, [longitude, latitude, lookup, features]);
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
