/** A rider's trip plans (requirements §core-3 "Trip plan"): made offline under temp- ids, promoted, synced. */
import { tripPlanSchema } from '../trip-plans.ts';
import { defaultBatch, defineCollection, privacyWording } from './descriptor.ts';

export const tripPlansCollection = defineCollection({
  name: 'tripPlans',
  noun: 'trip plan',
  schema: tripPlanSchema,
  // Version 1 added the optional `syncConflicts` list: older plans are valid as they are.
  migrations: { 1: (document) => document },
  scope: 'rider',
  ownerField: 'userId',
  idRule: { kind: 'promoted' },
  serverOwned: { userId: 'owner', status: { constant: 'synced' } },
  merge: { document: 'fields', keepsConflictList: true },
  batch: defaultBatch,
  heldUntilAdopted: false,
  promotion: { order: 1, ready: () => true },
  afterWrite: [],
  privacy: {
    holds:
      'Trip plans you make: name, description, the plan itself, duration, distance, difficulty and estimated cost.',
    where: 'device and server',
    kept: privacyWording.riderSynced,
    sharedWith: privacyWording.riderSharedWith,
    onAccountDeletion: { action: 'deleted' },
  },
});
