/**
 * A rider's waypoints (requirements §core-3 "Waypoint"): made or imported offline under temp-
 * ids and promoted after the trip they name, so the server never stores a dangling `tripId`.
 */
import { isTempId } from '../identity.ts';
import { waypointSchema } from '../waypoints.ts';
import { defaultBatch, defineCollection, privacyWording } from './descriptor.ts';

export const waypointsCollection = defineCollection({
  name: 'waypoints',
  noun: 'waypoint',
  schema: waypointSchema,
  // Version 1 added the optional `syncConflicts` list, version 2 the optional `photos`: older
  // waypoints are valid as they are.
  migrations: { 1: (document) => document, 2: (document) => document },
  scope: 'rider',
  ownerField: 'ownerId',
  idRule: { kind: 'promoted' },
  serverOwned: { ownerId: 'owner' },
  merge: { document: 'fields', keepsConflictList: true },
  batch: defaultBatch,
  heldUntilAdopted: false,
  promotion: {
    order: 2,
    ready: (waypoint) => typeof waypoint.tripId !== 'string' || !isTempId(waypoint.tripId),
  },
  afterWrite: [],
  photos: 'owner',
  privacy: {
    holds:
      'Waypoints you create or import: name, category, description, position and elevation, the trip or trail they belong to, and the photos you attach (stored on the server by their content, without metadata, shown only to you).',
    where: 'device and server',
    kept: privacyWording.riderSynced,
    sharedWith: privacyWording.riderSharedWith,
    onAccountDeletion: { action: 'deleted' },
  },
});
