/**
 * The rider's position for "near me" searches, asked of the browser's Geolocation API only when a
 * search says "near me" (the browser then shows its own permission prompt). Works offline: a
 * GPS fix needs no network.
 */
import { useEffect, useState } from 'react';
import type { RiderPosition } from './trail-search.ts';

/** Where the "near me" position stands, with the sentence to show the rider when it failed. */
export type RiderPositionState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; position: RiderPosition }
  | { status: 'failed'; message: string };

/** Shown when the rider (or the browser's settings) refused location access. */
export const LOCATION_REFUSED_MESSAGE =
  'Location access is turned off for this app, so trails are not sorted by distance from you. Allow location for this site in your browser settings, or name a town instead, like “atv near Mena”.';
/** Shown when the device could not work out where it is in time. */
export const LOCATION_UNAVAILABLE_MESSAGE =
  'Your location could not be found just now, so trails are not sorted by distance from you. Try again in the open, or name a town instead, like “atv near Mena”.';
/** Shown when the browser has no Geolocation API. */
export const LOCATION_UNSUPPORTED_MESSAGE =
  'This browser cannot share your location, so trails are not sorted by distance from you. Name a town instead, like “atv near Mena”.';

/** How long to wait for a fix (ms) and how old a cached one may be (ms). */
const LOCATE_TIMEOUT_MS = 15_000;
const LOCATE_MAX_AGE_MS = 5 * 60_000;

/**
 * Asks for the rider's position once while `wanted` is true; resets to idle when it turns
 * false, so a later "near me" asks again (the rider may have allowed access meanwhile).
 */
export function useRiderPosition(wanted: boolean): RiderPositionState {
  const [state, setState] = useState<RiderPositionState>({ status: 'idle' });
  const [wasWanted, setWasWanted] = useState(wanted);
  if (wanted !== wasWanted) {
    setWasWanted(wanted);
    setState(
      !wanted
        ? { status: 'idle' }
        : 'geolocation' in navigator
          ? { status: 'locating' }
          : { status: 'failed', message: LOCATION_UNSUPPORTED_MESSAGE },
    );
  }

  useEffect(() => {
    if (!wanted || !('geolocation' in navigator)) return;
    let current = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!current) return;
        setState({
          status: 'located',
          position: { longitude: position.coords.longitude, latitude: position.coords.latitude },
        });
      },
      (error) => {
        if (!current) return;
        setState({
          status: 'failed',
          message:
            error.code === error.PERMISSION_DENIED
              ? LOCATION_REFUSED_MESSAGE
              : LOCATION_UNAVAILABLE_MESSAGE,
        });
      },
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS },
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  // The first render with `wanted` already true starts out locating.
  if (wanted && state.status === 'idle') {
    return 'geolocation' in navigator
      ? { status: 'locating' }
      : { status: 'failed', message: LOCATION_UNSUPPORTED_MESSAGE };
  }
  return state;
}
