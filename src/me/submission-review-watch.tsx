/**
 * Tells the rider when an admin reviewed one of their trail submissions: while the
 * app runs, every `trailSubmission` record the sync brings back approved or rejected is logged
 * once in the notification log (kind `submissionReviewed`, id
 * `submission-reviewed:<submissionId>:<status>`, src/db/trail-submissions.ts) and greeted with
 * a toast. Signed-in riders only: guests cannot submit.
 */
import { useEffect } from 'react';
import { useDatabase } from '../db-react/provider.tsx';
import { watchSubmissionReviews } from '../db/trail-submissions.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { showToast } from '../lib/toast.ts';

/** Renders nothing; mount once inside the database provider. */
export function SubmissionReviewWatch() {
  const db = useDatabase();
  const session = useSession();
  const userId = session.status === 'signedIn' ? (session.user?.id ?? null) : null;
  useEffect(() => {
    if (userId === null) return undefined;
    return watchSubmissionReviews(db, userId, (notification) =>
      showToast({ title: notification.title, description: notification.body }),
    );
  }, [db, userId]);
  return null;
}
