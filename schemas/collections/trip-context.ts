/**
 * What the trip planner last recommended and what the rider is doing now (requirements §core-3
 * "Trip context"): one document per rider under a fixed id; the server's copy wins
 * (requirements §core-4).
 */
import { tripContextKey, tripContextSchema } from '../trip-context.ts';
import { defaultBatch, defineCollection, privacyWording } from './descriptor.ts';

export const tripContextCollection = defineCollection({
  name: 'tripContext',
  noun: 'trip context',
  schema: tripContextSchema,
  migrations: {},
  scope: 'rider',
  ownerField: null,
  idRule: { kind: 'fixed', id: tripContextKey },
  serverOwned: {},
  merge: { document: 'server', keepsConflictList: false },
  batch: defaultBatch,
  heldUntilAdopted: false,
  afterWrite: [],
  privacy: {
    holds:
      'What the trip planner last recommended, your active trip plan, recently recommended trails (last 20), planner history (last 10) and the current navigation.',
    where: 'device and server',
    kept: privacyWording.riderSynced,
    sharedWith: privacyWording.riderSharedWith,
    onAccountDeletion: { action: 'deleted' },
  },
});
