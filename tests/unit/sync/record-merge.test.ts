// Two devices that changed one rider record offline (schemas/records.ts): the merge keeps a
// lesson finished on either device, the best quiz and game scores and the most attempts, in
// either arrival order.
import { collectionDescriptors } from '../../../schemas/collections/index.ts';
import { describe, expect, it } from 'vitest';
import { resolveConflict, type SyncedDocument } from '../../../src/lib/sync/conflict-resolution.ts';

const base: SyncedDocument = {
  id: 'u1:skillProgress:weather-mastery',
  userId: 'u1',
  kind: 'skillProgress',
  data: {
    lessonId: 'weather-mastery',
    completedAt: null,
    bestScore: 1,
    questionCount: 4,
    attempts: 1,
  },
  status: 'synced',
  createdAt: 1000,
  updatedAt: 1000,
  _deleted: false,
};

describe('record merge', () => {
  it('keeps the earliest completion, the best score and the most attempts from both devices', () => {
    const phone = {
      ...base,
      data: { ...(base.data as object), completedAt: 5000, bestScore: 4, attempts: 2 },
      updatedAt: 5000,
    };
    const tablet = {
      ...base,
      data: { ...(base.data as object), completedAt: null, bestScore: 2, attempts: 3 },
      updatedAt: 6000,
    };
    for (const [master, local] of [
      [phone, tablet],
      [tablet, phone],
    ] as const) {
      const merged = resolveConflict(collectionDescriptors.records, { base, master, local });
      expect(merged.data).toEqual({
        lessonId: 'weather-mastery',
        completedAt: 5000,
        bestScore: 4,
        questionCount: 4,
        attempts: 3,
      });
      expect(merged.updatedAt).toBe(6000);
    }
  });

  it('keeps the higher game score whichever device synced last', () => {
    const game = {
      ...base,
      id: 'u1:gameBest',
      kind: 'gameBest',
      data: { bestScore: 30, maxScore: 80, achievedAt: 1000, gamesPlayed: 1 },
    };
    const high = {
      ...game,
      data: { ...(game.data as object), bestScore: 70, gamesPlayed: 2 },
      updatedAt: 2000,
    };
    const low = {
      ...game,
      data: { ...(game.data as object), bestScore: 40, gamesPlayed: 4 },
      updatedAt: 3000,
    };
    const merged = resolveConflict(collectionDescriptors.records, {
      base: game,
      master: high,
      local: low,
    });
    expect(merged.data).toMatchObject({ bestScore: 70, gamesPlayed: 4 });
    expect(
      resolveConflict(collectionDescriptors.records, { base: game, master: low, local: high }).data,
    ).toMatchObject({
      bestScore: 70,
      gamesPlayed: 4,
    });
  });
});
