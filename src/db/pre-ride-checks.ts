/**
 * The pre-ride safety checklist of /safety on this device: which items the rider has ticked
 * today (a local document, device-only: a half-ticked list is this phone's business), and each
 * day's completed checklist as a `preRideCheck` record (schemas/records.ts, synced per rider),
 * which the "Pre-Ride Check" and "Safety First" achievements count (metric
 * `safety_checklists_completed`, data/achievements.json). Works offline and signed out (records
 * under 'anonymous' move to the rider who signs in, src/db/records.ts).
 */
import { format } from 'date-fns';
import { map, type Observable } from 'rxjs';
import { recordId, type PreRideCheckData, type RiderRecord } from '../../schemas/records.ts';
import { evaluateAchievements } from './achievements.ts';
import type { AppDatabase } from './database.ts';
import { writeRecord } from './records.ts';

/** Setting key of today's ticks (local document `setting:pre-ride-checklist`). */
export const preRideChecklistKey = 'pre-ride-checklist';

/** Today's ticks as stored: the calendar date they belong to and the ticked items' texts. */
export interface PreRideTicks {
  /** YYYY-MM-DD, the rider's local date; ticks of another day are not shown. */
  date: string | null;
  ticked: string[];
}

/** The rider's local calendar date of `time` (epoch ms), YYYY-MM-DD. */
export function calendarDate(time: number): string {
  return format(time, 'yyyy-MM-dd');
}

/**
 * Stores that `userId` completed the checklist of `itemCount` items on `date` (YYYY-MM-DD),
 * first at `now` (epoch ms), and brings the achievements up to date. A second completion the
 * same day changes nothing: the achievements count days. Resolves with the day's record data.
 */
export async function completePreRideCheck(
  db: AppDatabase,
  userId: string,
  { date, itemCount }: { date: string; itemCount: number },
  now: number = Date.now(),
): Promise<PreRideCheckData> {
  const id = recordId(userId, 'preRideCheck', date);
  const existing = (await db.records.findOne(id).exec())?.toJSON().data as
    PreRideCheckData | undefined;
  if (existing) return existing;
  const data: PreRideCheckData = { date, completedAt: now, itemCount };
  await writeRecord(db, userId, id, 'preRideCheck', data, now);
  await evaluateAchievements(db, userId, now);
  return data;
}

/** Every day `userId` completed the checklist, newest first. */
export function observePreRideChecks(
  db: AppDatabase,
  userId: string,
): Observable<PreRideCheckData[]> {
  return db.records
    .find({ selector: { userId, kind: 'preRideCheck' } })
    .$.pipe(
      map((documents) =>
        documents
          .map((document) => (document.toJSON() as RiderRecord).data as PreRideCheckData)
          .sort((a, b) => b.date.localeCompare(a.date)),
      ),
    );
}
