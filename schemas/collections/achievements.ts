/** The public list of achievements a rider can earn (data/achievements.json): seeded, pulled by everyone. */
import { achievementSchema } from '../achievements.ts';
import { catalogueKept, catalogueRules, defineCollection, privacyWording } from './descriptor.ts';

export const achievementsCollection = defineCollection({
  name: 'achievements',
  noun: 'achievement',
  schema: achievementSchema,
  migrations: {},
  ...catalogueRules,
  privacy: {
    holds: 'The public list of achievements you can earn (names, descriptions, thresholds).',
    where: 'device and server',
    kept: catalogueKept,
    sharedWith: privacyWording.publicCatalogue,
    onAccountDeletion: { action: 'kept', why: privacyWording.publicData },
  },
});
