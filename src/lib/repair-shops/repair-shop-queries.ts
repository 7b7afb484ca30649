/**
 * How pages ask the repair-shop routes (repair-shop-api.ts) through TanStack Query, so each
 * one-shot call follows the query policy of requirements §core-9 (src/lib/http/query-client.ts).
 * A page using these sits inside `<OnlineQueries>`.
 */
import { useQuery } from '@tanstack/react-query';
import type { RepairShopSubmission } from '../../../schemas/repair-shops.ts';
import { fetchApprovedShops } from './repair-shop-api.ts';

/** Query keys of the repair-shop reads. */
export const repairShopQueryKeys = {
  /** The approved shops (public). */
  approved: ['repair-shops', 'approved'] as const,
  /** `username`'s own suggestions. */
  mine: (username: string) => ['repair-shops', 'mine', username] as const,
  /** The admin's review queue. */
  reviewQueue: ['repair-shops', 'review-queue'] as const,
};

/**
 * Fetches the approved shops while `online` and hands each fresh list to `keep` (the device's
 * copy, which the pages show), once per answer from the server.
 */
export function useApprovedShopsRefresh(
  online: boolean,
  keep: (shops: RepairShopSubmission[]) => Promise<void>,
) {
  return useQuery({
    queryKey: repairShopQueryKeys.approved,
    queryFn: async () => {
      const shops = await fetchApprovedShops();
      await keep(shops);
      return shops;
    },
    enabled: online,
  });
}
