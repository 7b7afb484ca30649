// Lesson progress and the game's best score on the device (src/db/records.ts): a passed quiz
// finishes the lesson once and counts toward the learning achievements of data/achievements.json;
// a signed-out rider's progress moves to the rider who signs in.
import { storedAchievementProgress } from '../../support/achievement-progress.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database.ts';
import { completePreRideCheck } from '../../../src/db/pre-ride-checks.ts';
import { adoptAnonymousRecords, saveGameResult, saveQuizResult } from '../../../src/db/records.ts';
import { openTestDatabase, shippedAchievements } from './fixtures.ts';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

const now = Date.UTC(2026, 10, 23, 18, 0);

const achievement = storedAchievementProgress;

describe('rider records', () => {
  it('finishes a lesson on the first pass, keeps the best score and earns Student of the Trail', async () => {
    db = await openTestDatabase();
    await db.achievements.bulkInsert(shippedAchievements());

    const failed = await saveQuizResult(
      db,
      'u1',
      { lessonId: 'terrain-mastery', correct: 1, questionCount: 4, passed: false },
      now,
    );
    expect(failed).toMatchObject({ completedAt: null, bestScore: 1, attempts: 1 });
    expect(await achievement(db, 'u1:skills-first')).toMatchObject({ progress: 0, earnedAt: null });

    await saveQuizResult(
      db,
      'u1',
      { lessonId: 'terrain-mastery', correct: 4, questionCount: 4, passed: true },
      now + 10,
    );
    const again = await saveQuizResult(
      db,
      'u1',
      { lessonId: 'terrain-mastery', correct: 2, questionCount: 4, passed: false },
      now + 20,
    );
    expect(again).toEqual({
      lessonId: 'terrain-mastery',
      completedAt: now + 10,
      bestScore: 4,
      questionCount: 4,
      attempts: 3,
    });
    expect(await achievement(db, 'u1:skills-first')).toMatchObject({
      achievementId: 'skills-first',
      progress: 1,
      earnedAt: now + 10,
    });
    expect(await achievement(db, 'u1:skills-5')).toMatchObject({ progress: 1, earnedAt: null });
    const stored = await db.records.findOne('u1:skillProgress:terrain-mastery').exec();
    expect(stored?.status).toBe('pending');
  });

  it('keeps the best game score and counts every game', async () => {
    db = await openTestDatabase();
    await saveGameResult(db, 'u1', 50, 80, now);
    const best = await saveGameResult(db, 'u1', 30, 80, now + 1);
    expect(best).toEqual({ bestScore: 50, maxScore: 80, achievedAt: now, gamesPlayed: 2 });
  });

  it('moves a signed-out rider’s progress to the rider who signs in', async () => {
    db = await openTestDatabase();
    await db.achievements.bulkInsert(shippedAchievements());
    await saveQuizResult(
      db,
      'anonymous',
      { lessonId: 'weather-mastery', correct: 4, questionCount: 4, passed: true },
      now,
    );
    await saveGameResult(db, 'anonymous', 60, 80, now);
    await saveGameResult(db, 'rider-7', 40, 80, now - 100);

    await adoptAnonymousRecords(db, 'rider-7', now + 5);

    const ids = (
      await db.records.find({ selector: { kind: { $ne: 'achievementProgress' } } }).exec()
    )
      .map((record) => record.id)
      .sort();
    expect(ids).toEqual(['rider-7:gameBest', 'rider-7:skillProgress:weather-mastery']);
    expect((await db.records.findOne('rider-7:gameBest').exec())?.toJSON().data).toEqual({
      bestScore: 60,
      maxScore: 80,
      achievedAt: now,
      gamesPlayed: 2,
    });
    expect(await achievement(db, 'rider-7:skills-first')).toMatchObject({ progress: 1 });
    expect(await achievement(db, 'anonymous:skills-first')).toBeNull();
  });

  it('leaves a signing-in rider’s achievements alone when the device holds nothing signed out', async () => {
    db = await openTestDatabase();
    await db.achievements.bulkInsert(shippedAchievements());
    await saveGameResult(db, 'rider-7', 40, 80, now - 100);

    await adoptAnonymousRecords(db, 'rider-7', now + 5);

    // Nothing was adopted, so nothing was evaluated or written for the sync engine to push:
    // the app's achievement watcher evaluates the rider's achievements on its own.
    expect(await db.records.find({ selector: { kind: 'achievementProgress' } }).exec()).toEqual([]);
    expect((await db.records.find().exec()).map((record) => record.id)).toEqual([
      'rider-7:gameBest',
    ]);
  });

  it('counts one pre-ride check a day toward Pre-Ride Check and moves a guest’s checks on sign-in', async () => {
    db = await openTestDatabase();
    await db.achievements.bulkInsert(shippedAchievements());
    await completePreRideCheck(db, 'anonymous', { date: '2026-11-21', itemCount: 9 }, now - 2);
    const second = await completePreRideCheck(
      db,
      'anonymous',
      { date: '2026-11-21', itemCount: 9 },
      now,
    );
    expect(second.completedAt).toBe(now - 2);
    expect(await achievement(db, 'anonymous:safety-checklist')).toMatchObject({ progress: 1 });
    // The rider's own checks on this device: the same day earlier, and one more day.
    await completePreRideCheck(db, 'rider-7', { date: '2026-11-21', itemCount: 8 }, now - 50);
    await completePreRideCheck(db, 'rider-7', { date: '2026-11-22', itemCount: 8 }, now);

    await adoptAnonymousRecords(db, 'rider-7', now + 5);

    const checks = await db.records.find({ selector: { kind: 'preRideCheck' } }).exec();
    expect(checks.map((record) => record.id).sort()).toEqual([
      'rider-7:preRideCheck:2026-11-21',
      'rider-7:preRideCheck:2026-11-22',
    ]);
    expect(checks.find((record) => record.id.endsWith('11-21'))?.toJSON().data).toEqual({
      date: '2026-11-21',
      completedAt: now - 50,
      itemCount: 9,
    });
    expect(await achievement(db, 'rider-7:safety-checklists-25')).toMatchObject({ progress: 2 });
    // Earned once, at the guest's first check (evaluating the rider adopts the guest's rows).
    expect(await achievement(db, 'rider-7:safety-checklist')).toMatchObject({ earnedAt: now - 2 });
    expect(await achievement(db, 'anonymous:safety-checklist')).toBeNull();
  });
});
