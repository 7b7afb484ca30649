/** The public list of Wildlife Management Areas (data/places/wmas.geojson): seeded, pulled by everyone. */
import { wmaSchema } from '../wmas.ts';
import { catalogueKept, catalogueRules, defineCollection, privacyWording } from './descriptor.ts';

export const wmasCollection = defineCollection({
  name: 'wmas',
  noun: 'Wildlife Management Area',
  schema: wmaSchema,
  migrations: {},
  ...catalogueRules,
  privacy: {
    holds: 'The public list of Wildlife Management Areas with their positions and sources.',
    where: 'device and server',
    kept: catalogueKept,
    sharedWith: privacyWording.publicCatalogue,
    onAccountDeletion: { action: 'kept', why: privacyWording.publicData },
  },
});
