/**
 * The rider's trail submissions on this device: `trailSubmission` records
 * (schemas/records.ts, schemas/trail-submissions.ts), written offline and pushed by the records
 * replication like garage vehicles, exactly once (the id is deterministic). The server writes
 * the review; when a pulled copy says approved or rejected, `watchSubmissionReviews` logs the
 * notification `submission-reviewed:<submissionId>:<status>` once.
 */
import { map, type Observable } from 'rxjs';
import { lineLengthMiles, simplifyLine } from '../../schemas/line-geometry.ts';
import { recordId, type RiderRecord } from '../../schemas/records.ts';
import {
  submissionMaxLinePoints,
  unreviewed,
  type SubmissionOrigin,
  type SubmissionSeason,
  type TrailSubmissionData,
} from '../../schemas/trail-submissions.ts';
import type { TrailActivity, TrailDifficulty } from '../../schemas/trails.ts';
import type { AppDatabase } from './database.ts';
import { addNotification } from './notifications.ts';
import { writeRecord } from './records.ts';
import { readTrackPoints } from './trips/trip-reads.ts';

/** What the rider fills in; `line` is [longitude, latitude] positions (extra numbers ignored). */
export interface TrailSubmissionInput {
  name: string;
  activities: TrailActivity[];
  difficulty: TrailDifficulty | null;
  season: SubmissionSeason;
  notes: string | null;
  origin: SubmissionOrigin;
  line: readonly (readonly number[])[];
}

/** A stored submission with its sync state ('pending' until the server has it). */
export interface StoredSubmission {
  data: TrailSubmissionData;
  syncStatus: RiderRecord['status'];
  updatedAt: number;
}

/**
 * Stores a new submission of `userId`: the line simplified to at most
 * `submissionMaxLinePoints` positions, its length in miles measured along the simplified line,
 * review "submitted". Works offline; the records replication sends it when online. Throws when
 * the line has fewer than two distinct positions.
 */
export async function saveTrailSubmission(
  db: AppDatabase,
  userId: string,
  input: TrailSubmissionInput,
  now: number = Date.now(),
): Promise<TrailSubmissionData> {
  const line = simplifyLine(input.line, submissionMaxLinePoints);
  if (line.length < 2 || lineLengthMiles(line) === 0) {
    throw new Error('A trail line needs at least two different points.');
  }
  const submissionId = crypto.randomUUID();
  const data: TrailSubmissionData = {
    submissionId,
    name: input.name.trim(),
    activities: [...input.activities],
    difficulty: input.difficulty,
    season: input.season,
    notes: input.notes?.trim() || null,
    origin: input.origin,
    line,
    lengthMiles: Math.round(lineLengthMiles(line) * 100) / 100,
    submittedAt: now,
    review: unreviewed,
  };
  await writeRecord(
    db,
    userId,
    recordId(userId, 'trailSubmission', submissionId),
    'trailSubmission',
    data,
    now,
  );
  return data;
}

/** Every submission of `userId`, newest first. */
export function observeTrailSubmissions(
  db: AppDatabase,
  userId: string,
): Observable<StoredSubmission[]> {
  return db.records.find({ selector: { userId, kind: 'trailSubmission' } }).$.pipe(
    map((documents) =>
      documents
        .map((document) => {
          const record = document.toJSON() as RiderRecord;
          return {
            data: record.data as TrailSubmissionData,
            syncStatus: record.status,
            updatedAt: record.updatedAt,
          };
        })
        .sort((a, b) => b.data.submittedAt - a.data.submittedAt),
    ),
  );
}

/** The notification of a reviewed submission (kind `submissionReviewed`). */
export function reviewNotification(data: TrailSubmissionData) {
  const { status, reason, trailId } = data.review;
  const approved = status === 'approved';
  return {
    id: `submission-reviewed:${data.submissionId}:${status}`,
    kind: 'submissionReviewed' as const,
    title: approved ? `Trail approved: ${data.name}` : `Trail not approved: ${data.name}`,
    body: approved
      ? 'An admin reviewed your submission. It is now in the trail catalogue for every rider, with you credited.'
      : `An admin reviewed your submission and did not add it: ${reason ?? 'no reason given'}.`,
    link: approved && trailId ? `/map/${trailId}` : '/submit-trail',
  };
}

/**
 * Logs a notification for each of `userId`'s submissions that is approved or rejected, once
 * per submission and decision (the log dedupes by id); `onLogged` hears each new entry (for a
 * toast). Returns the unsubscribe.
 */
export function watchSubmissionReviews(
  db: AppDatabase,
  userId: string,
  onLogged: (notification: ReturnType<typeof reviewNotification>) => void,
): () => void {
  let queue = Promise.resolve();
  const subscription = observeTrailSubmissions(db, userId).subscribe((submissions) => {
    const reviewed = submissions.filter((entry) => entry.data.review.status !== 'submitted');
    queue = queue.then(async () => {
      for (const entry of reviewed) {
        const notification = reviewNotification(entry.data);
        if (await addNotification(db, notification)) onLogged(notification);
      }
    });
    queue = queue.catch((error: unknown) =>
      console.warn('Submission review notification failed', error),
    );
  });
  return () => subscription.unsubscribe();
}

/** The [longitude, latitude] positions of trip `tripId`'s track, in recorded order. */
export async function readTripLine(db: AppDatabase, tripId: string): Promise<[number, number][]> {
  const points = await readTrackPoints(db, tripId);
  return points.map((point) => [point[0], point[1]]);
}
