/**
 * Sends the rider's position to a group ride while they opted in: the browser's
 * geolocation watch ([lon, lat] degrees, accuracy metres), at most one report every
 * `positionReportIntervalMs` (sooner after a failed one, backing off as
 * `nextPositionReportDelayMs` says), only while `active` (opted in, online, the ride not
 * cancelled or past). Stopping the watch stops the reports; the server keeps the last one until
 * the rider opts out. Each report is a mutation with the query policy (sent once more after a
 * dropped packet); one that still fails is replaced by a later fix rather than sent again.
 * Returns a problem to show (permission refused, no GPS), or null. Needs `<OnlineQueries>`.
 */
import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { GroupRidePositionReport } from '../../schemas/group-rides.ts';
import { sendGroupRidePosition } from '../lib/group-rides/group-ride-api.ts';
import {
  nextPositionReportDelayMs,
  positionReportIntervalMs,
} from '../lib/group-rides/group-ride-rules.ts';

/** Watches the position while `active` and reports it to ride `rideId`. */
export function usePositionSharing(rideId: string, active: boolean): string | null {
  const [problem, setProblem] = useState<string | null>(null);
  // mutateAsync is the same function for the component's life, so the watch keeps it.
  const { mutateAsync: sendReport } = useMutation({
    mutationFn: (position: GroupRidePositionReport) => sendGroupRidePosition(rideId, position),
  });
  useEffect(() => {
    if (!active || !('geolocation' in navigator)) return;
    let nextReportAt = 0;
    let failures = 0;
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        setProblem(null);
        const now = Date.now();
        if (now < nextReportAt) return;
        nextReportAt = now + positionReportIntervalMs;
        sendReport({
          longitude: fix.coords.longitude,
          latitude: fix.coords.latitude,
          accuracyMeters: Math.min(fix.coords.accuracy, 100_000),
          recordedAt: Math.min(Math.round(fix.timestamp), now),
        }).then(
          () => {
            failures = 0;
          },
          () => {
            // A later fix tries again, sooner than the interval; the page shows the connection.
            failures += 1;
            nextReportAt = Date.now() + nextPositionReportDelayMs(failures);
          },
        );
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
  }, [rideId, active, sendReport]);
  if (!active) return null;
  if (!('geolocation' in navigator)) return 'This browser cannot read your position.';
  return problem;
}
