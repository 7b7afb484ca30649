/**
 * The public trail catalogue (requirements §core-3 "Trail"; data/trails, USFS MVUM and OHV
 * trails, approved rider submissions): seeded by the server, pulled by every visitor.
 */
import { trailSchema } from '../trails.ts';
import { catalogueKept, catalogueRules, defineCollection, privacyWording } from './descriptor.ts';

/**
 * Trails version 1 added the USFS fields. A cached version 0 trail came from a source with none
 * of them, so each is null (unknown); the next catalogue pull brings the rest.
 */
function addUsfsTrailFields(document: Record<string, unknown>) {
  return {
    ...document,
    systemId: null,
    trailNumber: null,
    vehicleClasses: null,
    trailClass: null,
    season: null,
    dataDate: null,
  };
}

export const trailsCollection = defineCollection({
  name: 'trails',
  noun: 'trail',
  schema: trailSchema,
  // Version 2 added the season's optional `reportedAs`: older trails are valid as they are.
  migrations: { 1: addUsfsTrailFields, 2: (document) => document },
  ...catalogueRules,
  privacy: {
    holds:
      'The public Arkansas trail catalogue (names, positions, lines, seasons, fees, sources), downloaded from this installation’s server.',
    where: 'device and server',
    kept: catalogueKept,
    sharedWith: privacyWording.publicCatalogue,
    onAccountDeletion: {
      action: 'kept',
      why: 'It is the public catalogue. A trail you submitted that an admin approved stays in it for other riders, without your username.',
    },
  },
});
