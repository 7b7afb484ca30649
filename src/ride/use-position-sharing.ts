/**
 * Sends the rider's position to a group ride while they opted in (issue 17): the browser's
 * geolocation watch ([lon, lat] degrees, accuracy metres), at most one report every
 * `positionReportIntervalMs`, only while `active` (opted in, online, the ride not cancelled or
 * past). Stopping the watch stops the reports; the server keeps the last one until the rider
 * opts out. Returns a problem to show (permission refused, no GPS), or null.
 */
import { useEffect, useState } from 'react';
import { sendGroupRidePosition } from '../lib/group-rides/group-ride-api.ts';

/** Shortest time between two reports, ms: live enough for riders, light on battery and data. */
export const positionReportIntervalMs = 10_000;

/** Watches the position while `active` and reports it to ride `rideId`. */
export function usePositionSharing(rideId: string, active: boolean): string | null {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!active || !('geolocation' in navigator)) return;
    let lastSentAt = 0;
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        setProblem(null);
        const now = Date.now();
        if (now - lastSentAt < positionReportIntervalMs) return;
        lastSentAt = now;
        sendGroupRidePosition(rideId, {
          longitude: fix.coords.longitude,
          latitude: fix.coords.latitude,
          accuracyMeters: Math.min(fix.coords.accuracy, 100_000),
          recordedAt: Math.min(Math.round(fix.timestamp), now),
        }).catch(() => {
          // The next fix tries again; the page shows the connection state.
          lastSentAt = 0;
        });
      },
      (error) =>
        setProblem(
          error.code === error.PERMISSION_DENIED
            ? 'Location permission is off for this site, so your position is not shared.'
            : 'No position from this device yet.',
        ),
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [rideId, active]);
  if (!active) return null;
  if (!('geolocation' in navigator)) return 'This browser cannot read your position.';
  return problem;
}
