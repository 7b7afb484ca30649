/**
 * The client of the usage and admin-tool routes (sync-server/routes/analytics-routes.ts).
 * Usage batches go with a plain fetch that sends no cookie and no bearer token, so
 * the server could not tie a batch to an account even if it tried; the admin reads go through
 * `apiRequest` (bearer token, HttpError with the server's message, fetch TypeError offline).
 */
import type {
  AnalyticsRange,
  AnalyticsSummary,
  FleetOverview,
  UsageBatch,
} from '../../../schemas/analytics.ts';
import { apiRequest } from '../http/request.ts';

/** Statuses after which a batch is dropped instead of retried: the server will never take it. */
const refusedForGood = new Set([400, 413, 422]);

/**
 * Sends one usage batch to `POST /api/analytics/batches`. Resolves when the server counted it
 * (or had counted it before) or refused it for good; rejects on a network failure, a rate limit
 * or a server error, so the caller keeps the batch and tries again later.
 */
export async function sendUsageBatch(batch: UsageBatch): Promise<void> {
  const response = await fetch('/api/analytics/batches', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(batch),
    credentials: 'omit',
  });
  if (response.ok || refusedForGood.has(response.status)) return;
  throw new Error(`Usage batch not delivered: ${response.status}`);
}

/** Page views per day, top routes and feature counts of the last `days` days (admins). */
export function fetchAnalyticsSummary(days: AnalyticsRange): Promise<AnalyticsSummary> {
  return apiRequest<AnalyticsSummary>('GET', `/api/admin/analytics?days=${days}`, undefined, {
    bypassQueue: true,
  });
}

/** The installation's riders with their trips and garage vehicles (admins). */
export function fetchFleet(): Promise<FleetOverview> {
  return apiRequest<FleetOverview>('GET', '/api/admin/fleet', undefined, { bypassQueue: true });
}
