/**
 * The live state of one group ride for its page: the device's stored copy at once
 * (so the page opens with no signal), then, while online and signed in, the server's copy (a
 * read with the query policy, so a dropped packet is retried) and the ride's event stream
 * (`ride` and, for members, `positions`), reconnecting with the shared backoff when it drops.
 * Every copy a member receives is stored (src/db/group-rides.ts), which also logs a
 * notification when someone else changed the ride. Needs `<OnlineQueries>` above it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../lib/auth/session-context.tsx';
import type { GroupRide, GroupRidePosition } from '../../schemas/group-rides.ts';
import { storeGroupRides, type GroupRideRider } from '../db/group-rides.ts';
import { useStoredGroupRides } from '../db-react/group-rides.ts';
import { useOptionalDatabase } from '../db-react/provider.tsx';
import { fetchGroupRide, groupRideProblemText } from '../lib/group-rides/group-ride-api.ts';
import { followGroupRide } from '../lib/group-rides/group-ride-stream.ts';
import { groupRideQueryKeys } from '../lib/group-rides/group-ride-queries.ts';
import { retryDelayMs } from '../lib/http/backoff.ts';

/** What the ride page shows. */
export interface GroupRideState {
  ride: GroupRide | null;
  /** When the device last received this ride (epoch ms); null when it is not stored. */
  savedAt: number | null;
  positions: GroupRidePosition[];
  /** Why the ride could not be loaded (unknown id, no signal and no copy), or null. */
  problem: string | null;
  /** Shows and stores the answer of the rider's own action (no notification). */
  applyOwnAction: (ride: GroupRide) => void;
}

function useRideStream(
  id: string,
  enabled: boolean,
  onRide: (ride: GroupRide) => void,
  onPositions: (positions: GroupRidePosition[]) => void,
) {
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      followGroupRide(
        id,
        (event) => {
          attempt = 0;
          if (event.type === 'ride') onRide(event.ride);
          else onPositions(event.positions);
        },
        controller.signal,
      )
        .catch(() => undefined)
        .finally(() => {
          if (controller.signal.aborted) return;
          timer = setTimeout(connect, retryDelayMs(attempt));
          attempt += 1;
        });
    };
    connect();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [id, enabled, onRide, onPositions]);
}

/**
 * The later of two copies of a ride (by `updatedAt`; the received one on a tie, as it also
 * carries the rider's latest own action), or null when there is none.
 */
function newerCopy(received: GroupRide | undefined, stored: GroupRide | undefined) {
  if (!received || !stored) return received ?? stored ?? null;
  return stored.updatedAt > received.updatedAt ? stored : received;
}

/**
 * The ride `id` as `rider` (null: signed out) sees it; `online` from the browser. The query
 * cache holds the newest copy received (fetched, streamed or the answer of the rider's own
 * action); the page shows it, or the device's stored copy when that is newer (refreshed by the
 * rider's list meanwhile).
 */
export function useGroupRide(
  id: string,
  rider: GroupRideRider | null,
  online: boolean,
): GroupRideState {
  const db = useOptionalDatabase();
  const queryClient = useQueryClient();
  const stored = useStoredGroupRides(rider?.username ?? null).rides.find(
    (entry) => entry.ride.id === id,
  );
  const [positions, setPositions] = useState<GroupRidePosition[]>([]);
  const username = rider?.username ?? null;
  const riderId = rider?.id ?? null;
  const queryKey = groupRideQueryKeys.ride(id, username ?? '');

  const keep = useCallback(
    (ride: GroupRide, source: 'own-action' | 'refresh') =>
      db && username !== null && (ride.viewer.member || source === 'own-action')
        ? storeGroupRides(db, { username, id: riderId }, [ride], { complete: false, source })
        : Promise.resolve(),
    [db, username, riderId],
  );

  const fetched = useQuery({
    queryKey,
    queryFn: async () => {
      const ride = await fetchGroupRide(id);
      // Kept before it is shown, as every other copy (see `receive`).
      await keep(ride, 'refresh').catch((error: unknown) =>
        console.error('Could not keep the group ride copy', error),
      );
      return ride;
    },
    enabled: online && username !== null,
  });

  // Answers are kept and shown in the order they arrived, one after the other.
  const received = useRef<Promise<void>>(Promise.resolve());
  const receive = useCallback(
    (ride: GroupRide, source: 'own-action' | 'refresh') => {
      const show = () => {
        queryClient.setQueryData(groupRideQueryKeys.ride(id, username ?? ''), ride);
        if (!ride.viewer.member) setPositions([]);
      };
      // Shown once kept, so what the page shows (a cancellation, say) is what it opens with
      // after a reload with no signal. A failed write still shows the answer.
      received.current = received.current
        .then(() => keep(ride, source))
        .catch((error: unknown) => console.error('Could not keep the group ride copy', error))
        .then(show);
    },
    [keep, queryClient, id, username],
  );
  const onStreamRide = useCallback((ride: GroupRide) => receive(ride, 'refresh'), [receive]);

  useRideStream(id, online && username !== null, onStreamRide, setPositions);

  const ride = newerCopy(fetched.data, stored?.ride);
  const problem = fetched.error ? groupRideProblemText(fetched.error) : null;
  return {
    ride,
    savedAt: stored?.savedAt ?? null,
    positions: ride?.viewer.member ? positions : [],
    problem: ride ? null : problem,
    applyOwnAction: useCallback((next: GroupRide) => receive(next, 'own-action'), [receive]),
  };
}

/** The signed-in rider as the group-ride copies name them, or null when signed out. */
export function useGroupRideRider(): GroupRideRider | null {
  const session = useSession();
  const username = session.status === 'signedIn' ? (session.user?.username ?? null) : null;
  const id = session.user?.id ?? null;
  // One object per rider, so effects keyed on it do not rerun every render.
  return useMemo(() => (username === null ? null : { username, id }), [username, id]);
}

/** The current time (epoch ms), renewed every `intervalMs`, for ages that grow while shown. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
