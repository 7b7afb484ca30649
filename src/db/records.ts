/**
 * The rider's records on this device (schemas/records.ts, docs/architecture.md "Collection
 * budget"): progress through each skills lesson and the best safety-game score, written offline too
 * and synced both ways. Ids are deterministic (`<userId>:skillProgress:<lessonId>`,
 * `<userId>:gameBest`), so every device writes the same document. A signed-out rider's records are
 * kept under `LOCAL_USER_ID` ('anonymous', as trips are) and never pushed; `adoptAnonymousRecords`
 * moves them to the rider who signs in (garage vehicles and maintenance entries too; their writes
 * live in garage.ts). Finishing lessons updates the learning achievements
 * (metric `skills_modules_completed`, data/achievements.json), kept as `achievementProgress` records.
 */
import { map, type Observable } from 'rxjs';
import {
  recordId,
  type GameBestData,
  type MaintenanceData,
  type PreRideCheckData,
  type RiderRecord,
  type VehicleData,
  type SkillProgressData,
} from '../../schemas/records.ts';
import { adoptAnonymousAchievements, evaluateAchievements } from './achievements.ts';
import type { AppDatabase } from './database.ts';
import { LOCAL_USER_ID } from '../../schemas/identity.ts';

/** The achievement metric that counts finished skills lessons (data/achievements.json). */
export const skillsCompletedMetric = 'skills_modules_completed';

/** A lesson's progress as screens read it. */
export type SkillProgress = SkillProgressData & { updatedAt: number };

/** Owner id to store under: the signed-in rider's id, or 'anonymous' when signed out. */
export function recordOwner(userId: string | null | undefined): string {
  return userId && userId.length > 0 ? userId : LOCAL_USER_ID;
}

/**
 * Upserts record `id` of `kind` owned by `userId` with `data`, status pending, `updatedAt`
 * strictly after the stored copy's (epoch ms). Used by every records writer (learn, garage).
 */
export async function writeRecord(
  db: AppDatabase,
  userId: string,
  id: string,
  kind: RiderRecord['kind'],
  data: Record<string, unknown>,
  now: number,
): Promise<void> {
  const existing = await db.records.findOne(id).exec();
  await db.records.upsert({
    id,
    userId,
    kind,
    data,
    status: 'pending',
    createdAt: existing?.createdAt ?? now,
    // Strictly later than the stored copy, so the merge sees this as the newer edit.
    updatedAt: Math.max(now, (existing?.updatedAt ?? 0) + 1),
  });
}

/**
 * Stores one submitted quiz of `lessonId`: `correct` of `questionCount` answers, `passed` when
 * it met the lesson's pass mark. Keeps the best score, counts the attempt and sets `completedAt`
 * on the first pass (never cleared). Then brings the learning achievements up to date.
 * Resolves with the stored progress.
 */
export async function saveQuizResult(
  db: AppDatabase,
  userId: string,
  result: { lessonId: string; correct: number; questionCount: number; passed: boolean },
  now: number = Date.now(),
): Promise<SkillProgressData> {
  const id = recordId(userId, 'skillProgress', result.lessonId);
  const existing = (await db.records.findOne(id).exec())?.toJSON().data as
    SkillProgressData | undefined;
  const data: SkillProgressData = {
    lessonId: result.lessonId,
    completedAt: existing?.completedAt ?? (result.passed ? now : null),
    bestScore: Math.max(existing?.bestScore ?? 0, result.correct),
    questionCount: result.questionCount,
    attempts: (existing?.attempts ?? 0) + 1,
  };
  await writeRecord(db, userId, id, 'skillProgress', data, now);
  await updateLearningAchievements(db, userId, now);
  return data;
}

/**
 * Stores a finished safety game of `score` out of `maxScore` points: counts the game and keeps
 * the best score (with when it was set). Resolves with the stored best.
 */
export async function saveGameResult(
  db: AppDatabase,
  userId: string,
  score: number,
  maxScore: number,
  now: number = Date.now(),
): Promise<GameBestData> {
  const id = recordId(userId, 'gameBest');
  const existing = (await db.records.findOne(id).exec())?.toJSON().data as GameBestData | undefined;
  const improved = !existing || score > existing.bestScore;
  const data: GameBestData = {
    bestScore: improved ? score : existing.bestScore,
    maxScore: improved ? maxScore : existing.maxScore,
    achievedAt: improved ? now : existing.achievedAt,
    gamesPlayed: (existing?.gamesPlayed ?? 0) + 1,
  };
  await writeRecord(db, userId, id, 'gameBest', data, now);
  return data;
}

/**
 * Brings the rider's achievements up to date after a lesson changed (src/db/achievements.ts):
 * the learning achievements count finished lessons; `earnedAt` is set once, progress never
 * goes down, and a newly earned one is announced.
 */
export async function updateLearningAchievements(
  db: AppDatabase,
  userId: string,
  now: number = Date.now(),
): Promise<void> {
  await evaluateAchievements(db, userId, now);
}

/**
 * Moves what a signed-out rider stored on this device (records and achievement progress under
 * 'anonymous') to `userId`, who just signed in: each record merges into the rider's own copy
 * (best scores kept, the earliest completion kept), the anonymous copies are removed, and the
 * learning achievements are recomputed. Safe to run again; does nothing without such records
 * (the app's achievement watcher evaluates a rider's achievements on sign-in anyway, and an
 * evaluation here would read every trip on the device at each start of the sync engine).
 */
export async function adoptAnonymousRecords(
  db: AppDatabase,
  userId: string,
  now: number = Date.now(),
): Promise<void> {
  if (userId === LOCAL_USER_ID) return;
  // Achievement progress has rules of its own (adoptAnonymousAchievements, below).
  const anonymous = await db.records
    .find({ selector: { userId: LOCAL_USER_ID, kind: { $ne: 'achievementProgress' } } })
    .exec();
  for (const document of anonymous) {
    const record = document.toJSON() as RiderRecord;
    if (record.kind === 'skillProgress') {
      const data = record.data as SkillProgressData;
      const id = recordId(userId, 'skillProgress', data.lessonId);
      const mine = (await db.records.findOne(id).exec())?.toJSON().data as
        SkillProgressData | undefined;
      const times = [mine?.completedAt, data.completedAt].filter(
        (time): time is number => typeof time === 'number',
      );
      await writeRecord(
        db,
        userId,
        id,
        'skillProgress',
        {
          lessonId: data.lessonId,
          completedAt: times.length > 0 ? Math.min(...times) : null,
          bestScore: Math.max(mine?.bestScore ?? 0, data.bestScore),
          questionCount: data.questionCount,
          attempts: (mine?.attempts ?? 0) + data.attempts,
        } satisfies SkillProgressData,
        now,
      );
    } else if (record.kind === 'vehicle' || record.kind === 'maintenance') {
      // Garage subjects have random ids, so the rider's own copy never clashes: move as is.
      const data = record.data as VehicleData | MaintenanceData;
      const subject = 'entryId' in data ? data.entryId : data.vehicleId;
      const id = recordId(userId, record.kind, subject);
      await writeRecord(db, userId, id, record.kind, data, now);
    } else if (record.kind === 'preRideCheck') {
      const data = record.data as PreRideCheckData;
      const id = recordId(userId, 'preRideCheck', data.date);
      const mine = (await db.records.findOne(id).exec())?.toJSON().data as
        PreRideCheckData | undefined;
      await writeRecord(
        db,
        userId,
        id,
        'preRideCheck',
        {
          date: data.date,
          completedAt: Math.min(mine?.completedAt ?? data.completedAt, data.completedAt),
          itemCount: Math.max(mine?.itemCount ?? 0, data.itemCount),
        } satisfies PreRideCheckData,
        now,
      );
    } else if (record.kind === 'gameBest') {
      const data = record.data as GameBestData;
      const id = recordId(userId, 'gameBest');
      const mine = (await db.records.findOne(id).exec())?.toJSON().data as GameBestData | undefined;
      const best = mine && mine.bestScore >= data.bestScore ? mine : data;
      await writeRecord(
        db,
        userId,
        id,
        'gameBest',
        {
          ...best,
          gamesPlayed: (mine?.gamesPlayed ?? 0) + data.gamesPlayed,
        } satisfies GameBestData,
        now,
      );
    }
    await document.remove();
  }
  // Earned while signed out stays earned, with its earliest time.
  const adoptedAchievements = await adoptAnonymousAchievements(db, userId, now);
  if (anonymous.length > 0 || adoptedAchievements > 0) {
    await updateLearningAchievements(db, userId, now);
  }
}

/** Every lesson's progress of `userId`, by lesson id. */
export function observeSkillProgress(
  db: AppDatabase,
  userId: string,
): Observable<Map<string, SkillProgress>> {
  return db.records.find({ selector: { userId, kind: 'skillProgress' } }).$.pipe(
    map(
      (documents) =>
        new Map(
          documents.map((document) => {
            const record = document.toJSON() as RiderRecord;
            const data = record.data as SkillProgressData;
            return [data.lessonId, { ...data, updatedAt: record.updatedAt }];
          }),
        ),
    ),
  );
}

/** The best safety-game result of `userId`, null before the first finished game. */
export function observeGameBest(db: AppDatabase, userId: string): Observable<GameBestData | null> {
  return db.records
    .findOne(recordId(userId, 'gameBest'))
    .$.pipe(
      map((document) =>
        document ? ((document.toJSON() as RiderRecord).data as GameBestData) : null,
      ),
    );
}
