/**
 * A rider's trips (requirements §core-3 "Trip"): recorded or imported offline under a temp- id,
 * promoted to the server's id once the ride is finished, then synced both ways.
 */
import { tripSchema } from '../trips.ts';
import { defaultBatch, defineCollection, privacyWording } from './descriptor.ts';

export const tripsCollection = defineCollection({
  name: 'trips',
  noun: 'trip',
  schema: tripSchema,
  // Version 1 added the optional `syncConflicts` list, version 2 the optional `photos`: older
  // trips are valid as they are.
  migrations: { 1: (document) => document, 2: (document) => document },
  scope: 'rider',
  ownerField: 'userId',
  idRule: { kind: 'promoted' },
  serverOwned: { userId: 'owner', status: { constant: 'synced' } },
  merge: { document: 'fields', keepsConflictList: true },
  batch: defaultBatch,
  heldUntilAdopted: false,
  // The recorder keeps writing chunks under the temp id until the ride ends.
  promotion: { order: 0, ready: (trip) => trip.recordingState === 'finished' },
  afterWrite: [],
  photos: 'owner',
  privacy: {
    holds:
      'Your recorded and imported trips: name, start and end time, distance, moving and elapsed time, speeds, elevation gain and loss, the trail and vehicle type if you chose them, your notes, and the photos you attach (stored on the server by their content, without metadata, shown only to you).',
    where: 'device and server',
    kept: privacyWording.riderSynced,
    sharedWith: privacyWording.riderSharedWith,
    onAccountDeletion: { action: 'deleted' },
  },
});
