/**
 * The repair-shop routes of the server (sync-server/routes/repair-shop-routes.ts).
 * Every call needs a connection; each throws HttpError for a refused request (its message is
 * the server's) and the fetch TypeError when offline.
 */
import type { RepairShopSubmission, RepairShopSuggestion } from '../../../schemas/repair-shops.ts';
import { apiRequest } from '../http/request.ts';

/** Approved shops, newest review first (anyone). */
export async function fetchApprovedShops(): Promise<RepairShopSubmission[]> {
  const answer = await apiRequest<{ shops: RepairShopSubmission[] }>(
    'GET',
    '/api/repair-shops',
    undefined,
    { bypassQueue: true },
  );
  return answer.shops;
}

/** Sends a signed-in rider's suggestion; resolves to it, pending review. */
export async function suggestShop(shop: RepairShopSuggestion): Promise<RepairShopSubmission> {
  const answer = await apiRequest<{ submission: RepairShopSubmission }>(
    'POST',
    '/api/repair-shops/suggestions',
    shop,
  );
  return answer.submission;
}

/** The signed-in rider's suggestions with their reviews, newest first. */
export async function fetchMySuggestions(): Promise<RepairShopSubmission[]> {
  const answer = await apiRequest<{ submissions: RepairShopSubmission[] }>(
    'GET',
    '/api/repair-shops/suggestions/mine',
    undefined,
    { bypassQueue: true },
  );
  return answer.submissions;
}

/** Suggestions waiting for review, oldest first (admins). */
export async function fetchReviewQueue(): Promise<RepairShopSubmission[]> {
  const answer = await apiRequest<{ submissions: RepairShopSubmission[] }>(
    'GET',
    '/api/admin/repair-shop-suggestions',
    undefined,
    { bypassQueue: true },
  );
  return answer.submissions;
}

/** Approves, or rejects with the reason the rider will see (admins). */
export async function reviewShop(
  id: string,
  decision: 'approve' | 'reject',
  reason: string | null,
): Promise<RepairShopSubmission> {
  const answer = await apiRequest<{ submission: RepairShopSubmission }>(
    'POST',
    `/api/admin/repair-shop-suggestions/${encodeURIComponent(id)}/review`,
    { decision, reason },
  );
  return answer.submission;
}
