/**
 * The admin's trail report routes (sync-server/routes/trail-report-routes.ts). Both need a
 * connection; each throws HttpError for a refused request (its message is the server's) and the
 * fetch TypeError when offline. Riders never call these: their reports and votes travel with the
 * replication.
 */
import type { TrailReport } from '../../../schemas/trail-reports.ts';
import { apiRequest } from '../http/request.ts';

/** Flagged reports first (most flags first), then the newest; at most 200 (admins). */
export async function fetchTrailReportsForReview(): Promise<TrailReport[]> {
  const answer = await apiRequest<{ reports: TrailReport[] }>(
    'GET',
    '/api/admin/trail-reports',
    undefined,
    { bypassQueue: true },
  );
  return answer.reports;
}

/** Hides report `id` from every rider (or shows it again) on their next sync (admins). */
export async function setTrailReportHidden(id: string, hidden: boolean): Promise<void> {
  await apiRequest<{ id: string; hidden: boolean }>(
    'POST',
    `/api/admin/trail-reports/${encodeURIComponent(id)}/hidden`,
    { hidden },
  );
}

/**
 * Hides the photo `hash` (its full hash) of report `id` from every rider, or shows it again, on
 * their next sync; the server stops serving a hidden photo at once (admins).
 */
export async function setTrailReportPhotoHidden(
  id: string,
  hash: string,
  hidden: boolean,
): Promise<void> {
  await apiRequest<{ id: string; hash: string; hidden: boolean }>(
    'POST',
    `/api/admin/trail-reports/${encodeURIComponent(id)}/photos/${hash}/hidden`,
    { hidden },
  );
}
