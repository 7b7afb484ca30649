/**
 * The admin's trail-submission routes (sync-server/routes/trail-submission-routes.ts).
 * Both need a connection; each throws HttpError for a refused request (its message is the
 * server's) and the fetch TypeError when offline. Riders never call these: their submissions
 * travel with the records replication.
 */
import type {
  SubmissionForReview,
  SubmissionReviewBody,
} from '../../../schemas/trail-submissions.ts';
import type { Trail } from '../../../schemas/trails.ts';
import { apiRequest } from '../http/request.ts';

/** Every submission, the ones waiting for review first (admins). */
export async function fetchTrailSubmissions(): Promise<SubmissionForReview[]> {
  const answer = await apiRequest<{ submissions: SubmissionForReview[] }>(
    'GET',
    '/api/admin/trail-submissions',
    undefined,
    { bypassQueue: true },
  );
  return answer.submissions;
}

/**
 * Approves submission `id` (the record id) with the admin's `edits`, or rejects it with the
 * reason the rider will see (admins). Resolves to the reviewed submission and, when approved,
 * the published trail.
 */
export async function reviewTrailSubmission(
  id: string,
  body: SubmissionReviewBody,
): Promise<{ submission: SubmissionForReview; trail: Trail | null }> {
  return apiRequest<{ submission: SubmissionForReview; trail: Trail | null }>(
    'POST',
    `/api/admin/trail-submissions/${encodeURIComponent(id)}/review`,
    body,
  );
}
