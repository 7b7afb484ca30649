/**
 * How pages ask the group-ride routes (group-ride-api.ts) through TanStack Query, so every
 * one-shot call follows the query policy of requirements §core-9 (src/lib/http/query-client.ts:
 * reads retried, writes retried once, nothing sent with no signal). A page using these sits
 * inside `<OnlineQueries>`. What the device keeps of an answer is the caller's `keep`, run once
 * per answer that arrives from the server (never again for an answer read from the cache).
 */
import { useQuery } from '@tanstack/react-query';
import type { GroupRide } from '../../../schemas/group-rides.ts';
import { fetchMyGroupRides } from './group-ride-api.ts';

/** Query keys of the group-ride reads; each names the rider, so riders never share answers. */
export const groupRideQueryKeys = {
  /** Every group-ride read (to drop them all). */
  all: ['group-rides'] as const,
  /** The rides `username` organises or joined. */
  mine: (username: string) => ['group-rides', 'mine', username] as const,
  /** Ride `id` as `username` sees it. */
  ride: (id: string, username: string) => ['group-rides', 'ride', id, username] as const,
};

/**
 * Fetches the rides the signed-in rider `username` organises or joined while `enabled` (signed
 * in and online) and hands each fresh list to `keep` (the device's copies, which pages show).
 * Returns the query: `isPending` until a first answer, `error` when the retries ran out.
 */
export function useMyGroupRidesRefresh(
  username: string | null,
  enabled: boolean,
  keep: (rides: GroupRide[]) => Promise<void>,
) {
  return useQuery({
    queryKey: groupRideQueryKeys.mine(username ?? ''),
    queryFn: async () => {
      const rides = await fetchMyGroupRides();
      await keep(rides);
      return rides;
    },
    enabled: enabled && username !== null,
  });
}
