// Reads a rider's stored achievement progress (an `achievementProgress` record) the way tests
// name it: `<owner>:<achievementId>`.
import { recordId, type AchievementProgressData } from '../../schemas/records.ts';
import type { AppDatabase } from '../../src/db/database.ts';

/** The stored progress of `<owner>:<achievementId>`, with its edit time, or null. */
export async function storedAchievementProgress(
  database: AppDatabase,
  ownerAndAchievement: string,
): Promise<(AchievementProgressData & { updatedAt: number }) | null> {
  const separator = ownerAndAchievement.indexOf(':');
  const owner = ownerAndAchievement.slice(0, separator);
  const achievementId = ownerAndAchievement.slice(separator + 1);
  const record = await database.records
    .findOne(recordId(owner, 'achievementProgress', achievementId))
    .exec();
  return record
    ? { ...(record.data as AchievementProgressData), updatedAt: record.updatedAt }
    : null;
}
