/**
 * The GPS fixes of a rider's trips, a minute per chunk (schemas/track-chunks.ts). Ids come from
 * the trip's (`<tripId>:<sequence>`), so they move with the trip's promotion.
 */
import { trackChunkSchema, type TrackPoint } from '../track-chunks.ts';
import { defineCollection, privacyWording } from './descriptor.ts';

export const trackChunksCollection = defineCollection({
  name: 'trackChunks',
  noun: 'track chunk',
  schema: trackChunkSchema,
  migrations: {},
  scope: 'rider',
  ownerField: null,
  idRule: { kind: 'client' },
  serverOwned: {},
  // Both sides' fixes are kept, one per timestamp: nothing recorded is dropped.
  merge: {
    document: 'fields',
    fields: { points: { union: { key: (point) => (point as TrackPoint)[3] ?? 0 } } },
    keepsConflictList: false,
  },
  // Up to ~40 KB each: 20 per push and 200 per pull keep each request and answer near 8 MiB.
  batch: { pull: 200, push: 20 },
  heldUntilAdopted: false,
  afterWrite: [],
  privacy: {
    holds:
      'The GPS points of your trips: longitude, latitude, elevation, time and accuracy of every fix.',
    where: 'device and server',
    kept: privacyWording.riderSynced,
    sharedWith: privacyWording.riderSharedWith,
    onAccountDeletion: { action: 'deleted' },
  },
});
