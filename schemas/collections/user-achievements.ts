/**
 * A rider's progress toward each achievement (data/achievements.json): one document per rider
 * and achievement, so devices converge; progress only grows and the first award time stays.
 */
import { userAchievementSchema } from '../user-achievements.ts';
import { defaultBatch, defineCollection, privacyWording } from './descriptor.ts';

export const userAchievementsCollection = defineCollection({
  name: 'userAchievements',
  noun: 'achievement progress',
  schema: userAchievementSchema,
  migrations: {},
  scope: 'rider',
  ownerField: 'userId',
  idRule: {
    kind: 'derived',
    pattern: '<your user id>:<achievementId>',
    expectedId: (ownerId, document) => `${ownerId}:${String(document.achievementId)}`,
  },
  serverOwned: { userId: 'owner' },
  merge: {
    document: 'fields',
    fields: { progress: 'max', earnedAt: 'earliest' },
    keepsConflictList: false,
  },
  batch: defaultBatch,
  heldUntilAdopted: true,
  afterWrite: [],
  privacy: {
    holds: 'Your progress towards each achievement and when you earned it.',
    where: 'device and server',
    kept: privacyWording.riderSynced,
    sharedWith: privacyWording.riderSharedWith,
    onAccountDeletion: { action: 'deleted' },
  },
});
